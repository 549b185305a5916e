/* Chips to and from the pot (issue 18): a bet goes from the chip tray to your seat when a hand
   is dealt, and when a result is shown a chip flies from the loser to the winner: from the
   bank (the table's dealer box, whoever banks) to a seat that won, from a seat that lost to
   the bank. The page moves what the server's events say (a seat's `net`) and decides nothing;
   the chips are for the eye only (hidden from screen readers) and none fly under reduced
   motion. Each flight is marked with where it went, from and to (a test counts them). */

import { el } from "../dom.js";
import { speed } from "../page.js";

const FLIGHT_MS = 520;

const still = () => speed() === "instant" || window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function table() {
  return document.querySelector("main:not([hidden])");
}

function seatBox(name) {
  const t = table();
  return t ? t.querySelector(`.seat[data-seat="${CSS.escape(name)}"]`) : null;
}

function bankBox() {
  const t = table();
  return t ? t.querySelector(".seat.dealer") : null;
}

function centre(box) {
  const r = box.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

/** A chip from box `from` to box `to` (`label`: "from>to", kept on the chip). */
function fly(from, to, label) {
  if (!from || !to || from === to) return;
  const [x0, y0] = centre(from);
  const [x1, y1] = centre(to);
  const chip = el("span", "flying-chip");
  chip.setAttribute("aria-hidden", "true");
  chip.dataset.flight = label;
  chip.style.left = `${x0}px`;
  chip.style.top = `${y0}px`;
  document.body.appendChild(chip);
  const move = chip.animate(
    [{ transform: "translate(-50%, -50%)" }, { transform: `translate(calc(${x1 - x0}px - 50%), calc(${y1 - y0}px - 50%))` }],
    { duration: FLIGHT_MS, easing: "ease-in-out", fill: "forwards" },
  );
  move.onfinish = () => chip.remove();
  move.oncancel = () => chip.remove();
}

/** Your bet into the pot, as a hand is dealt: from the chip tray to your seat. */
export function betIn() {
  if (still()) return;
  const you = table() && table().querySelector(".seat.you");
  if (you && !you.classList.contains("dealer")) fly(document.getElementById("bet-row"), you, "bet>you");
}

/** A result shown (an event with a `seat` and a `net`): the chips it moved. */
export function settleChips(e) {
  if (still() || typeof e.net !== "number" || !e.net || !e.seat) return;
  const seat = seatBox(e.seat);
  const bank = bankBox();
  if (!seat || seat === bank) return;
  if (e.net > 0) fly(bank, seat, `bank>${e.seat}`);
  else fly(seat, bank, `${e.seat}>bank`);
}
