/* A room's settle-up table (the server's, most chips won first; the host may start a new
   session between hands) and its downloads. */

import { $, el } from "../dom.js";
import { fmtNum, t } from "../messages.js";

export function drawTally(room, you, link) {
  const rows = $("tally-rows");
  rows.replaceChildren();
  for (const r of room.tally || []) {
    const tr = el("tr");
    const net = r.net > 0 ? `+${fmtNum(r.net)}` : fmtNum(r.net);
    for (const text of [r.name, fmtNum(r.hands), net, fmtNum(r.biggest_win)]) tr.append(el("td", "", text));
    if (r.name === you.name) tr.classList.add("me");
    rows.append(tr);
  }
  const none = !(room.tally && room.tally.length);
  $("tally-table").hidden = none;
  $("tally-none").hidden = !none;
  // the room's money is reset by its own host only, not by one holding the role for them
  $("new-session").hidden = !(you.host && !you.holding && room.phase !== "playing");
  $("new-session").onclick = () => {
    if (window.confirm(t("room.tally.confirm"))) link.send({ type: "new_session" });
  };
}

/** Wires the settle-up downloads of room `code`. */
export function wireSettle(code) {
  const base = `/room/${encodeURIComponent(code)}/settle-up`;
  $("tally-csv").href = `${base}.csv`;
  $("tally-json").href = `${base}.json`;
}
