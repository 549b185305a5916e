/* The error box and the notices above the table: what went wrong (the server's code,
   translated) and what to tell the player once (State.player.notices). */

import { ApiError } from "../api.js";
import { $, el } from "../dom.js";
import { decksLabel, errorText, noticeText, t } from "../messages.js";
import { spec } from "../game.js";
import { limits, page, serverStack } from "../page.js";

export function renderError() {
  const box = $("error");
  const info = page.errorInfo;
  if (!info) {
    box.hidden = true;
    $("error-text").textContent = "";
    return;
  }
  box.hidden = false;
  box.dataset.code = (info.error && info.error.code) || "";
  // A game whose stack must cover more than the bet (one-on-one, O1) says so in its words.
  const g = spec();
  const code = info.error && info.error.code;
  const own = (code === "bad_bet" || code === "bad_bet.stack") && g && g.betError;
  $("error-text").textContent = own
    ? t(g.betError, Object.assign({ stack: serverStack() }, info.error.params || {}))
    : errorText(info, limits());
}

export function showError(err) {
  page.errorInfo = err instanceof ApiError
    ? { status: err.status, error: err.error }
    : { status: 0, error: { code: "network", message: String(err) } };
  renderError();
}

export function clearError() {
  page.errorInfo = null;
  renderError();
}

/** Whether the error on screen is about the bet (cleared when the bet changes). */
export function betErrorShown() {
  const info = page.errorInfo;
  return !!(info && info.error && String(info.error.code).startsWith("bad_bet"));
}

/** Shows the notices of a State (about its last deal). */
export function showNotices(s) {
  page.notices = (s.player && s.player.notices) || [];
  renderNotices();
}

function notice(code, text, cls = "notice") {
  const p = el("p", cls, text);
  p.dataset.code = code;
  return p;
}

export function renderNotices() {
  const box = $("notices");
  box.replaceChildren();
  for (const n of page.notices) box.appendChild(notice(n.code, noticeText(n)));
  const state = page.state;
  const pending = state && state.player ? state.player.pending_decks : null;
  if (pending === 1 || pending === 2) {
    // A deck change waits for the next shuffle (T11, T12): say so on the table too.
    const text = t("settings.decks.pending", { label: decksLabel(pending) });
    box.appendChild(notice("decks_pending", text, "notice subtle"));
  }
  const stack = serverStack();
  const idle = !state || !state.table || (state.table.over && !page.animating);
  const { minStack, fresh } = limits();
  if (stack !== null && stack < minStack && idle) {
    box.appendChild(notice("out_of_chips", t("notice.out_of_chips", { stack: fresh })));
  }
}
