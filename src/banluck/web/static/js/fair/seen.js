/* What this page saw of a table's fair shuffle (a room's or a solo table's), kept in the
   browser for the Verify button (docs/FAIRNESS.md): each shoe's commitment as shown, and
   each hand with the shoe in use when it was dealt. A history that leaves out a shoe or a
   hand seen here, or shows another commitment, does not verify: the history alone cannot
   tell a shoe dropped at its end, or two hands merged and the rest renumbered. Each table
   is kept under its own name (a room's code, `solo.` and the game's name). */

const KEEP = { shoes: 200, hands: 2000 };

const key = (name) => `banluck.fair.seen.${name}`;

/** What the page saw at table `name`: {shoes: {n: commitment}, hands: {h: shoe}}. */
export function seenIn(name) {
  try {
    const got = JSON.parse(localStorage.getItem(key(name)) || "null");
    if (got && typeof got.shoes === "object" && typeof got.hands === "object") return got;
  } catch {
    // unreadable: start again
  }
  return { shoes: {}, hands: {} };
}

function trim(map, most) {
  const numbers = Object.keys(map).map(Number).sort((a, b) => a - b);
  for (const n of numbers.slice(0, Math.max(0, numbers.length - most))) delete map[n];
}

/** Table `name` shows `fair`: its shoe in use and the hand dealt last with the shoe it
    was dealt from, as the server says them when they happen; both are kept. */
export function noteSeen(name, fair) {
  if (!name || !fair) return;
  const seen = seenIn(name);
  const before = JSON.stringify(seen);
  seen.shoes[fair.shoe] = fair.commitment;
  const last = fair.last_hand;
  if (last && !(last.hand in seen.hands)) seen.hands[last.hand] = last.shoe;
  trim(seen.shoes, KEEP.shoes);
  trim(seen.hands, KEEP.hands);
  const after = JSON.stringify(seen);
  if (after === before) return;
  try {
    localStorage.setItem(key(name), after);
  } catch {
    // storage full or refused: the Verify button checks without it
  }
}
