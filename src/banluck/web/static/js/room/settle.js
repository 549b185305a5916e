/* A room's settle-up table (the server's, most chips won first; the host may start a new
   session between hands) and its fair shuffle: the commitment of the shoe in play and the
   seed it was derived with, the next shoe's salt commitment and the seed form, and the
   Verify button, which checks the room's history in the browser (verify.js). */

import { $, el } from "../dom.js";
import { fmtNum, t } from "../messages.js";
import { canVerify, verifyHistory } from "./verify.js";
import { seenIn } from "./seen.js";

let verified = null; // the last results of the Verify button
let sortOrders = null; // the derivation's card orders, as the room's frame gives them

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
  $("new-session").hidden = !(you.host && room.phase !== "playing");
  $("new-session").onclick = () => {
    if (window.confirm(t("room.tally.confirm"))) link.send({ type: "new_session" });
  };
}

export function drawFair(room, you) {
  const fair = room.fair;
  if (fair && fair.sort) sortOrders = fair.sort;
  $("fair-current").textContent = fair
    ? t("room.fair.current", { shoe: fair.shoe, cards: fair.cards, decks: fair.decks }) : "";
  $("fair-commitment").textContent = fair ? fair.commitment : "";
  // the shoe in use: derived from a salt committed before and the seeds given (or none)
  let seeded = "";
  if (fair && fair.salt_commitment) {
    seeded = fair.client_seed ? t("room.fair.seeded", { seed: fair.client_seed }) : t("room.fair.unseeded");
  }
  $("fair-seeded").textContent = seeded;
  const next = fair && fair.next;
  $("fair-next").textContent = next && next.salt_commitment ? t("room.fair.next", { shoe: fair.shoe + 1 }) : "";
  $("fair-next-commitment").textContent = next && next.salt_commitment ? next.salt_commitment : "";
  $("seed-form").hidden = !(next && next.salt_commitment && you && you.name);
  const names = (next && next.seeds) || [];
  $("fair-seeds").textContent = names.length
    ? t("room.fair.seeds", { names: names.join(", ") }) + (you && you.shoe_seed ? " " + t("room.fair.yours", { seed: you.shoe_seed }) : "")
    : "";
}

/** The seed form: a person's seed for the next shoe goes to the room (`send`). */
export function wireSeed(send) {
  $("seed-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const seed = $("seed-input").value;
    if (!seed.trim()) return;
    send({ type: "seed", seed });
    $("seed-input").value = "";
  });
}

export function drawVerified() {
  const list = $("fair-results");
  list.replaceChildren();
  if (!verified) return;
  if (!verified.some((r) => r.status !== "pending")) list.append(el("li", "", t("room.fair.none")));
  for (const r of verified) {
    let text;
    if (r.status === "verified" && r.seed) text = t("room.fair.verified_seeded", { shoe: r.shoe, seed: r.seed });
    else if (r.status === "verified") text = t("room.fair.verified", { shoe: r.shoe });
    else if (r.status === "pending") text = t("room.fair.pending", { shoe: r.shoe });
    else text = t("room.fair.failed", { shoe: r.shoe, why: t(`room.fair.why.${r.why}`, { n: r.n }) });
    const li = el("li", r.status, text);
    li.dataset.shoe = String(r.shoe);
    li.dataset.status = r.status;
    if (r.status === "pending") li.append(el("br"), el("code", "", r.commitment));
    list.append(li);
  }
}

/** Wires the settle-up downloads and Verify of room `code`; `say(text)` shows a problem. */
export function wireSettle(code, say) {
  const history = `/room/${encodeURIComponent(code)}/history.json`;
  const base = `/room/${encodeURIComponent(code)}/settle-up`;
  $("tally-csv").href = `${base}.csv`;
  $("tally-json").href = `${base}.json`;
  $("fair-download").href = history;
  $("verify").addEventListener("click", async () => {
    if (!canVerify()) {
      say(t("room.fair.unavailable"));
      return;
    }
    let data;
    try {
      const r = await fetch(history, { credentials: "same-origin", cache: "no-store" });
      if (!r.ok) throw new Error(String(r.status));
      data = await r.json();
    } catch (err) {
      say(t("room.fair.error"));
      return;
    }
    verified = await verifyHistory(data, sortOrders, seenIn(code));
    drawVerified();
  });
}
