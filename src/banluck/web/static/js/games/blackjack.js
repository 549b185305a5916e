/* Blackjack's specifics (`classic`, `infinite`; seeds 001 and 002, BLACKJACK.md): the display
   model of a hand built from the server's events (split hands side by side, the common row
   of `infinite`), the line each event makes, and which buttons the game has. Totals,
   results and choices are the server's: `legal` is what the rules allow, `offered` what
   your stack also covers (I7); a choice in `legal` but not in `offered` is disabled with
   the reason. The table is drawn by bjview.js. */

import { actionName, fmtNet, seatName, t } from "../messages.js";
import { isMe, page, yourTurn } from "../page.js";
import { bjDealExtras, hasSplit, renderBjTable, renderSideBets, resultLine } from "./bjview.js";

const newHand = (index) => ({ index, cards: [], total: null, kind: null, result: null, net: null, bet: 0, doubled: false });

export function emptyModel(table) {
  const m = { hand: table.hand, over: false, turn: null, current: null, peek: null, seats: {}, order: [], row: [], results: [] };
  m.dealer = { cards: [], total: null };
  for (const s of table.seats) {
    m.order.push(s.name);
    m.seats[s.name] = {
      hands: [], stack: s.stack, bet: s.bet, side_bets: s.side_bets || {}, insurance: 0, net: null, action: null,
    };
  }
  return m;
}

function handOf(m, seat, index) {
  const s = m.seats[seat];
  while (s.hands.length <= (index || 0)) s.hands.push(newHand(s.hands.length));
  return s.hands[index || 0];
}

export function applyEvent(m, e) {
  const s = e.seat && e.seat !== "dealer" ? m.seats[e.seat] : null;
  switch (e.type) {
    case "dealt":
      if (e.seat === "dealer") m.dealer.cards.push(e.card);
      else if (s) handOf(m, e.seat, e.index).cards.push(e.card);
      if (e.row !== null && e.row !== undefined) m.row[e.row] = e.card;
      return;
    case "action":
      if (!s) return;
      s.action = e.played_as || e.action;
      m.current = { seat: e.seat, index: e.index || 0 };
      if (e.action === "split") {
        // The pair becomes two hands side by side; each gets its second card as it is dealt.
        const h = handOf(m, e.seat, e.index);
        const moved = h.cards.pop();
        const second = newHand(h.index + 1);
        second.cards.push(moved);
        s.hands.splice(h.index + 1, 0, second);
        s.hands.forEach((x, i) => { x.index = i; });
      }
      return;
    case "insurance":
      if (s) s.insurance = e.stake;
      return;
    case "peek":
      m.peek = !!e.blackjack;
      return;
    case "revealed":
      if (e.seat === "dealer") m.dealer.cards = (e.cards || []).slice();
      else if (s) handOf(m, e.seat, e.index).cards = (e.cards || []).slice();
      return;
    case "settled":
      m.results.push(e);
      if (s && e.wager === "main") Object.assign(handOf(m, e.seat, e.index), { result: e.result, net: e.net });
      return;
    case "over":
      m.over = true;
      m.turn = null;
      return;
    default:
  }
}

/** After the last event: every field of the server's Table (the authority). */
export function syncModel(m, table) {
  m.dealer = { cards: table.dealer.cards.slice(), total: table.dealer.total };
  for (const s of table.seats) {
    const ms = m.seats[s.name];
    if (!ms) continue;
    ms.hands = s.hands.map((h) => Object.assign(newHand(h.index), h, { kind: h.hand, cards: h.cards.slice() }));
    Object.assign(ms, { bet: s.bet, side_bets: s.side_bets || {}, insurance: s.insurance, net: s.net });
    ms.stack = table.over && typeof s.net === "number" ? s.stack + s.net : s.stack;
  }
  m.row = [];
  m.results = [];
  for (const e of table.events) {
    if (e.type === "dealt" && e.row !== null && e.row !== undefined) m.row[e.row] = e.card;
    if (e.type === "settled") m.results.push(e);
  }
  m.current = table.over ? null : table.current_hand;
  m.over = !!table.over;
  m.turn = table.over ? null : table.to_act;
}


/** One of your wagers settled: "Pairs: win +50". */
export function describe(e, m) {
  const you = isMe(e.seat);
  switch (e.type) {
    case "dealt": {
      // Past the first two cards: a draw (the dealer's, or a seat's hit, double or split).
      const seat = m.seats[e.seat];
      const h = seat ? seat.hands[e.index || 0] : null;
      const drawn = e.seat === "dealer" ? m.dealer.cards.length > 2 : !!h && h.cards.length > 2;
      if (!drawn) return { msg: () => t("msg.dealing") };
      if (e.seat === "dealer") return { msg: () => t("msg.dealer.draws") };
      return { msg: () => (you ? t("msg.action.hit.you") : t("msg.action.hit", { seat: seatName(e.seat) })) };
    }
    case "action":
      return { msg: () => (you ? t("msg.bj.you", { action: actionName(e.played_as || e.action) })
        : t("msg.bj.seat", { seat: seatName(e.seat), action: actionName(e.played_as || e.action) })) };
    case "insurance":
      return { msg: () => t("msg.bj.insured", { seat: seatName(e.seat), n: e.stake }) };
    case "peek":
      return { msg: () => (e.blackjack ? t("msg.bj.peek.yes") : t("msg.bj.peek.no")), announce: !!e.blackjack };
    case "revealed":
      return e.seat === "dealer" ? { msg: () => t("msg.bj.hole") } : null;
    case "settled":
      if (you) return { msg: () => resultLine(e, hasSplit(m.seats[page.me])), announce: true };
      return { msg: () => t("msg.settled", { seat: seatName(e.seat), result: t("result." + e.result), net: fmtNet(e.net) }) };
    case "over":
      return { msg: () => overLine(m) };
    default:
      return null;
  }
}

function overLine(m) {
  const net = m.seats[page.me] ? m.seats[page.me].net : null;
  return typeof net === "number" ? t("msg.bj.over", { net: fmtNet(net) }) : t("msg.over");
}

function finish(m, summary) {
  if (!m.over && isMe(m.turn)) {
    const cur = m.current;
    const h = cur && m.seats[page.me] ? m.seats[page.me].hands[cur.index] : null;
    const many = m.seats[page.me] && m.seats[page.me].hands.length > 1;
    // I4: the insurance decision says what it is
    const l = (page.state.table && page.state.table.legal) || [];
    const insurance = l.includes("insure") || l.includes("decline");
    page.message = () => (insurance ? t("msg.bj.turn.insurance")
      : h && typeof h.total === "number"
      ? t(many ? "msg.bj.turn.split" : "msg.turn.you.total", { total: h.total, n: h.index + 1 })
      : t("msg.turn.you"));
    return page.message();
  }
  if (summary && m.over) return overLine(m);
  return null;
}

/** What you may do now: the rules' choices your stack also covers (the server's `offered`). */
function offered(l) {
  const table = page.state && page.state.table;
  const covered = table && Array.isArray(table.offered) ? table.offered : l;
  return l.filter((a) => covered.includes(a));
}

function reason(l) {
  const short = l.filter((a) => !offered(l).includes(a));
  return yourTurn() && short.length ? t("reason.bj.cover", { actions: short.map(actionName).join(", ") }) : "";
}

function titles(l) {
  const out = {};
  const ok = offered(l);
  for (const a of ["double", "split", "surrender", "insure", "decline"]) {
    if (!yourTurn()) out[a] = "";
    else if (!l.includes(a)) out[a] = t("reason.bj.not_now");
    else if (!ok.includes(a)) out[a] = t("reason.bj.cover.one");
  }
  return out;
}

/** I10: a game with side bets may be dealt on side bets alone (a main bet of 0). */
const sideBetsOnly = () => ((page.state && page.state.limits && page.state.limits.side_bets) || []).length > 0
  && Object.values((bjDealExtras() || {}).side_bets || {}).some((v) => v > 0);

export function blackjack() {
  return {
    family: "blackjack",
    tableId: "bj-table",
    messageId: "bj-message",
    emptyModel, applyEvent, syncModel, describe, finish, reason, titles, offered,
    // History's replay: every hand of every seat (a split hand each), the dealer's
    seatLines: (m) => [
      ...m.order.flatMap((s) => m.seats[s].hands.map((h) => [s, h.cards, h.total])),
      ["dealer", m.dealer.cards, m.dealer.total],
    ],
    renderTable: renderBjTable,
    renderBetExtras: renderSideBets,
    dealExtras: bjDealExtras,
    zeroBetOk: sideBetsOnly,
    welcome: () => t("msg.welcome"),

  };
}
