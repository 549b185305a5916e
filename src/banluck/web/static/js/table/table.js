/* The table view: each seat's name, stack, bet, cards (cards.js), total and result, and the
   table's message line. It draws the display model (model.js) and nothing else: a total is
   shown only when the server has given it. */

import { drawHouseHere } from "../house/househere.js";
import { back, face } from "./cards.js";
import { $, el } from "../dom.js";
import { spec } from "../game.js";
import { ALL } from "./model.js";
import { cardsShown, isMe, page, speed, tableDrawn, yourStack } from "../page.js";
import { actionName, cardName, decksLabel, fmtNet, fmtNum, kindLabel, seatName, t } from "../messages.js";

function seatHead(name, s) {
  const state = page.state;
  const head = el("div", "seat-head");
  head.appendChild(el("span", "seat-name", seatName(name)));
  if (name !== "dealer") {
    const stack = s && s.stack !== null ? s.stack : state && state.player ? state.player.stacks[name] : null;
    if (stack !== null && stack !== undefined) {
      const st = el("span", "seat-stack", t("stack") + " " + fmtNum(stack));
      st.dataset.testid = "stack-" + name;
      head.appendChild(st);
    }
    const bet = s && s.bet ? s.bet : 0;
    head.appendChild(el("span", "seat-bet", bet ? t("bet") + " " + fmtNum(bet) : ""));
  } else if (state && state.player && [1, 2].includes(state.player.decks_in_play)) {
    // The shoe the dealer deals from now (T11); a change waits for the next shuffle (T12).
    const label = decksLabel(state.player.decks_in_play);
    const shoe = el("span", "seat-stack", t("shoe.decks", { label }));
    shoe.dataset.testid = "shoe";
    head.appendChild(shoe);
  }
  return head;
}

function seatCards(name, s) {
  const cards = el("div", "cards");
  cards.setAttribute("role", "list");
  const list = s ? s.cards : [];
  const before = cardsShown(name, list.length);
  list.forEach((c, i) => {
    const card = el("div", "card" + (i >= before ? " new" : ""));
    card.setAttribute("role", "listitem");
    const label = cardName(c.code) + (c.reason === "forced" ? " (" + t("card.forced.long") + ")" : "");
    card.setAttribute("aria-label", label);
    card.dataset.card = c.code || "";
    card.innerHTML = c.code ? face(c.code) : back();
    if (c.reason === "forced") {
      const tag = el("span", "tag", t("card.forced"));
      tag.setAttribute("aria-hidden", "true");
      card.appendChild(tag);
      card.classList.add("forced");
    }
    cards.appendChild(card);
  });
  return cards;
}

function seatFoot(name, s) {
  const foot = el("div", "seat-foot");
  if (!s) return foot;
  if (s.total !== null && s.total !== undefined && s.cards.length) {
    const kind = s.kind || "plain";
    const k = el("span", "badge total kind-" + kind, kindLabel(kind, s.total));
    k.dataset.testid = "total-" + name;
    foot.appendChild(k);
  }
  if (s.action && !s.result) foot.appendChild(el("span", "last-action", actionName(s.action)));
  if (s.result) {
    const text = t("result." + s.result) + (s.net !== null ? " " + fmtNet(s.net) : "");
    const r = el("span", "badge result result-" + s.result, text);
    r.dataset.testid = "result-" + name;
    foot.appendChild(r);
  }
  if (name === "dealer" && page.model && page.model.void) {
    foot.appendChild(el("span", "badge result result-void", t("result.void")));
  }
  return foot;
}

/** The seat each box of the table shows: yours at the bottom (the box "you"), the others
    in the two beside the dealer, in the table's order. */
function boxes() {
  const players = ALL.filter((n) => n !== "dealer");
  const mine = players.includes(page.me) ? page.me : "you";
  const others = players.filter((n) => n !== mine);
  return { you: mine, anna: others[0], ben: others[1], dealer: "dealer" };
}

function renderSeat(box, name) {
  box.dataset.seat = name;
  const m = page.model;
  const s = m ? m.seats[name] : null;
  box.replaceChildren(seatHead(name, s), seatCards(name, s), seatFoot(name, s));
  const label = isMe(name) ? t("seat.label.you") : t("seat.label", { seat: seatName(name) });
  box.setAttribute("aria-label", label);
  box.classList.toggle("active", !!(m && !m.over && m.turn === name));
}

export function renderTable() {
  for (const [id, name] of Object.entries(boxes())) renderSeat($("seat-" + id), name);
  tableDrawn();
  renderMyStack();
}

export function renderMyStack() {
  $("mystack").textContent = page.state ? t("stack.yours", { n: yourStack() }) : "";
  drawHouseHere();
}

/** The hand log: each line the hand's events made, in the page's language, a line that
    repeats the one before it (the deal's cards) shown once; the newest in view. */
export function renderLog() {
  const box = $("hand-log");
  const lines = [];
  for (const line of page.log) {
    const text = line();
    if (text && text !== lines[lines.length - 1]) lines.push(text);
  }
  box.hidden = !lines.length;
  const list = $("log-list");
  if (list.childElementCount === lines.length && list.lastChild && list.lastChild.textContent === lines[lines.length - 1]) return;
  list.replaceChildren(...lines.map((text) => el("li", "", text)));
  list.scrollTop = list.scrollHeight;
}

export function renderMessage() {
  const g = spec();
  const box = $(g ? g.messageId : "message");
  if (box) box.textContent = page.message ? page.message() : "";
  $("btn-skip").hidden = !page.animating || speed() === "instant";
}
