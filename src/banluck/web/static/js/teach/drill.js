/* The trainer's drill (issue 18): spots of the Strategy chart dealt one after another, the
   ones you miss most first (the trainer counts them, trainer.js) and any cell you pick on the
   chart; each choice is answered at once with the exact values the server sends with the spot
   (GET drill: the same solver as the Hint), and a streak of best plays is kept. The page
   compares two of the server's numbers and computes no rule; nothing here moves a chip. */

import { ApiError, getDrill } from "../api.js";
import { back, face } from "../table/cards.js";
import { spotSentence } from "./chartwords.js";
import { openDialog } from "../dialogs.js";
import { $, el } from "../dom.js";
import { game } from "../game.js";
import { keep, stored } from "../kept.js";
import { actionName, errorText, t } from "../messages.js";
import { limits } from "../page.js";
import { costLine, missedSpots, noteSpot } from "./trainer.js";

const BEST = "banluck.drillBest";

const drill = {
  spot: null, // the server's spot: {cell, cards, dealer, legal, best, ev, house}
  picked: [], // cells picked on the chart this visit
  streak: 0,
  answered: false,
  busy: false,
};

const bestStreak = () => stored(localStorage, BEST, {})[game.name] || 0;

function keepBest(n) {
  keep(localStorage, BEST, { ...stored(localStorage, BEST, {}), [game.name]: n });
}

const same = (a, b) => a && b && a.row === b.row && a.column === b.column;

/** The next cell to deal: one picked on the chart or among your three most missed (not the
    one just dealt when another is there), else null: the server picks one. */
function nextCell() {
  const last = drill.spot && drill.spot.cell;
  const pool = [...drill.picked, ...missedSpots().slice(0, 3)].filter((c) => !same(c, last));
  if (!pool.length) return null;
  return pool[Math.floor(Math.random() * pool.length)];
}

function cardsBox(codes, label) {
  const box = el("div", "drill-hand");
  box.appendChild(el("p", "drill-who", label));
  const row = el("div", "drill-cards");
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", label + ": " + codes.map((c) => c || "?").join(" "));
  for (const code of codes) {
    const card = el("span", "drill-card");
    card.innerHTML = code ? face(code) : back();
    row.appendChild(card);
  }
  box.appendChild(row);
  return box;
}

function renderSpot() {
  const s = drill.spot;
  const { row, column } = s.cell;
  $("drill-spot").textContent = spotSentence("drill.spot", row, column)
    + (s.house ? " " + t("chart.house", { name: s.house }) : "");
  // the dealer's face-up card and one face down; where none shows, both face down
  const dealer = s.dealer.length ? [...s.dealer, null] : [null, null];
  $("drill-table").replaceChildren(cardsBox(dealer, t("seat.dealer")), cardsBox(s.cards, t("seat.you")));
  const buttons = s.legal.map((a) => {
    const b = el("button", "primary", actionName(a));
    b.type = "button";
    b.dataset.action = a;
    b.addEventListener("click", () => answer(a));
    return b;
  });
  $("drill-choices").replaceChildren(...buttons);
  $("drill-answer").textContent = "";
  $("drill-answer").className = "drill-answer";
  renderStreak();
  drill.answered = false;
  if (buttons.length) buttons[0].focus();
}

function renderStreak() {
  $("drill-streak").textContent = t("drill.streak", { n: drill.streak, best: bestStreak() });
}

function answer(action) {
  const s = drill.spot;
  if (drill.answered || !s) return;
  drill.answered = true;
  const ev = s.ev[action];
  const bestEv = s.ev[s.best];
  const cost = Math.max(0, bestEv - ev);
  const right = cost < 1e-9;
  noteSpot(s.cell, !right);
  drill.streak = right ? drill.streak + 1 : 0;
  if (drill.streak > bestStreak()) keepBest(drill.streak);
  const verdict = t(right ? "drill.right" : "drill.wrong");
  const out = $("drill-answer");
  out.textContent = verdict + " " + costLine({ action, ev, best: s.best, bestEv, cost, chips: false });
  out.className = "drill-answer " + (right ? "right" : "wrong");
  for (const b of $("drill-choices").querySelectorAll("button")) {
    b.disabled = true;
    if (b.dataset.action === s.best) b.classList.add("drill-best");
  }
  renderStreak();
  $("drill-next").focus();
}

/** Deals the next spot (``cell``: this one). */
async function deal(cell) {
  if (drill.busy) return;
  drill.busy = true;
  $("drill-answer").textContent = t("history.loading");
  try {
    drill.spot = await getDrill(cell || nextCell());
    renderSpot();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // a cell that is never a choice (the hand stands by itself) or a house with no chart:
    // said, and the picked cell dropped so Next deals another
    drill.picked = drill.picked.filter((c) => !same(c, cell));
    $("drill-answer").textContent = errorText({ status: err.status, error: err.error }, limits());
  } finally {
    drill.busy = false;
  }
}

/** Opens the drill, at ``cell`` when one was picked on the chart. */
export function openDrill(cell) {
  if (!drill.wired) {
    $("drill-next").addEventListener("click", () => deal(null));
    drill.wired = true;
  }
  if (cell && !drill.picked.some((c) => same(c, cell))) drill.picked.push(cell);
  openDialog("dlg-drill");
  deal(cell);
}
