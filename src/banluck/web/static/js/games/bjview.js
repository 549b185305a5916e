/* The blackjack table (`classic`, `infinite`): the dealer and the shoe indicator (cards
   left, the cut card, the burn at a new shoe), in `infinite` the shared first two cards and
   the common row, each seat with its hands side by side (the active one marked) and your
   result line per wager; and the side-bet spots of the bet row with their pay tables,
   disabled past their hand limits in the shoe. */

import { back, face } from "../table/cards.js";
import { ruleTexts } from "../dialogs.js";
import { $, el } from "../dom.js";
import { game } from "../game.js";
import { keep, stored } from "../kept.js";
import { cardName, fmtNet, fmtNum, language, seatName, t } from "../messages.js";
import { cardsShown, isMe, page, tableDrawn } from "../page.js";
import { renderMyStack } from "../table/table.js";

/** A row of cards; with `key` (the hand's), those new since the last render slide in. */
function cardRow(codes, cls, key) {
  const box = el("div", "cards " + (cls || ""));
  box.setAttribute("role", "list");
  const before = key ? cardsShown(key, codes.length) : codes.length;
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

function badge(text, cls, testid) {
  const b = el("span", "badge " + cls, text);
  if (testid) b.dataset.testid = testid;
  return b;
}

function handBox(name, h, active) {
  const box = el("div", "bj-hand" + (active ? " active" : ""));
  box.dataset.testid = `hand-${name}-${h.index}`;
  if (active) box.setAttribute("aria-current", "true");
  box.appendChild(cardRow(h.cards, "", `${name}:${h.index}`));
  const foot = el("div", "seat-foot");
  if (typeof h.total === "number") {
    const label = h.kind === "blackjack" ? t("kind.blackjack") : h.kind === "bust" ? t("kind.bust") + " · " + h.total : String(h.total);
    foot.appendChild(badge(label, "total kind-" + (h.kind || "plain"), `total-${name}-${h.index}`));
  }
  if (h.doubled) foot.appendChild(badge(t("bj.doubled"), "tag-doubled"));
  if (h.result) foot.appendChild(badge(t("result." + h.result) + (typeof h.net === "number" ? " " + fmtNet(h.net) : ""), "result result-" + h.result, `result-${name}-${h.index}`));
  box.appendChild(foot);
  return box;
}

function seatBox(name, s, m) {
  const box = el("section", "seat bj-seat" + (isMe(name) ? " you" : " bot"));
  box.dataset.seat = name;
  box.setAttribute("aria-label", isMe(name) ? t("seat.label.you") : t("seat.label", { seat: seatName(name) }));
  const head = el("div", "seat-head");
  head.appendChild(el("span", "seat-name", seatName(name)));
  const st = el("span", "seat-stack", t("stack") + " " + fmtNum(s.stack));
  st.dataset.testid = "stack-" + name;
  head.appendChild(st);
  // after a split each hand has its own bet (a doubled hand twice the bet)
  const bets = hasSplit(s) ? s.hands.map((h) => fmtNum(h.bet || s.bet)).join(" + ") : fmtNum(s.bet);
  const chips = [s.bet ? t("bet") + " " + bets : ""];
  for (const [k, v] of Object.entries(s.side_bets || {})) if (v) chips.push(t("wager." + k) + " " + fmtNum(v));
  if (s.insurance) chips.push(t("wager.insurance") + " " + fmtNum(s.insurance));
  head.appendChild(el("span", "seat-bet", chips.filter(Boolean).join(" · ")));
  box.appendChild(head);
  const hands = el("div", "bj-hands");
  const cur = m.current;
  for (const h of s.hands) hands.appendChild(handBox(name, h, !m.over && cur && cur.seat === name && cur.index === h.index && s.hands.length > 1));
  box.appendChild(hands);
  if (isMe(name)) {
    const lines = el("ul", "bj-results");
    lines.dataset.testid = "results-you";
    for (const e of m.results) if (isMe(e.seat)) lines.appendChild(el("li", "result-" + e.result, resultLine(e, hasSplit(s))));
    box.appendChild(lines);
  }
  box.classList.toggle("active", !m.over && m.turn === name);
  return box;
}

function renderShoe() {
  const table = page.state && page.state.table;
  const shoe = table && table.shoe;
  const line = $("bj-shoe");
  if (!shoe) { line.textContent = ""; return; }
  const cut = shoe.cut_card_from_end;
  const key = typeof cut === "number" ? "bj.shoe" : "bj.shoe.nocut"; // classic has no cut card
  const parts = [t(key, { left: shoe.cards_left, hand: shoe.hand_number, cut })];
  if (shoe.cut_card_out) parts.push(t("bj.shoe.cut_out"));
  line.replaceChildren(el("span", "", parts.join(" · ")));
  if (shoe.burn && shoe.burn.turned) {
    // I1: the card turned at the shuffle is shown; the cards burnt after it stay unseen.
    const burnt = el("span", "burnt", " " + t("bj.shoe.burnt", { n: shoe.burn.count }) + " ");
    burnt.dataset.testid = "shoe-burn";
    line.append(burnt, cardRow([shoe.burn.turned], "mini-row"));
  }
}

function renderCommon(m) {
  const box = $("bj-common");
  box.hidden = !game.features.common_row || !page.state || !page.state.table;
  if (box.hidden) return;
  const you = page.state.table.seats.find((s) => isMe(s.name)) || page.state.table.seats[0];
  const shared = el("div", "common-part");
  shared.append(el("h3", "", t("bj.shared")), cardRow((you && you.first_two) || []));
  const row = el("div", "common-part");
  row.dataset.testid = "common-row";
  row.append(el("h3", "", t("bj.row")), cardRow(m.row.filter((c) => c !== undefined)));
  box.replaceChildren(shared, row);
}

const wagerName = (w) => t("wager." + w);

/** One wager's result in words ("Bet: Win +100"); after a split, a main bet's line says
    which hand it is ("Hand 2, bet: Win +100"). */
export function resultLine(e, split = false) {
  const words = { wager: wagerName(e.wager), result: t("result." + e.result), net: fmtNet(e.net) };
  if (split && e.wager === "main") return t("msg.bj.wager.hand", { ...words, n: e.index + 1 });
  return t("msg.bj.wager", words);
}

/** Whether a seat of the model has split (more than one hand). */
export const hasSplit = (s) => !!s && s.hands.length > 1;

export function renderBjTable() {
  const m = page.model;
  const d = $("bj-dealer");
  const dealer = m ? m.dealer : { cards: [], total: null };
  const head = el("div", "seat-head");
  head.appendChild(el("span", "seat-name", seatName("dealer")));
  const foot = el("div", "seat-foot");
  if (typeof dealer.total === "number") foot.appendChild(badge(String(dealer.total), "total", "total-dealer"));
  if (m && m.peek !== null) foot.appendChild(el("span", "last-action", m.peek ? t("msg.bj.peek.yes") : t("msg.bj.peek.no")));
  d.replaceChildren(head, cardRow(dealer.cards, "", "dealer"), foot);
  d.setAttribute("aria-label", t("seat.label", { seat: seatName("dealer") }));
  renderShoe();
  if (m) renderCommon(m);
  const seats = $("bj-seats");
  seats.replaceChildren(...(m ? m.order.map((n) => seatBox(n, m.seats[n], m)) : []));
  tableDrawn();
  renderMyStack();
}

/* Side-bet spots (infinite): a number field per side bet the server lists, its pay table
   (the rules text's lines for that bet), disabled past its last hand in the shoe. */

const EN_GROUP = { Pairs: "pairs", Bust: "bust", "Lucky 3": "lucky3", "Poker 3": "poker3" };

function paysFor(bet) {
  const texts = ruleTexts(fillPays);
  const rules = texts && texts.GAME_RULES[game.name];
  if (!rules) return [];
  const en = rules.en.pays || [];
  const mine = (rules[language()] || rules.en).pays || [];
  return mine.filter((_, i) => en[i] && EN_GROUP[en[i][0].split(":")[0]] === bet);
}

function nextHandInShoe() {
  const table = page.state && page.state.table;
  if (!table || !table.shoe) return 1;
  return table.shoe.cut_card_out ? 1 : table.shoe.hand_number + 1;
}

export function renderSideBets(bettable) {
  const box = $("side-bets");
  const l = (page.state && page.state.limits) || {};
  const names = l.side_bets || [];
  box.hidden = !names.length;
  if (!names.length) return;
  if (box.dataset.lang !== language() || box.childElementCount !== names.length) buildSpots(box, names, l);
  const next = nextHandInShoe();
  for (const name of names) {
    const input = $("side-" + name);
    const last = (l.side_bet_last_hand || {})[name];
    const past = typeof last === "number" && next > last;
    input.disabled = !bettable || past;
    $("side-note-" + name).textContent = past ? t("side.closed", { n: last }) : "";
  }
}

function buildSpots(box, names, l) {
  box.dataset.lang = language();
  // the spots typed (a language change rebuilds them), else the last hand's (a reload)
  const typed = (bjDealExtras() || {}).side_bets;
  const old = typed || rememberedSideBets();
  box.replaceChildren(...names.map((name) => {
    const spot = el("div", "side-spot");
    const label = el("label", "side-label");
    label.appendChild(el("span", "", t("wager." + name)));
    const input = el("input");
    Object.assign(input, { id: "side-" + name, type: "number", min: "0", max: String(l.side_bet_max ?? 100), step: "1" });
    input.inputMode = "numeric";
    input.value = String(old[name] || 0);
    label.appendChild(input);
    const pays = el("details", "pays-box");
    pays.appendChild(el("summary", "", t("side.pays")));
    const tbl = el("table", "pays");
    tbl.dataset.bet = name;
    pays.appendChild(tbl);
    spot.append(label, pays, el("span", "side-note", ""));
    spot.lastChild.id = "side-note-" + name;
    return spot;
  }));
  fillPays();
}

/** Each side bet's pay table, from the rules texts (again when they come). */
function fillPays() {
  for (const tbl of $("side-bets").querySelectorAll("table.pays[data-bet]")) {
    tbl.replaceChildren(...paysFor(tbl.dataset.bet).map(([what, odds]) => {
      const tr = el("tr");
      tr.append(el("td", "", what.split(/[:：]\s*/).slice(1).join(": ") || what), el("td", "odds", odds));
      return tr;
    }));
  }
}

const SIDE_BETS_KEY = "banluck.side_bets";

/** The side bets of the last deal in this browser (as the server keeps the last bet). */
function rememberedSideBets() {
  const saved = stored(localStorage, SIDE_BETS_KEY, {});
  return typeof saved === "object" ? saved : {};
}

/** The side bets typed, for the deal ({} when the game has none); remembered for the
    next visit. */
export function bjDealExtras() {
  const out = {};
  const inputs = document.querySelectorAll("#side-bets input");
  for (const input of inputs) {
    const v = Number(input.value);
    if (Number.isInteger(v) && v > 0) out[input.id.slice(5)] = v;
  }
  if (inputs.length) keep(localStorage, SIDE_BETS_KEY, out); // refused: this page only
  return Object.keys(out).length ? { side_bets: out } : null;
}
