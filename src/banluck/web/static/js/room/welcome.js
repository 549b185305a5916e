/* A room's welcome, at the top of the page until the table is under way: the host is asked
   where to sit, in one tap (a free seat's button); while nobody else has come, the invite
   (link, Copy, Share, QR) is the first thing they see; and before the first hand, which
   nobody is timed for, the host may start it with those ready (the others sit it out). */

import { $, el } from "../dom.js";
import { t } from "../messages.js";
import { seatLabel } from "./words.js";

let send = () => {};
let inviteHome = null; // where the invite sits in the room's part below the table

/** Whether anyone but you is in the room (seated or watching). */
function company(room, you) {
  const people = room.seats.filter((s) => !s.bot).map((s) => s.name).concat(room.watchers);
  return people.some((name) => name !== you.name);
}

function drawSeats(room, you) {
  const box = $("welcome-seats");
  const asked = you.host && !you.seat && room.next_hand === 1 && room.phase !== "playing";
  $("welcome-sit").hidden = !asked;
  if (!asked) return;
  const free = room.open_seats ? [null] : room.seats.filter((s) => s.bot).map((s) => s.seat);
  box.replaceChildren(...free.map((seat) => {
    const b = el("button", "", seat === null ? t("room.sit.new") : seatLabel(room, seat));
    b.type = "button";
    b.dataset.welcomeSit = seat || "new";
    b.addEventListener("click", () => send(seat === null ? { type: "sit" } : { type: "sit", seat }));
    return b;
  }));
}

function drawInvite(room, you) {
  const invite = $("invite");
  inviteHome = inviteHome || invite.parentElement;
  const first = Boolean(you.host) && !company(room, you);
  $("welcome-invite").hidden = !first;
  const home = first ? $("welcome-invite") : inviteHome;
  if (invite.parentElement !== home) {
    if (first) home.append(invite);
    else home.insertBefore(invite, $("tally"));
  }
}

function drawStart(room, you) {
  const seated = room.seats.filter((s) => !s.bot);
  const someReady = seated.some((s) => s.ready);
  const someWaiting = seated.some((s) => !s.ready && !s.away);
  $("room-start").hidden = !(you.host && room.next_hand === 1 && room.phase !== "playing" && someReady && someWaiting);
}

/** The welcome drawn from the last frame. */
export function drawWelcome(room, you) {
  drawSeats(room, you);
  drawInvite(room, you);
  drawStart(room, you);
  $("welcome").hidden = $("welcome-sit").hidden && $("welcome-invite").hidden && $("room-start").hidden;
}

export function wireWelcome(sendFrame) {
  send = sendFrame;
  $("room-start").addEventListener("click", () => send({ type: "start" }));
}
