/* How the controls look now: the bet row or the action row, which buttons and chips are
   enabled (the server's `legal`, with the reason when Stand or Throw in is not), the hint
   box, and where the keyboard focus stays. */

import { $, el } from "../dom.js";
import { actionName, fmtEv, t } from "../messages.js";
import { choices, spec } from "../game.js";
import { betCap, betting, canBet, legal, limits, page, yourTurn } from "../page.js";
import { fitDecision } from "./oneview.js";
import { renderMessage } from "./table.js";
import { renderTrainer } from "../teach/trainer.js";

export const CHIPS = [10, 25, 50, 100, 250, 500];

/** A button's disabled state. */
function setDisabled(id, off) {
  $(id).disabled = off;
}

function renderBetRow() {
  const state = page.state;
  const bettable = canBet();
  setDisabled("btn-deal", !bettable);
  const bet = $("bet");
  bet.disabled = !bettable;
  const { min } = limits();
  const cap = betCap();
  bet.min = String(min);
  bet.max = String(cap);
  if (!page.betTouched && document.activeElement !== bet) {
    const last = state.player.last_bet;
    bet.value = String(Math.min(Math.max(last || 100, min), cap));
  }
  const current = Number(bet.value);
  for (const chip of document.querySelectorAll(".chip[data-v]")) {
    const v = Number(chip.dataset.v);
    chip.disabled = !bettable || v > cap;
    chip.setAttribute("aria-pressed", String(v === current));
  }
  // Rebet once a hand has been played here (none for a banker, who places no bet)
  const g = spec();
  const again = !!(state.table && state.player.last_bet) && !(g.bankDeal && g.bankDeal());
  for (const [id, times] of [["btn-rebet", 1], ["btn-rebet-twice", 2]]) {
    const n = Math.min((state.player.last_bet || min) * times, cap);
    $(id).hidden = !again;
    $(id).disabled = !bettable || n < min;
    $(id).title = t(times === 1 ? "bet.rebet" : "bet.rebet_twice", { n });
  }
  const twice = $("bet-double");
  if (twice) {
    twice.disabled = !bettable || current >= cap;
    twice.setAttribute("aria-label", `×2: ${t("bet.double")}`);
  }
}

/** Why a choice is not offered (the game reads it from the server's lists). */
function renderReason(l) {
  const g = spec();
  const reason = g.reason(l);
  $("reason").textContent = reason;
  $("reason").hidden = !reason;
  $("btn-stand").title = reason;
  const titles = g.titles(l);
  for (const b of actionButtons()) {
    if (b.dataset.action !== "stand") b.title = titles[b.dataset.action] || "";
  }
}

const actionButtons = () => document.querySelectorAll("#act-row button[data-action]");

function renderHint() {
  const box = $("hint");
  const table = page.state && page.state.table;
  const info = page.hintInfo;
  if (!info || !table || info.hand !== table.hand || info.step !== table.step || !yourTurn()) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const h = info.hint || {};
  box.hidden = false;
  box.replaceChildren(el("strong", "", t("hint.best", { action: actionName(h.best) })));
  const ul = el("ul");
  const evs = Object.entries(h.ev || {}).sort((a, b) => b[1] - a[1]);
  for (const [a, v] of evs) {
    // Kampung's hints (K18) are in chips; the other games' per initial bet.
    const chips = !!spec().hintInChips;
    ul.appendChild(el("li", "", t(chips ? "hint.ev.chips" : "hint.ev", { action: actionName(a), ev: fmtEv(v, chips) })));
  }
  box.appendChild(ul);
  // H9: the Hint is the solve of the house the hand is dealt under; it says which
  if (h.house) box.appendChild(el("p", "hint-house", t("hint.house", { name: h.house.name || t("house.unnamed") })));
}

/** A button that had the focus was hidden or disabled (Deal → Hit → Deal): keep the focus
    in the controls, on the row itself, so Tab goes on from there and a stray Space or
    Enter does not press a button the player did not choose. */
function keepFocus() {
  if (document.querySelector("dialog[open]")) return;
  const a = document.activeElement;
  const inControls = a && $("controls").contains(a);
  const lost = inControls && (a.disabled || a.closest("[hidden]"));
  if (lost || (a === document.body && page.focusInControls)) {
    const row = betting() ? $("bet-row") : $("act-row");
    row.focus({ preventScroll: true });
  }
  page.focusInControls = $("controls").contains(document.activeElement);
}

/** When the controls turn to the bets of the next hand (a hand is over, however it ended)
    or to the choices of one, the row now shown is brought into view if it is off the screen
    (a phone's short screen under a tall table), once: the player's own scrolling is left
    alone otherwise. */
function showTurnedRow() {
  const table = page.state.table;
  const shown = $("controls").hidden ? null : `${betting()}:${table ? table.hand : ""}`;
  const turned = page.rowShown !== undefined && shown !== null && page.rowShown !== shown;
  page.rowShown = shown;
  if (!turned || document.querySelector("dialog[open]")) return;
  const row = betting() ? $("bet-row") : $("act-row");
  requestAnimationFrame(() => {  // once the whole render is laid out (the result above it)
    const r = row.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) row.scrollIntoView({ block: "nearest" });
  });
}

export function renderControls() {
  const g = spec();
  if (!page.state || !g) {
    for (const b of document.querySelectorAll("#controls button")) b.disabled = true;
    return;
  }
  // a room's watcher plays no seat: no bets, no choices (State.plays)
  $("controls").hidden = page.state.plays === false;
  $("bet-row").hidden = !betting();
  $("act-row").hidden = betting();
  showTurnedRow();
  renderBetRow();
  if (g.renderBetExtras) g.renderBetExtras(canBet());
  const l = legal();
  // The game's buttons; each enabled when the server offers that choice now.
  const offered = g.offered ? g.offered(l) : l;
  for (const b of actionButtons()) {
    const a = b.dataset.action;
    // Kampung shows its rarer choices (burn, double, void, …) only when they are open.
    const rare = g.hideClosed && !offered.includes(a) && a !== "hit" && a !== "stand";
    b.hidden = !choices().includes(a) || rare;
    b.disabled = page.busy || !offered.includes(a);
  }
  $("btn-hint").hidden = !page.hintAvailable;
  setDisabled("btn-hint", page.busy || !yourTurn());
  renderReason(l);
  renderHint();
  renderTrainer();
  renderMessage();
  keepFocus();
  const table = page.state.table;
  if (yourTurn() && !page.busy && table) fitDecision(`${table.hand}:${table.step}:${$("hint").hidden}`);
}
