/* The page's conversation with the server: one player's request at a time, each State
   received (language, notices, the events to show), a 409 caught up, and settings changes
   sent one after another. */

import { ApiError } from "./api.js";
import { animate } from "./table/animate.js";
import { syncSettingsForm } from "./dialogs.js";
import { browserLanguage, knownLanguage, languageHere, setLanguage, t, useLanguage } from "./messages.js";
import { game, spec } from "./game.js";
import { page } from "./page.js";
import { renderControls } from "./table/panel.js";
import { clearError, showError, showNotices } from "./table/status.js";
import { showFair } from "./fair/solo.js";
import { applyLanguage, render } from "./view.js";

const NOTICES_SEEN = "banluck.noticesFor";

/** The language the player chose (State.player.settings), else the browser's. */
function chosenLanguage(s) {
  const chosen = s.player && s.player.settings ? s.player.settings.language : null;
  return knownLanguage(chosen) ? chosen : browserLanguage();
}

/** Shows the page in `code` (translated again when `initial`); texts not here yet are
    fetched, and the page is translated once they arrive. */
function followLanguage(code, initial) {
  if (languageHere(code)) {
    if (setLanguage(code) || initial) applyLanguage();
    return;
  }
  if (initial) applyLanguage();
  useLanguage(code).then((changed) => {
    if (!changed) return;
    applyLanguage();
    render();
  });
}

/** Notices are about the last deal: show them once, not again after a reload. */
function noticesFor(s, initial) {
  let seen = null;
  try { seen = localStorage.getItem(NOTICES_SEEN); } catch (err) { seen = null; }
  if (!initial || seen !== String(s.table.hand)) showNotices(s);
  try { localStorage.setItem(NOTICES_SEEN, String(s.table.hand)); } catch (err) { /* private mode */ }
}

/** Takes a State from the server and shows it (its new events one at a time). */
export function receive(s, initial) {
  const prevHand = page.state && page.state.table ? page.state.table.hand : null;
  page.state = s;
  showFair(s);
  if (s.features) game.features = s.features; // a room's house may change them between hands
  followLanguage(chosenLanguage(s), initial);
  if (s.table && s.table.hand !== prevHand) {
    page.betTouched = false;
    page.hintInfo = null;
    noticesFor(s, initial);
  }
  if (s.table) {
    animate(initial);
  } else {
    page.model = null;
    page.message = spec().welcome;
  }
  render();
}

/** A player's request (`call` returns a promise of a State): one at a time, every button
    disabled while it is in flight; a 409 (the table moved on: another tab, a double click)
    is shown and the page catches up. Resolves to the State, or null. */
export async function send(call) {
  if (page.busy) return null;
  page.busy = true;
  renderControls();
  try {
    const s = await call();
    clearError();
    return s;
  } catch (err) {
    showError(err);
    if (err instanceof ApiError && err.status === 409) {
      try {
        const s = await game.link.state();
        page.busy = false;
        receive(s, false);
      } catch (err2) {
        showError(err2);
      }
    }
    return null;
  } finally {
    page.busy = false;
    renderControls();
  }
}

let settingsChain = Promise.resolve();
let settingsPending = 0;

/** Settings changes go one after another, none dropped (a quick second click waits). */
export function changeSettings(change) {
  settingsPending += 1;
  settingsChain = settingsChain.then(async () => {
    try {
      const s = await game.link.settings(change);
      clearError();
      // Keep the hand being shown; take the player's part (settings, pending decks) and
      // the shoe (a deck count chosen may bring a new one).
      const { player, limits, next_hand: nextHand } = s;
      page.state = Object.assign({}, page.state, { player, limits, next_hand: nextHand });
      if ("fair" in s) page.state.fair = s.fair;
      showFair(s);
    } catch (err) {
      showError(err);
    } finally {
      settingsPending -= 1;
    }
    if (settingsPending === 0) {
      followLanguage(chosenLanguage(page.state), false);
      syncSettingsForm();
      render();
    }
  });
  return settingsChain;
}
