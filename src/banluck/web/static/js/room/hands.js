/* A room's finished hands (game recall): listed as you saw them, newest first, each
   replayed step by step in the History dialog, all downloadable. The server keeps them;
   nothing here is recomputed. */

import { $, el } from "../dom.js";
import { fmtNet, t } from "../messages.js";
import { openHandReplay } from "../teach/history.js";
import { houseName } from "./house.js";
import { seatLabel } from "./words.js";

let base = "";
let drawnFor = -1; // the last hand the open list was drawn for
let lastRoom = null;

async function fetchJson(url) {
  const r = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  if (!r.ok) throw new Error(String(r.status));
  return r.json();
}

/** One hand's line: its number, then each seat's holder and net, and the house it was
    played under when the room played one (H3). */
function handLine(h) {
  const people = h.seats.map((s) => {
    const who = s.name || t("room.bot.named", { seat: lastRoom ? seatLabel(lastRoom, s.seat) : s.seat });
    return `${who} ${fmtNet(s.net)}`;
  });
  const line = t("room.hands.line", { hand: h.hand, people: people.join(" · ") });
  return h.house ? `${line} · ${houseName(h.house)}` : line;
}

/** One hand's item: its line and its View button (the hand replayed in History's dialog). */
function handItem(h) {
  const li = el("li", "", handLine(h));
  li.dataset.hand = String(h.hand);
  const view = el("button", "", t("btn.view"));
  view.type = "button";
  view.setAttribute("aria-label", t("btn.view") + " · " + t("history.hand", { n: h.hand }));
  view.addEventListener("click", async () => {
    try {
      const data = await fetchJson(`${base}/${h.hand}`);
      openHandReplay(h.hand, data.table);
    } catch (err) {
      li.append(el("span", "", " " + t("room.hands.error")));
    }
  });
  li.append(" ", view);
  return li;
}

/** The newest hands (a page of the server's), and a button for the page before each. */
async function showHands(finished) {
  drawnFor = finished;
  const list = $("room-hands-list");
  let page;
  try {
    page = await fetchJson(base);
  } catch (err) {
    list.replaceChildren(el("li", "", t("room.hands.error")));
    return;
  }
  const hands = page.hands || [];
  $("room-hands-none").hidden = hands.length > 0;
  list.replaceChildren(...hands.map(handItem));
  olderButton(page.more, hands);
}

function olderButton(more, hands) {
  const button = $("room-hands-older");
  button.hidden = !more || !hands.length;
  if (button.hidden) return;
  const before = hands[hands.length - 1].hand;
  button.onclick = async () => {
    try {
      const older = await fetchJson(`${base}?before=${before}`);
      $("room-hands-list").append(...(older.hands || []).map(handItem));
      olderButton(older.more, older.hands || []);
    } catch (err) {
      button.hidden = true;
    }
  };
}

/** Wires the hands of room `code`: the list is read when it is opened. */
export function wireHands(code) {
  base = `/api/rooms/${encodeURIComponent(code)}/hands`;
  $("room-hands-download").href = `/room/${encodeURIComponent(code)}/hands.json`;
  $("room-hands").addEventListener("toggle", () => {
    if ($("room-hands").open && lastRoom) showHands(lastFinished(lastRoom));
  });
}

/** The last hand finished (the one in play is not). */
const lastFinished = (room) => (room.phase === "playing" ? room.hand - 1 : room.next_hand - 1);

/** The room changed: an open list is read again when a hand has finished since. */
export function drawHands(room) {
  lastRoom = room;
  const finished = lastFinished(room);
  if ($("room-hands").open && finished !== drawnFor) showHands(finished);
}
