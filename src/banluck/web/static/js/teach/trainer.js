/* The trainer (issue 18): with it on, each choice you make is priced against the best play
   by the exact values the Hint gives (the server's solver): "Stand (EV -0.540) against Hit
   (EV -0.510): that cost 0.030 bets", and the session's score beside it. The page subtracts
   two of the server's numbers and computes no rule. Kept per browser: on or off in
   localStorage, the session's score in sessionStorage (a reload keeps it), and every day's
   score per game in localStorage (the last 30 days, for Statistics). */

import { ApiError } from "../api.js";
import { $ } from "../dom.js";
import { keep, stored } from "../kept.js";
import { game, spec } from "../game.js";
import { actionName, fmtEv, locale, t } from "../messages.js";
import { isMe, page } from "../page.js";

const ON = "banluck.trainer";
const SESSION = "banluck.trainerSession";
const DAYS = "banluck.trainerDays";
const MISSES = "banluck.trainerMisses";
const KEEP_DAYS = 30;

export const trainer = {
  on: stored(localStorage, ON, false) === true,
  session: stored(sessionStorage, SESSION, { n: 0, best: 0, cost: 0, chips: false }),
  last: null, // {action, ev, best, bestEv, cost, chips, bet, hand}
};

export function setTrainer(on) {
  trainer.on = on;
  keep(localStorage, ON, on);
  renderTrainer();
}

/** Whether choices are priced now: the trainer on, and hints given by this server. */
export const pricing = () => trainer.on && page.hintAvailable;

/** The values of every legal choice at this step (the Hint's, reused when asked), or null
    when there are none (no solver for this hand: the choice goes unpriced). */
async function values(hand, step) {
  const info = page.hintInfo;
  if (info && info.hand === hand && info.step === step) return info.hint;
  try {
    return await game.link.hint(hand, step);
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

/** Prices `action` at the pending choice, before it is sent (the step moves on after). */
export async function price(hand, step, action) {
  const h = await values(hand, step);
  if (!h || !h.ev || typeof h.ev[action] !== "number") return;
  const ev = h.ev[action];
  const bestEv = h.ev[h.best];
  const cost = Math.max(0, bestEv - ev);
  const chips = !!spec().hintInChips; // kampung's values are in chips (K18)
  trainer.last = { action, ev, best: h.best, bestEv, cost, chips, bet: yourBet(), hand };
  const s = trainer.session;
  if (s.chips !== chips) Object.assign(s, { n: 0, best: 0, cost: 0, chips });
  s.n += 1;
  s.best += cost < 1e-9 ? 1 : 0;
  s.cost += cost;
  keep(sessionStorage, SESSION, s);
  noteDay(cost, chips);
  noteSpot(h.cell, cost > 1e-9);
  renderTrainer();
}

/** Counts a choice at a chart cell: a miss adds one, the best play takes one away (the drill
    deals the cells with the most). Kept per game in the browser. */
export function noteSpot(cell, missed) {
  if (!cell) return;
  const all = stored(localStorage, MISSES, {});
  const spots = all[game.name] || (all[game.name] = {});
  const key = cell.row + "|" + cell.column;
  const n = (spots[key] ? spots[key].miss : 0) + (missed ? 1 : -1);
  if (n > 0) spots[key] = { row: cell.row, column: cell.column, miss: n };
  else delete spots[key];
  keep(localStorage, MISSES, all);
}

/** The chart cells you miss, most first: [{row, column, miss}]. */
export function missedSpots() {
  const spots = stored(localStorage, MISSES, {})[game.name] || {};
  return Object.values(spots).sort((a, b) => b.miss - a.miss);
}

/** Your seat's bet in the hand shown (the values are per initial bet), or 0. */
function yourBet() {
  const table = page.state && page.state.table;
  const seat = table && (table.seats || []).find((x) => isMe(x.name));
  return seat && typeof seat.bet === "number" ? seat.bet : 0;
}

/** "Stand (EV -0.540) against Hit (EV -0.510): that cost 0.030 bets" for a choice priced
    (and what that is in chips at your bet, where the values are per bet). */
export function costLine(p) {
  const line = costWords(p);
  if (p.chips || !p.bet || p.cost < 1e-9) return line;
  const inChips = new Intl.NumberFormat(locale(), { maximumFractionDigits: 2 }).format(p.cost * p.bet);
  return line + " " + t("trainer.in_chips", { chips: inChips, bet: p.bet });
}

function costWords(p) {
  const unit = p.chips ? ".chips" : "";
  return p.cost < 1e-9
    ? t("trainer.best", { action: actionName(p.action), ev: fmtEv(p.ev, p.chips) })
    : t("trainer.cost" + unit, {
      action: actionName(p.action), ev: fmtEv(p.ev, p.chips), best: actionName(p.best),
      best_ev: fmtEv(p.bestEv, p.chips), cost: fmtCost(p.cost, p.chips),
    });
}

/** The browser's day, as YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString("en-CA");

function noteDay(cost, chips) {
  const all = stored(localStorage, DAYS, {});
  const days = all[game.name] || (all[game.name] = {});
  const d = days[today()] || (days[today()] = { n: 0, best: 0, cost: 0, chips });
  Object.assign(d, { n: d.n + 1, best: d.best + (cost < 1e-9 ? 1 : 0), cost: d.cost + cost, chips });
  for (const old of Object.keys(days).sort().slice(0, -KEEP_DAYS)) delete days[old];
  keep(localStorage, DAYS, all);
}

/** Your choices this game priced by the trainer, day by day, newest first:
    [{day, n, best, cost, chips}]. */
export function trainerDays() {
  const days = stored(localStorage, DAYS, {})[game.name] || {};
  return Object.entries(days).map(([day, d]) => ({ day, ...d })).sort((a, b) => (a.day < b.day ? 1 : -1));
}

/** A cost: in bets to three decimals, in chips (`chips`) to one. */
export const fmtCost = (x, chips = false) => {
  const digits = chips ? 1 : 3;
  return new Intl.NumberFormat(locale(), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(x);
};

export function renderTrainer() {
  const box = $("trainer");
  const last = trainer.last;
  box.hidden = !pricing() || !last;
  if (box.hidden) return;
  // a choice of a hand before this one says which hand it was
  const table = page.state && page.state.table;
  const earlier = table && last.hand !== undefined && table.hand !== last.hand;
  const line = earlier ? t("trainer.earlier", { n: last.hand, line: costLine(last) }) : costLine(last);
  const s = trainer.session;
  const session = t("trainer.session" + (s.chips ? ".chips" : ""), { best: s.best, n: s.n, cost: fmtCost(s.cost, s.chips) });
  $("trainer-last").textContent = line;
  $("trainer-session").textContent = session;
}
