/* A room's words: who holds a seat (a person's name, or the bot in it), a refusal in the
   reader's language, a house's title. No DOM here. */

import { errorText, t } from "../messages.js";

/** A seat as the room numbers them ("seat 2"; the dealer is the dealer). */
export function seatLabel(room, seat) {
  if (seat === "dealer") return t("seat.dealer");
  return t("room.seat.n", { n: room.seats.findIndex((x) => x.seat === seat) + 1 });
}

/** Who holds a seat, as a person reads it: their name, or the bot's (never "you"). */
export function seatHolder(room, seat) {
  if (!seat) return "…";
  const s = room.seats.find((x) => x.seat === seat);
  if (s && !s.bot && s.name && !s.sitting_out) return s.name; // sitting out: a bot plays it
  if (seat === "dealer") return t("seat.dealer");
  return t("room.bot.named", { seat: seatLabel(room, seat) });
}

/** A refusal of the server ({code, message, params}) in the reader's language. */
export function errorMessage(e) {
  return errorText({ status: 0, error: e || {} }, { min: "", max: "" });
}

/** A named house's title in the reader's language (its own name when there is no text). */
export function houseTitle(h) {
  const named = t(`house.${h.id}`);
  return named === `house.${h.id}` ? h.name : named;
}

/** The named houses (GET /api/houses: H10), or none when they cannot be had. */
export async function fetchHouses() {
  try {
    const r = await fetch("/api/houses");
    if (r.ok) return (await r.json()).houses;
  } catch {
    // none to offer
  }
  return [];
}
