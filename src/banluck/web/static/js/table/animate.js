/* The events of a hand, shown one at a time at the chosen speed (Space or Skip shows the
   rest at once). Each event goes into the display model (model.js) and makes the table's
   message (messages.js); at the end the model takes the server's snapshot. */

import { betIn, settleChips } from "./chips.js";
import { announce } from "../dom.js";
import { spec } from "../game.js";
import { isMe, page, speed } from "../page.js";
import { renderControls } from "./panel.js";
import { playSound, soundOf, special } from "./sound.js";
import { renderLog, renderMessage } from "./table.js";
import { render } from "../view.js";

// Each speed's base pause (ms), scaled per event below: at normal a table hand of four seats
// takes about 6.5 s, a one-on-one hand about 2.3 s (docs/BENCHMARKS.md, "The pace of a hand").
const BASE_DELAY = { slow: 1100, normal: 280, fast: 120, instant: 0 };

let wake = null; // resolves the current pause early (Skip)
let run = 0; // the animation that is current; an older one stops at its next step

function delayFor(e) {
  const base = BASE_DELAY[speed()] ?? BASE_DELAY.normal;
  if (!base || page.skipping) return 0;
  const mine = isMe(e.seat);
  switch (e.type) {
    // Blackjack's cards come without a reason: dealt briskly, like the deal.
    case "dealt": return e.reason === "deal" || !e.reason ? base * 0.45 : base * (mine ? 0.5 : 1);
    case "turn": return mine ? 0 : base * 0.6;
    case "action": return base * (mine ? 0.3 : 0.9);
    case "revealed": return base * 1.3;
    case "void": return base * 2.2;
    case "settled": return base * 1.2;
    case "turned": return base * 1.3;
    case "burnt": return base * 1.2;
    case "doubled": return base * 0.8;
    case "peek": return base * 0.8;
    case "insurance": return base * 0.5;
    default: return 0;
  }
}

/** The sound of an event shown, and a moment for the eye when it shows a special hand
    (none under reduced motion: style.css). */
function cue(e) {
  const name = soundOf(e);
  if (name) playSound(name);
  if (e.type === "settled") settleChips(e);
  if (!special(e)) return;
  const box = document.getElementById(spec().messageId);
  if (!box) return;
  box.classList.remove("moment");
  void box.offsetWidth; // the animation starts again for a second special hand
  box.classList.add("moment");
}

function pause(ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { wake = null; resolve(); }, ms);
    wake = () => { clearTimeout(timer); wake = null; resolve(); };
  });
}

/** Shows the rest of the events at once. */
export function skip() {
  if (!page.animating) return;
  page.skipping = true;
  if (wake) wake();
}

/** After the last event: whose move it is, or (when the events were not played one by
    one) one summary of the result for screen readers. */
function finish(instant) {
  const wasSkipping = page.skipping;
  // The game says whose move it is now (the last event may have been a forced draw), or
  // sums the result up when the events were not played one by one.
  const before = page.message;
  const say = spec().finish(page.model, wasSkipping || instant);
  // whose move it is now goes in the log too (the game says it when the events stop)
  if (page.message && page.message !== before) page.log.push(page.message);
  page.animating = false;
  page.skipping = false;
  if (say) announce(say);
  render();
}

/** Shows the events of the State's table that are not on screen yet, one at a time. */
export async function animate(instant) {
  const mine = ++run;
  const table = page.state.table;
  if (!table) return;
  const g = spec();
  if (!page.model || page.model.hand !== table.hand) {
    page.model = g.emptyModel(table);
    page.shown = 0;
    page.log = [];
    page.betShown = false;
  }
  if (instant) page.skipping = true;
  page.animating = true;
  renderControls();
  const current = () => page.state.table && page.state.table.hand === page.model.hand;
  while (current() && page.shown < page.state.table.events.length) {
    if (mine !== run) return;
    const e = page.state.table.events[page.shown];
    page.shown += 1;
    g.applyEvent(page.model, e, page.state.table);
    if (!page.skipping) cue(e);
    const out = g.describe(e, page.model);
    if (out) {
      page.message = out.msg;
      page.log.push(out.msg);
      renderLog();
      if (out.announce && !page.skipping) announce(out.msg());
    }
    const d = delayFor(e);
    if (d > 0) {
      g.renderTable();
      renderMessage();
      if (!page.betShown) betIn(); // your bet into the pot once your seat is drawn
      page.betShown = true;
      await pause(d);
      if (mine !== run) return;
    }
  }
  if (current()) g.syncModel(page.model, page.state.table);
  finish(instant);
}
