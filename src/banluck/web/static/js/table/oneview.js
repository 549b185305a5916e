/* One view at a decision (issue 18): when you must choose, the dealer's cards, your cards,
   the buttons and the Hint are brought into the window together, when they fit there,
   whatever else the page holds above or below (the fair shuffle's panel, a room's part).
   The window is scrolled once for each decision (and again when the Hint opens), by the
   least that shows them all; a player who scrolls away afterwards is left there. */

const PARTS = ["main:not([hidden]) .seat.dealer", "#act-row", "#hint"];

let last = null; // the decision (hand, step, hint shown) the window was fitted to

function shown(e) {
  return e && !e.hidden && e.getClientRects().length > 0;
}

/** Scrolls the window so that the parts of decision `key` are all in view (once a key). */
export function fitDecision(key) {
  if (key === last) return;
  last = key;
  const boxes = PARTS.map((s) => document.querySelector(s)).filter(shown).map((e) => e.getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((b) => b.top));
  const bottom = Math.max(...boxes.map((b) => b.bottom));
  const height = window.innerHeight;
  if (top >= 0 && bottom <= height) return;
  // they fit: the least move; else the dealer's cards at the top
  const by = bottom - top > height || top < 0 ? top : bottom - height;
  window.scrollBy({ top: by, left: 0, behavior: "instant" });
}
