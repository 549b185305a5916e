/* What the player does: the bet (chips, field), Deal, the server's choices (Hit, Stand,
   Throw in), Hint, Skip, the tool buttons and the keys of README.md. A choice is sent only
   when the server listed it in `legal`; the server decides. */

import { wireLarge } from "../large.js";
import { ApiError } from "../api.js";
import { skip } from "./animate.js";
import { openDialog, openSettings } from "../dialogs.js";
import { choices, game, spec } from "../game.js";
import { $, el } from "../dom.js";
import { price, pricing, setTrainer } from "../teach/trainer.js";
import { setSound } from "./sound.js";
import { dismissOffer } from "../teach/guide.js";
import { confirmChoice } from "./confirm.js";
import { t, useLanguage } from "../messages.js";
import { betCap, canBet, legal, limits, page, serverStack, yourTurn } from "../page.js";
import { CHIPS, renderControls } from "./panel.js";
import { changeSettings, receive, send } from "../session.js";
import { betErrorShown, clearError, showError } from "./status.js";
import { applyLanguage, render } from "../view.js";

/** A tool of its own dialog (the chart, the drill, the history, the statistics), its module
    fetched when it is first opened: none is on the way to a table's first Deal. */
function later(load, name) {
  return (...args) => load().then((m) => m[name](...args)).catch(showError);
}
const openChart = later(() => import("../teach/chart.js"), "openChart");
const openDrill = later(() => import("../teach/drill.js"), "openDrill");
const openHistory = later(() => import("../teach/history.js"), "openHistory");
const openStats = later(() => import("../teach/stats.js"), "openStats");

/** What is wrong with the bet typed, against the server's limits, or null. */
function betProblem(raw, bet) {
  const { min, max } = limits();
  if (raw === "") return "empty";
  if (!Number.isInteger(bet)) return "whole";
  const g = spec();
  if (bet === 0 && g.zeroBetOk && g.zeroBetOk()) return null; // side bets alone (I10)
  if (bet < min) return "low";
  if (bet > max) return "high";
  if (bet > betCap()) return "stack";
  return null;
}

/** What the table says while a deal is asked for (a room waits for every bet first). */
const dealing = () => (game.link && game.link.dealing ? game.link.dealing() : t("msg.dealing"));

export async function deal() {
  if (!canBet()) return;
  dismissOffer();
  const g = spec();
  if (g.bankDeal && g.bankDeal()) {
    // You hold the bank (kampung): the banker places no bet (K3).
    page.message = dealing;
    const s = await send(() => game.link.deal(null, page.state.next_hand));
    if (s) receive(s, false);
    return;
  }
  const raw = $("bet").value.trim();
  const bet = Number(raw);
  const why = betProblem(raw, bet);
  if (why) {
    const { min, max } = limits();
    const params = { min, max, stack: serverStack() };
    showError(new ApiError(422, { code: "bad_bet." + why, message: "bad bet", params }));
    $("bet").setAttribute("aria-invalid", "true");
    $("bet").focus();
    return;
  }
  const stack = serverStack();
  if (bet > 0 && bet === stack && !(await confirmChoice("confirm.all_in", { n: bet }, "btn.deal"))) return;
  page.message = dealing;
  const extra = g.dealExtras ? g.dealExtras() : null;
  const s = await send(() => game.link.deal(bet, page.state.next_hand, extra));
  if (s) receive(s, false);
}

/** Rebet: the last hand's bet (``times`` 2: twice it, up to what you may bet now) dealt at
    once; the side bets stay as they stand. */
async function rebet(times) {
  if (!canBet() || !page.state || !page.state.player) return;
  setBet(Math.min((page.state.player.last_bet || limits().min) * times, betCap()));
  await deal();
}

export async function act(action) {
  const g = spec();
  const offered = g.offered ? g.offered(legal()) : legal();
  if (!offered.includes(action) || page.busy) return;
  // a choice that gives up the bet is asked again (Cancel has the focus)
  const giving = { surrender: "confirm.surrender", forfeit: "confirm.forfeit" }[action];
  if (giving && !(await confirmChoice(giving, {}, "btn." + action))) return;
  const table = page.state.table;
  // a choice the server says costs more than it seems (a stand that makes the hand non)
  const costs = table && table.confirm && table.confirm[action];
  if (costs && !(await confirmChoice("confirm." + costs.code, costs.params, "btn." + action))) return;
  // the trainer prices the choice first (the step moves on once it is made)
  if (pricing()) await price(table.hand, table.step, action);
  const s = await send(() => game.link.act(action, table.hand, table.step));
  if (s) receive(s, false);
}

export async function hint() {
  if (!page.hintAvailable || !yourTurn() || page.busy) return;
  const table = page.state.table;
  page.busy = true;
  renderControls();
  try {
    const h = await game.link.hint(table.hand, table.step);
    page.hintInfo = { hand: table.hand, step: table.step, hint: h };
    clearError();
  } catch (err) {
    const code = err instanceof ApiError && err.error ? err.error.code : null;
    if (err instanceof ApiError && (err.status === 404 || code === "hint_unavailable")) {
      // The solver is not there (issue 4) or its tables are missing: hide the button.
      page.hintAvailable = false;
      page.hintInfo = null;
    } else {
      showError(err);
    }
  } finally {
    page.busy = false;
    render();
  }
}

function betChanged() {
  page.betTouched = true;
  $("bet").removeAttribute("aria-invalid");
  if (betErrorShown()) clearError();
  renderControls();
}

function setBet(v) {
  if (!canBet()) return;
  $("bet").value = String(v);
  betChanged();
}

function wireBet() {
  const chips = $("chips");
  for (const v of CHIPS) {
    const b = el("button", "chip", String(v));
    b.type = "button";
    b.dataset.v = String(v);
    b.addEventListener("click", () => setBet(v));
    chips.appendChild(b);
  }
  // ×2: the bet in the field twice over, up to the most the server lets you bet now
  const twice = el("button", "chip chip-double", "×2");
  twice.type = "button";
  twice.id = "bet-double";
  twice.setAttribute("aria-label", `×2: ${t("bet.double")}`);
  twice.addEventListener("click", () => setBet(Math.min(2 * (Number($("bet").value) || limits().min), betCap())));
  chips.appendChild(twice);
  $("bet").addEventListener("input", betChanged);
  $("bet").addEventListener("keydown", (e) => {
    // Enter deals, and so does D (no digit: a number field would drop it)
    if (e.key === "Enter" || e.key === "d" || e.key === "D") { e.preventDefault(); deal(); }
  });
}

function wireSettings() {
  wireLarge();
  $("trainer-on").addEventListener("change", () => setTrainer($("trainer-on").checked));
  $("sound-on").addEventListener("change", () => setSound({ on: $("sound-on").checked }));
  $("sound-volume").addEventListener("input", () => setSound({ volume: Number($("sound-volume").value) }));
  for (const r of document.querySelectorAll('input[name="decks"]')) {
    r.addEventListener("change", () => changeSettings({ decks: Number(r.value) }));
  }
  for (const r of document.querySelectorAll('input[name="bank"]')) {
    r.addEventListener("change", () => changeSettings({ bank: r.value }));
  }
  for (const r of document.querySelectorAll('input[name="speed"]')) {
    r.addEventListener("change", () => changeSettings({ speed: r.value }));
  }
  for (const r of document.querySelectorAll('input[name="language"]')) {
    r.addEventListener("change", () => {
      // at once (its texts fetched first); the server's answer confirms it
      useLanguage(r.value).then(() => {
        applyLanguage();
        render();
      });
      changeSettings({ language: r.value });
    });
  }
}

/** The keys of README.md; none while a dialog is open (Esc closes it) or in a field. */
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  const tag = e.target && e.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  const k = e.key;
  const lower = k.length === 1 ? k.toLowerCase() : k;
  const keys = {
    d: deal, i: hint, r: () => openDialog("dlg-rules"), o: openSettings,
    "?": () => openDialog("dlg-help"),
  };
  if (!$("btn-history").hidden) keys.l = openHistory; // a room's hands are not your history
  if (!$("btn-stats").hidden) keys.g = openStats;
  if (!$("btn-chart").hidden) keys.c = openChart;
  // The game's choices: each button's key (index.html), when the game has that button.
  for (const b of document.querySelectorAll("#act-row button[data-action]")) {
    if (choices().includes(b.dataset.action)) keys[b.dataset.key.toLowerCase()] = () => act(b.dataset.action);
  }
  if (keys[lower]) {
    e.preventDefault();
    keys[lower]();
  } else if (k === " " && page.animating) {
    e.preventDefault();
    skip();
  } else if (/^[1-6]$/.test(k)) {
    e.preventDefault();
    setBet(CHIPS[Number(k) - 1]);
  }
}

/** Connects every control of index.html (no inline handlers: the page runs under a CSP). */
export function wire() {
  wireBet();
  $("btn-deal").addEventListener("click", deal);
  $("btn-rebet").addEventListener("click", () => rebet(1));
  $("btn-rebet-twice").addEventListener("click", () => rebet(2));
  for (const b of document.querySelectorAll("#act-row button[data-action]")) {
    b.addEventListener("click", () => act(b.dataset.action));
  }
  $("btn-stats").addEventListener("click", openStats);
  $("btn-chart").addEventListener("click", openChart);
  $("btn-drill").addEventListener("click", () => openDrill(null));
  $("btn-hint").addEventListener("click", hint);
  $("btn-skip").addEventListener("click", skip);
  $("btn-rules").addEventListener("click", () => openDialog("dlg-rules"));
  $("btn-help").addEventListener("click", () => openDialog("dlg-help"));
  $("btn-history").addEventListener("click", openHistory);
  $("btn-settings").addEventListener("click", openSettings);
  $("error-dismiss").addEventListener("click", clearError);
  wireSettings();
  document.addEventListener("keydown", onKey);
}
