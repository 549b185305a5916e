/* A question before a choice that cannot be taken back (issue 18): Surrender, Forfeit and a
   bet of your whole stack. The page's own dialog, in the page's language; Cancel has the
   focus, so a stray Enter changes nothing. */

import { $ } from "../dom.js";
import { t } from "../messages.js";

/** Asks `question` (a text key and its params); resolves true when `ok` is pressed. */
export function confirmChoice(question, params, ok) {
  const dlg = $("dlg-confirm");
  $("confirm-text").textContent = t(question, params);
  $("confirm-ok").textContent = t(ok);
  $("confirm-cancel").textContent = t("btn.cancel");
  return new Promise((resolve) => {
    // a close event comes as a task of its own: one of an earlier question may still be on
    // its way when this one is open, so an event is this question's only once it is closed
    const closed = () => {
      if (dlg.open) return;
      dlg.removeEventListener("close", closed);
      resolve(dlg.returnValue === "ok");
    };
    dlg.addEventListener("close", closed);
    dlg.returnValue = "";
    dlg.showModal();
    $("confirm-cancel").focus();
  });
}
