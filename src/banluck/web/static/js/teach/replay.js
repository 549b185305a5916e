/* History's step-by-step replay of a finished hand: its events as you saw them (the
   server's `table` of the hand, kept with it), shown a moment at a time into the game's own
   display model: Back, Forward, Play and Pause, each step in words as the hand log says it.
   Cards you never saw stay face down; nothing is recomputed here. */

import { spec } from "../game.js";
import { $, el } from "../dom.js";
import { seatName, t } from "../messages.js";

const PLAY_MS = 700;

/** The line an event's description says (a text, or a function of the language), or null. */
function words(out) {
  if (!out || out.msg === null || out.msg === undefined) return null;
  return typeof out.msg === "function" ? out.msg() : out.msg;
}

/** Where each step of the replay ends, as a count of events: a moment of the hand, not an
    event. Events that say the same line one after another make one step (the deal's cards:
    "Dealing…"), and an event that says nothing goes with the next. */
function moments(table) {
  const g = spec();
  const m = g.emptyModel(table);
  const events = table.events || [];
  const ends = [];
  let last = null;
  events.forEach((e, i) => {
    g.applyEvent(m, e, table);
    const said = words(g.describe(e, m));
    if (said === null) return;
    if (said === last) ends[ends.length - 1] = i + 1;
    else ends.push(i + 1);
    last = said;
  });
  // what says nothing at the end goes with the last moment (or is the only one)
  if (events.length) ends[Math.max(0, ends.length - 1)] = events.length;
  return ends;
}

/** The model after the first `count` events, and the line the last of them makes. */
function modelAt(table, count) {
  const g = spec();
  const m = g.emptyModel(table);
  let line = null;
  for (let i = 0; i < count; i += 1) {
    const e = table.events[i];
    g.applyEvent(m, e, table);
    const said = words(g.describe(e, m));
    if (said !== null) line = said;
  }
  return { m, line };
}

/** Shows hand `hand`'s replay in `body`; `mini(codes)` draws cards, `back()` leaves. */
export function showReplay(body, hand, table, mini, back) {
  const ends = moments(table);
  let step = 0; // the moments shown
  let timer = null;
  const box = el("div", "h-replay");
  const title = el("h3");
  const seats = el("table", "h-replay-seats");
  const line = el("p", "h-replay-line");
  line.setAttribute("aria-live", "polite");
  line.dataset.testid = "replay-line";
  const buttons = el("div", "actions");
  const make = (key, onClick) => {
    const b = el("button", "", t(key));
    b.type = "button";
    b.addEventListener("click", onClick);
    buttons.appendChild(b);
    return b;
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const draw = () => {
    const { m, line: said } = modelAt(table, step ? ends[step - 1] : 0);
    title.textContent = t("history.replay.title", { n: hand, step, of: ends.length });
    seats.replaceChildren();
    for (const [seat, cards, total] of spec().seatLines(m)) {
      const tr = el("tr");
      const cell = el("td");
      cell.appendChild(mini(cards));
      tr.append(el("th", "", seatName(seat)), cell, el("td", "h-total", total === null || total === undefined ? "" : String(total)));
      seats.appendChild(tr);
    }
    line.textContent = step === 0 ? t("history.replay.start") : said || "";
    prev.disabled = step === 0;
    next.disabled = step === ends.length;
    play.textContent = t(timer ? "history.replay.pause" : "history.replay.play");
  };
  const go = (to) => {
    step = Math.max(0, Math.min(ends.length, to));
    if (step === ends.length) stop();
    draw();
  };
  const prev = make("history.replay.back", () => { stop(); go(step - 1); });
  const next = make("history.replay.forward", () => { stop(); go(step + 1); });
  const play = make("history.replay.play", () => {
    if (timer) stop();
    else {
      if (step === ends.length) step = 0;
      timer = setInterval(() => go(step + 1), PLAY_MS);
    }
    draw();
  });
  make("history.replay.done", () => { stop(); back(); });
  box.append(title, seats, line, buttons);
  body.replaceChildren(box);
  draw();
  next.focus();
  $("dlg-history").addEventListener("close", stop, { once: true });
}
