/* The Fair shuffle panel of any table, a room's or a solo table's (docs/FAIRNESS.md): the
   commitment of the shoe in use and the seed it was derived with, the next shoe's salt
   commitment and the seed form, and the Verify button, which checks the table's history
   in the browser (verify.js) against what this page saw (seen.js). */

import { $, el } from "../dom.js";
import { t } from "../messages.js";
import { canVerify, verifyHistory } from "./verify.js";
import { seenIn } from "./seen.js";

let verified = null; // the last results of the Verify button
let sortOrders = null; // the derivation's card orders, as the server gives them

/** Shows `fair` (a room frame's or a State's; null: the panel is hidden). `seeds`: the
    names of those who gave a seed for the next shoe (a room's); `yours`: your seed for it;
    `canGive`: whether you may give one. */
export function drawFair(fair, { seeds = [], yours = null, canGive = true } = {}) {
  $("fair").hidden = !fair;
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
  const salt = next && next.salt_commitment;
  $("fair-next").textContent = salt ? t("room.fair.next", { shoe: fair.shoe + 1 }) : "";
  $("fair-next-commitment").textContent = salt || "";
  $("seed-form").hidden = !(salt && canGive);
  const mine = yours ? t("room.fair.yours", { seed: yours }) : "";
  $("fair-seeds").textContent = seeds.length ? `${t("room.fair.seeds", { names: seeds.join(", ") })} ${mine}`.trim() : mine;
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

/** Wires the panel to one table: `name` (what the page saw is kept under it), `history`
    (the URL of its fair history), `give(seed)` (sends your seed for the next shoe) and
    `say(text)` (shows a problem). */
export function wireFair({ name, history, give, say }) {
  $("fair-download").href = history;
  $("seed-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const seed = $("seed-input").value;
    if (!seed.trim()) return;
    give(seed);
    $("seed-input").value = "";
  });
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
    verified = await verifyHistory(data, sortOrders, seenIn(name));
    drawVerified();
  });
}
