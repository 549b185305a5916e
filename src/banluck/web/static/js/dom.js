/* Three small DOM helpers the other modules share. */

export const $ = (id) => document.getElementById(id);

/** A new element with an optional class and text. */
export function el(tag, cls, text) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  if (text !== undefined) n.textContent = text;
  return n;
}

/** Says `text` to screen readers (the assertive live region). */
export function announce(text) {
  const live = $("sr-live");
  live.textContent = "";
  // A fresh text node each time, so the same words twice are announced twice.
  setTimeout(() => { live.textContent = text; }, 30);
}
