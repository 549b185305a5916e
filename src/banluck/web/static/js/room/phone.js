/* A phone as a seat all evening: the screen kept on while a hand you are dealt in is on
   (the Screen Wake Lock, where the browser gives it; taken again when the page comes back
   into view, as the browser lets it go when hidden), and, when you ask for it, a
   notification when your turn begins while this tab is hidden. */

import { $ } from "../dom.js";
import { keep, stored } from "../kept.js";
import { t } from "../messages.js";

const NOTIFY = "banluck.roomNotify";
let lock = null; // the wake lock held
let wanted = false; // a hand you are dealt in is on

async function hold() {
  if (!wanted || lock || !navigator.wakeLock || document.hidden) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null; // refused (battery saver, no permission): the screen may sleep
  }
  if (!wanted) letGo(); // the hand ended while the lock was asked for
}

function letGo() {
  const held = lock;
  lock = null;
  if (held) held.release().catch(() => {});
}

/** Keep the screen on (`on`) or let it sleep. */
export function keepAwake(on) {
  wanted = on;
  if (on) hold();
  else letGo();
}

const canNotify = () => "Notification" in window;

/** A notification as your turn begins (`began`: social.js's cue), when asked for and the
    tab is hidden. */
export function notifyTurn(began, text) {
  if (began && document.hidden && $("notify").checked && canNotify() && Notification.permission === "granted") {
    try {
      new Notification(t("room.title"), { body: text, tag: "banluck-turn" });
    } catch {
      // a browser that shows notifications only from a service worker: the title says it
    }
  }
}

export function wirePhone() {
  document.addEventListener("visibilitychange", () => { if (!document.hidden) hold(); });
  const box = $("notify");
  $("notify-label").hidden = !canNotify();
  if (!canNotify()) return;
  box.checked = stored(localStorage, NOTIFY, false) === true && Notification.permission === "granted";
  box.addEventListener("change", async () => {
    if (box.checked && Notification.permission !== "granted") {
      box.checked = (await Notification.requestPermission()) === "granted";
    }
    keep(localStorage, NOTIFY, box.checked);
  });
}
