/* What the page holds now, in one object shared by the modules, and the questions asked
   of it (is it your turn, may you bet, what may you do). Every answer comes from the last
   State the server sent (docs/API.md): `legal` is the server's list, never worked out here. */

export const page = {
  me: "you", // the seat this page plays: "you" at a solo table, the person's seat in a room
  state: null, // the last State from the server (a room's frame as a State: room/link.js)
  busy: false, // a request is in flight: every action button is disabled
  animating: false,
  skipping: false,
  model: null, // display model of the hand being shown (model.js)
  shown: 0, // events of model.hand shown so far
  rendered: { hand: null, counts: {} }, // cards already on screen (for the deal animation)
  message: null, // () => string: the table's current message, re-translated on demand
  log: [], // the lines of the hand shown so far (thunks like `message`): the hand log
  errorInfo: null, // the error on screen: {status, error}
  notices: [], // notices on screen: [{code, params}]
  hintAvailable: true,
  hintInfo: null, // {hand, step, hint}
  betShown: false, // your bet of the hand shown going into the pot (chips.js)
  betTouched: false, // the player changed the bet since the last State
  focusInControls: false, // the keyboard focus was on a control at the last render
  rowShown: undefined, // the row shown at the last render and for which hand (panel.js)
};

/** The bet limits the server sent (State.limits): the range, the cover (O1), the most you
    may bet on the next deal (`bet_cap`, the server's T9 then T8 / O1), the stack below
    which the next deal brings a fresh one and that fresh stack (T9). */
export function limits() {
  const l = (page.state && page.state.limits) || {};
  const min = l.bet_min ?? 10;
  const max = l.bet_max ?? 500;
  return {
    min,
    max,
    cover: l.bet_cover ?? 1,
    cap: l.bet_cap === undefined ? max : l.bet_cap,
    minStack: l.min_stack ?? min,
    fresh: l.fresh_stack ?? 1000,
  };
}

/** Whether `seat` is the seat this page plays (null: a watcher plays none). */
export const isMe = (seat) => !!seat && seat === page.me;

/** Your stack now as the server says it (State.player.stacks). */
export function serverStack() {
  const p = page.state && page.state.player;
  return p ? p.stacks[page.me] ?? null : null;
}

/** The most you may bet on the next deal, as the server says (State.limits.bet_cap); when
    no bet is possible (null: you hold the bank) the smallest bet. */
export function betCap() {
  const { min, cap } = limits();
  return cap ?? min;
}

/** Your stack as the table shows it: the model's (it follows the hand) or the server's. */
export function yourStack() {
  const m = page.model;
  const you = m && m.seats ? m.seats[page.me] : null;
  if (you && you.stack !== null && you.stack !== undefined) return you.stack;
  return serverStack() ?? 0;
}

export function speed() {
  const p = page.state && page.state.player;
  return (p && p.settings && p.settings.speed) || "normal";
}

/** The bet row comes back once the end of the hand has been shown, not before. */
export function betting() {
  const s = page.state;
  return !!s && (!s.table || (s.table.over && !page.animating));
}

/** A room says when its bets are open to you (State.can_bet: seated, between hands, not
    bet yet); a solo table's are open between hands. */
export function canBet() {
  const s = page.state;
  return !!s && !page.busy && !page.animating && (!s.table || s.table.over) && s.can_bet !== false;
}

export function yourTurn() {
  const s = page.state;
  return !!s && !!s.table && !s.table.over && isMe(s.table.to_act) && !page.animating;
}

/** Your choices now: the server's `legal`, shown only once the events are on screen. */
export function legal() {
  return yourTurn() ? page.state.table.legal || [] : [];
}

/** How many of the cards of `key` (a hand on screen) were drawn before this render: they do
    not slide in again (style.css, .card.new). Kept for the next render of the same hand. */
export function cardsShown(key, n) {
  const { rendered, model } = page;
  const before = rendered.hand === (model && model.hand) ? rendered.counts[key] || 0 : 0;
  rendered.counts[key] = n;
  return before;
}

/** The table is drawn: its cards are on screen for the next render of this hand. */
export function tableDrawn() {
  page.rendered.hand = page.model ? page.model.hand : null;
}
