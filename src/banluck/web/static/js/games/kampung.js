/* Kampung's specifics (seed 004, KAMPUNG.md): a banker who chooses which hands to open.
   The display model of a hand from the server's events (K17: another hand's cards stay
   face down until it is turned over; when you bank you see each hand's card count and who
   has stood, never its cards), the line each event makes, and the buttons: a player's Burn,
   Play, Hit, Stand, Double, Forfeit; the banker's Void, Burn, Play, Hit, Stand, and a click
   on a hand to open it (`open:SEAT`). Every choice is the server's `legal`. */

import { actionName, fmtNet, handWords, seatName, shortPaid, t } from "../messages.js";
import { isMe, page } from "../page.js";
import { renderKpTable } from "./kpview.js";

const OPEN = "open:";

function seatOf(h) {
  return { cards: (h.cards || []).slice(), burnt: (h.burnt || []).slice(), count: h.card_count || 0,
    turned: !!h.turned, stood: !!h.stood, total: h.total, kind: h.kind, bet: h.bet, banker: !!h.banker,
    stack: h.stack, result: h.result, net: h.net, action: null };
}

export function emptyModel(table) {
  const m = { hand: table.hand, over: false, void: false, turn: null, seats: {}, order: [], bank: table.bank.seat };
  for (const h of [...table.players, table.bank]) {
    const settled = h.result !== null && h.result !== undefined && typeof h.net === "number";
    m.seats[h.seat] = Object.assign(seatOf(h), { cards: [], burnt: [], count: 0, turned: false, stood: false,
      total: null, kind: null, result: null, net: null, stack: settled ? h.stack - h.net : h.stack });
    if (!h.banker) m.order.push(h.seat);
  }
  return m;
}

export function applyEvent(m, e) {
  const s = e.seat ? m.seats[e.seat] : null;
  switch (e.type) {
    case "dealt":
      if (!s) return;
      s.cards.push(e.card);
      s.count = s.cards.length;
      // a turned hand that draws has a total the server has not given yet: none is kept
      if (s.turned) Object.assign(s, { total: null, kind: null });
      return;
    case "action":
      if (s) s.action = e.action;
      return;
    case "burnt":
      if (!s) return;
      Object.assign(s, { burnt: (e.cards || []).slice(), cards: [], count: 0 });
      if (typeof e.bet === "number" && !s.banker) s.bet = e.bet;
      return;
    case "doubled":
      if (s) s.bet = e.bet;
      return;
    case "turned":
      if (s) Object.assign(s, { cards: (e.cards || []).slice(), turned: true, total: e.total, kind: e.kind });
      return;
    case "turn_ended":
      if (s) s.stood = true;
      return;
    case "settled":
      if (s) Object.assign(s, { result: e.result, net: e.net, stack: e.stack });
      if (s && e.hand) Object.assign(s, { total: e.hand.total, kind: e.hand.kind });
      if (e.bank && m.seats[m.bank]) Object.assign(m.seats[m.bank], { total: e.bank.total, kind: e.bank.kind });
      if (typeof e.bank_stack === "number" && m.seats[m.bank]) m.seats[m.bank].stack = e.bank_stack;
      return;
    case "void":
      m.void = true;
      return;
    case "over":
      m.over = true;
      m.turn = null;
      return;
    default:
  }
}

export function syncModel(m, table) {
  for (const h of [...table.players, table.bank]) {
    const before = m.seats[h.seat];
    m.seats[h.seat] = Object.assign(seatOf(h), { action: before ? before.action : null });
  }
  m.bank = table.bank.seat;
  m.order = table.players.map((h) => h.seat);
  m.void = !!table.void;
  m.over = !!table.over;
  m.turn = table.over ? null : table.to_act;
}

const who = (seat) => seatName(seat);

export function describe(e, m) {
  const you = isMe(e.seat);
  switch (e.type) {
    case "dealt":
      return { msg: () => (e.reason === "deal" ? t("msg.dealing") : you ? t("msg.action.hit.you") : t("msg.action.hit", { seat: who(e.seat) })) };
    case "action": {
      const a = e.action;
      if (a.startsWith(OPEN)) {
        const other = a.slice(OPEN.length);
        if (you) return { msg: () => t("msg.kp.open.you", { other: who(other) }) };
        if (isMe(other)) return { msg: () => t("msg.kp.open.yours", { seat: who(e.seat) }) };
        return { msg: () => t("msg.kp.open", { seat: who(e.seat), other: who(other) }) };
      }
      return { msg: () => (you ? t("msg.bj.you", { action: actionName(a) }) : t("msg.bj.seat", { seat: who(e.seat), action: actionName(a) })) };
    }
    case "burnt":
      return { msg: () => (you ? t("msg.kp.burnt.you") : t("msg.kp.burnt", { seat: who(e.seat) })), announce: true };
    case "doubled":
      return { msg: () => (you ? t("msg.kp.doubled.you", { n: e.bet }) : t("msg.kp.doubled", { seat: who(e.seat), n: e.bet })) };
    case "turned":
      return { msg: () => t(you ? "msg.kp.turned.you" : "msg.kp.turned", { seat: who(e.seat), hand: handWords(e.kind || "plain", e.total) }), announce: e.kind === "seven-seven-seven" };
    case "turn_ended":
      return { msg: () => (you ? t("msg.kp.done.you") : t("msg.kp.done", { seat: who(e.seat) })) };
    case "settled": {
      // why: the hand against the bank as the server says they met (a hand opened early
      // met the bank as it was then, not as it ended); none when the server gives none
      const mine = e.hand, bank = e.bank;
      const why = mine && bank ? () => " " + t("msg.kp.why", { hand: handWords(mine.kind, mine.total), bank: handWords(bank.kind, bank.total) }) : () => "";
      return { msg: () => t("msg.settled", { seat: who(e.seat), result: t("result." + e.result), net: fmtNet(e.net) }) + why() + shortPaid(e), announce: you };
    }
    case "void":
      return { msg: () => t("msg.void"), announce: true };
    case "over":
      return { msg: () => (m.seats[page.me] && typeof m.seats[page.me].net === "number" ? t("msg.bj.over", { net: fmtNet(m.seats[page.me].net) }) : t("msg.over")) };
    default:
      return null;
  }
}

const youBank = () => !!(page.state && page.state.table && page.state.table.you_bank);

/** What a special decision asks (read from the server's choices): the banker's fifteen (K7),
    your fifteen (K10), or the banker's burn that leaves you to double or forfeit (K7). */
function special(l) {
  if (youBank() && l.includes("void")) return "msg.kp.bank.fifteen";
  if (l.includes("forfeit") && !l.includes("hit") && !l.includes("stand")) return "msg.kp.turn.burnt";
  if (l.includes("burn") && l.includes("play")) return "msg.kp.turn.fifteen";
  return null;
}

function finish(m, summary) {
  if (!m.over && isMe(m.turn)) {
    const total = m.seats[page.me] ? m.seats[page.me].total : null;
    const asked = special((page.state.table && page.state.table.legal) || []);
    page.message = () => (asked ? t(asked, { total })
      : youBank() ? t("msg.kp.bank.turn")
        : typeof total === "number" ? t("msg.turn.you.total", { total }) : t("msg.turn.you"));
    return page.message();
  }
  if (summary && m.over && m.seats[page.me] && typeof m.seats[page.me].net === "number") return t("msg.bj.over", { net: fmtNet(m.seats[page.me].net) });
  return null;
}

/** You hold the bank for the next deal (State.player.banker): no bet to place (K3). */
export function bankNext() {
  const p = page.state && page.state.player;
  return !!p && isMe(p.banker);
}

export function kampung() {
  return {
    family: "kampung",
    tableId: "kp-table",
    messageId: "kp-message",
    hideClosed: true,
    hintInChips: true,
    emptyModel, applyEvent, syncModel, describe, finish,
    // History's replay: each hand as it stood (another's cards face down until turned)
    seatLines: (m) => [...m.order, m.bank].map((s) => [s, m.seats[s].cards, m.seats[s].total]),
    reason: (l) => (youBank() && l.some((a) => a.startsWith(OPEN)) ? t("reason.kp.open") : ""),
    titles: (l) => ({
      burn: l.includes("burn") ? t("title.kp.burn") : "",
      play: l.includes("play") ? t("title.kp.play") : "",
      void: l.includes("void") ? t("title.kp.void") : "",
    }),
    renderTable: renderKpTable,
    renderBetExtras: () => {
      const bank = bankNext();
      document.getElementById("bank-note").hidden = !bank;
      for (const id of ["chips", "bet"]) document.getElementById(id).closest(id === "bet" ? "label" : "div").hidden = bank;
    },
    bankDeal: bankNext,
    welcome: () => (bankNext() ? t("msg.kp.bank.welcome") : t("msg.welcome")),
  };
}
