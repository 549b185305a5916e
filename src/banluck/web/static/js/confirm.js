/* A question before a choice that cannot be taken back (issue 18): Surrender, Forfeit and a
   bet of your whole stack. The page's own dialog, in the page's language; Cancel has the
   focus, so a stray Enter changes nothing. */

import { $ } from "./dom.js";
import { t } from "./messages.js";

/** Asks `question` (a text key and its params); resolves true when `ok` is pressed. */
export function confirmChoice(question, params, ok) {
  const dlg = $("dlg-confirm");
  $("confirm-text").textContent = t(question, params);
  $("confirm-ok").textContent = t(ok);
  $("confirm-cancel").textContent = t("btn.cancel");
  return new Promise((resolve) => {
    dlg.addEventListener("close", () => resolve(dlg.returnValue === "ok"), { once: true });
    dlg.returnValue = "";
    dlg.showModal();
    $("confirm-cancel").focus();
  });
}
