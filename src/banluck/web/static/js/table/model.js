/* The display model of one hand, built from the server's view alone (docs/API.md `Table`).

   The page replays the Table's `events` one at a time into this model, so the bots' and the
   dealer's turns are seen, not only their outcome; when every event is shown, the model
   takes every field of the Table snapshot. The page knows no rule: a hand's total and kind
   are the server's (a `revealed` event, or the snapshot's Hand once the cards on screen are
   that Hand's cards). Cards the server sends as null stay face down (T22). No DOM here. */

export const ALL = ["you", "anna", "ben", "dealer"];

function hands(table) {
  return table.seats.concat([table.dealer]);
}

/** The seats of a model as History's replay draws them: [seat, card codes, total], those
    dealt in only. */
export function seatLines(m) {
  return ALL.filter((name) => m.seats[name].cards.length)
    .map((name) => [name, m.seats[name].cards.map((c) => c.code), m.seats[name].total]);
}

/** A model with no event shown yet: every seat empty, bets and stacks from the snapshot. */
export function emptyModel(table) {
  const m = { hand: table.hand, seats: {}, turn: null, void: false, over: false };
  for (const name of ALL) {
    m.seats[name] = {
      cards: [], revealed: false, total: null, kind: null, result: null, net: null,
      multiple: null, stack: null, bet: 0, action: null,
    };
  }
  for (const h of hands(table)) {
    const s = m.seats[h.name];
    if (!s) continue;
    s.bet = h.bet || 0;
    // Hand.stack is the stack after settlement once settled, before the hand until then.
    const settled = h.result !== null && h.result !== undefined && typeof h.net === "number";
    s.stack = settled ? h.stack - h.net : h.stack;
  }
  return m;
}

/** The snapshot's total and kind for a seat whose cards on screen are exactly the cards of
    the snapshot's Hand (the server gives them only when every card is visible), else null. */
function serverTotal(s, hand) {
  if (!hand || hand.total === null || hand.total === undefined) return null;
  const codes = hand.cards || [];
  if (codes.length !== s.cards.length) return null;
  if (!codes.every((c, i) => c !== null && c === s.cards[i].code)) return null;
  return { total: hand.total, kind: hand.kind || null };
}

function cardsFrom(s, codes) {
  return codes.map((code, i) => ({ code, reason: s.cards[i] ? s.cards[i].reason : "deal" }));
}

/** Applies one event of `table.events` to the model `m` (in place). */
export function applyEvent(m, e, table) {
  const s = e.seat ? m.seats[e.seat] : null;
  switch (e.type) {
    case "dealt": {
      if (!s) return;
      s.cards.push({ code: e.card, reason: e.reason });
      // The total of the cards now on screen when the server has said it: the dealer's last
      // draw has the snapshot's, which its message tells. Any other total waits for its
      // `revealed` event or the end of the events (yours comes with your turn).
      const known = e.seat === "dealer" ? serverTotal(s, table.dealer) : null;
      s.total = known ? known.total : null;
      s.kind = known ? known.kind : null;
      return;
    }
    case "turn":
      m.turn = e.seat;
      return;
    case "action":
      if (s) s.action = e.action;
      return;
    case "revealed":
      if (!s) return;
      s.cards = cardsFrom(s, e.cards || []);
      s.revealed = true;
      s.total = e.total;
      s.kind = e.kind;
      return;
    case "void":
      m.void = true;
      return;
    case "settled":
      if (!s) return;
      s.result = e.result;
      s.net = e.net;
      s.stack = e.stack;
      s.multiple = e.multiple;
      return;
    case "over":
      m.over = true;
      m.turn = null;
      return;
    default:
  }
}

/** After the last event: take every field the Table snapshot knows (the authority). */
export function syncModel(m, table) {
  for (const h of hands(table)) {
    const s = m.seats[h.name];
    if (!s) continue;
    s.cards = cardsFrom(s, h.cards || []);
    s.revealed = !!h.revealed;
    if (h.total !== null && h.total !== undefined) s.total = h.total;
    if (h.kind) s.kind = h.kind;
    s.bet = h.bet || 0;
    if (h.result) {
      s.result = h.result;
      s.net = h.net;
      s.stack = h.stack;
    }
  }
  m.void = !!table.void;
  m.over = !!table.over;
  m.turn = table.over ? null : table.to_act;
}
