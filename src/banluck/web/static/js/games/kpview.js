/* The kampung table: the bank and the players' hands. A hand not turned over shows its
   backs and its card count; when you bank and may open it, the hand is a button (open:SEAT,
   the server's `legal`). Cards come only from the server's view (K17). */

import { back, face } from "../table/cards.js";
import { act } from "../table/controls.js";
import { $, el } from "../dom.js";
import { actionName, cardName, fmtNet, fmtNum, kindLabel, seatName, t } from "../messages.js";
import { cardsShown, isMe, legal, page, tableDrawn } from "../page.js";
import { renderMyStack } from "../table/table.js";

/** A hand's cards (its backs when not turned over); those new since the last render of
    seat `name`'s hand slide in. */
function cards(list, count, name) {
  const box = el("div", "cards");
  box.setAttribute("role", "list");
  const codes = list.length ? list : Array.from({ length: count }, () => null);
  const before = cardsShown(name, codes.length);
  for (const [i, c] of codes.entries()) {
    const card = el("div", "card" + (i >= before ? " new" : ""));
    card.setAttribute("role", "listitem");
    card.setAttribute("aria-label", cardName(c));
    card.dataset.card = c || "";
    card.innerHTML = c ? face(c) : back();
    box.appendChild(card);
  }
  return box;
}

function head(name, s, bank) {
  const h = el("div", "seat-head");
  h.appendChild(el("span", "seat-name", seatName(name) + (bank ? " · " + t("kp.banker") : "")));
  const st = el("span", "seat-stack", t("stack") + " " + fmtNum(s.stack));
  st.dataset.testid = "stack-" + name;
  h.appendChild(st);
  h.appendChild(el("span", "seat-bet", !bank && s.bet ? t("bet") + " " + fmtNum(s.bet) : ""));
  return h;
}

function foot(name, s) {
  const f = el("div", "seat-foot");
  const count = el("span", "last-action", t("kp.count", { n: s.count || s.cards.length }) + (s.stood ? " · " + t("kp.stood") : ""));
  count.dataset.testid = "count-" + name;
  f.appendChild(count);
  if (typeof s.total === "number") {
    const b = el("span", "badge total kind-" + (s.kind || "plain"), kindLabel(s.kind || "plain", s.total));
    b.dataset.testid = "total-" + name;
    f.appendChild(b);
  }
  if (s.action && !s.result) {
    const a = el("span", "last-action", actionName(s.action));
    a.dataset.testid = "action-" + name;
    f.appendChild(a);
  }
  if (s.burnt.length) f.appendChild(el("span", "last-action", t("kp.burnt", { cards: s.burnt.map(cardName).join(", ") })));
  if (s.result) {
    const r = el("span", "badge result result-" + s.result, t("result." + s.result) + (typeof s.net === "number" ? " " + fmtNet(s.net) : ""));
    r.dataset.testid = "result-" + name;
    f.appendChild(r);
  }
  return f;
}

function seatBox(name, s, m, bank) {
  const box = el("section", "seat kp-seat" + (isMe(name) ? " you" : " bot") + (bank ? " dealer" : ""));
  box.dataset.seat = name;
  box.setAttribute("aria-label", isMe(name) ? t("seat.label.you") : t("seat.label", { seat: seatName(name) }));
  const open = "open:" + name;
  let body = cards(s.cards, s.count, name);
  if (!bank && legal().includes(open)) {
    // You bank: click a hand to open it.
    const b = el("button", "open-hand");
    b.type = "button";
    b.disabled = page.busy;
    b.dataset.testid = "open-" + name;
    b.setAttribute("aria-label", t("btn.open", { seat: seatName(name) }) + " · " + t("kp.count", { n: s.count }));
    b.appendChild(body);
    b.addEventListener("click", () => act(open));
    body = b;
  }
  box.append(head(name, s, bank), body, foot(name, s));
  box.classList.toggle("active", !m.over && m.turn === name);
  return box;
}

export function renderKpTable() {
  const m = page.model;
  if (!m) {
    $("kp-bank").replaceChildren(el("div", "seat-head", seatName("dealer") + " · " + t("kp.banker")));
    $("kp-players").replaceChildren();
    renderMyStack();
    return;
  }
  const bank = $("kp-bank");
  bank.replaceChildren(...seatBox(m.bank, m.seats[m.bank], m, true).childNodes);
  bank.classList.toggle("you", isMe(m.bank)); // your own seat, when you hold the bank
  bank.setAttribute("aria-label", isMe(m.bank) ? t("kp.bank.label.you") : t("kp.bank.label", { seat: seatName(m.bank) }));
  $("kp-players").replaceChildren(...m.order.map((n) => seatBox(n, m.seats[n], m, false)));
  tableDrawn();
  renderMyStack();
}
