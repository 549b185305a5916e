/* The whole page drawn again from what it holds, and the page's fixed texts put into the
   chosen language. */

import { renderHelp, renderRules, syncSettingsForm } from "./dialogs.js";
import { $ } from "./dom.js";
import { language, t } from "./messages.js";
import { renderControls } from "./table/panel.js";
import { renderError, renderNotices } from "./table/status.js";
import { game, spec } from "./game.js";
import { renderLog } from "./table/table.js";

export function render() {
  if (!spec()) return;
  spec().renderTable();
  renderLog();
  if (game.aside) game.aside.render(); // what the seating adds beside the table (a room's)
  renderControls();
  renderNotices();
  renderError();
}

/** Every fixed text of the page (data-i18n), the labels, the rules and the keys. */
export function applyLanguage() {
  const lang = language();
  document.documentElement.lang = lang === "zh" ? "zh-CN" : lang;
  const title = game.name ? t("game." + game.name) : t("lobby.title");
  document.title = title;
  $("title").textContent = title;
  for (const n of document.querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
  for (const chip of document.querySelectorAll(".chip")) {
    chip.setAttribute("aria-label", t("bet.chip", { n: Number(chip.dataset.v) }));
  }
  $("bet").setAttribute("aria-label", t("bet.label"));
  // The controls are a named region (a landmark), like the table and the footer.
  $("controls").setAttribute("aria-label", t("controls.label"));
  renderRules();
  renderHelp();
  syncSettingsForm();
}
