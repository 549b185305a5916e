/* The texts of a page of its own (the room maker, the ledger): every element marked
   data-i18n, the title and the language menu, in the reader's language. */

import { $ } from "./dom.js";
import { language, t } from "./messages.js";

/** Puts every text of the page in the current language; `titleKey` names the title. */
export function applyTexts(titleKey) {
  const lang = language();
  document.documentElement.lang = lang === "zh" ? "zh-CN" : lang;
  for (const n of document.querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
  document.title = t(titleKey);
  $("language").value = lang;
}
