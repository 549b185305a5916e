/* What this page saw of a table's fair shuffle (a room's or a solo table's), kept in the
   browser for the Verify button (docs/FAIRNESS.md): each shoe's commitment as shown, and
   each hand with the shoe in use when it was dealt. A history that leaves out a shoe or a
   hand seen here, or shows another commitment, does not verify: the history alone cannot
   tell a shoe dropped at its end, or two hands merged and the rest renumbered. Each table
   is kept under its own name (a room's code, `solo.` and the game's name). */

const KEEP = { shoes: 200, hands: 2000 };

const key = (name) => `banluck.fair.seen.${name}`;

/** What the page saw at table `name`: {shoes: {n: commitment}, hands: {h: shoe}, salts:
    {n: salt commitment of a derived shoe}}. */
export function seenIn(name) {
  try {
    const got = JSON.parse(localStorage.getItem(key(name)) || "null");
    if (got && typeof got.shoes === "object" && typeof got.hands === "object") {
      if (typeof got.salts !== "object" || !got.salts) got.salts = {};
      return got;
    }
  } catch {
    // unreadable: start again
  }
  return { shoes: {}, hands: {}, salts: {} };
}

function trim(map, most) {
  const numbers = Object.keys(map).map(Number).sort((a, b) => a - b);
  for (const n of numbers.slice(0, Math.max(0, numbers.length - most))) delete map[n];
}

/** Table `name` shows `fair`: its shoe in use and the hand dealt last with the shoe it
    was dealt from, as the server says them when they happen; both are kept. True when the
    table shows a shoe this page saw under another commitment: the table went back to an
    earlier save (what was seen is kept no more; the page says so). */
export function noteSeen(name, fair) {
  if (!name || !fair) return false;
  let seen = seenIn(name);
  const was = seen.shoes[fair.shoe];
  const rolledBack = was !== undefined && was !== fair.commitment;
  if (rolledBack) seen = { shoes: {}, hands: {}, salts: {} };
  const before = rolledBack ? "" : JSON.stringify(seen);
  seen.shoes[fair.shoe] = fair.commitment;
  // derived from a committed salt: the history must keep its seed record (verify.js)
  if (typeof fair.salt_commitment === "string") seen.salts[fair.shoe] = fair.salt_commitment;
  const last = fair.last_hand;
  if (last && !(last.hand in seen.hands)) seen.hands[last.hand] = last.shoe;
  trim(seen.shoes, KEEP.shoes);
  trim(seen.hands, KEEP.hands);
  trim(seen.salts, KEEP.shoes);
  const after = JSON.stringify(seen);
  if (after === before) return rolledBack;
  try {
    localStorage.setItem(key(name), after);
  } catch {
    // storage full or refused: the Verify button checks without it
  }
  return rolledBack;
}
