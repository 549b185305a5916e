/* What this page saw of a room's fair shuffle, kept in the browser for the Verify button
   (docs/FAIRNESS.md): each shoe's commitment as shown, and each hand with the shoe in use
   when it was dealt. A history that leaves out a shoe or a hand seen here, or shows
   another commitment, does not verify: the history alone cannot tell a shoe dropped at
   its end, or two hands merged and the rest renumbered. */

const KEEP = { shoes: 200, hands: 2000 };

const key = (code) => `banluck.fair.seen.${code}`;

/** What the page saw in room `code`: {shoes: {n: commitment}, hands: {h: shoe}}. */
export function seenIn(code) {
  try {
    const got = JSON.parse(localStorage.getItem(key(code)) || "null");
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

/** The room's frame: its shoe's commitment and the hand being dealt are kept. */
export function noteSeen(code, room) {
  const fair = room.fair;
  if (!code || !fair) return;
  const seen = seenIn(code);
  const before = JSON.stringify(seen);
  seen.shoes[fair.shoe] = fair.commitment;
  if (room.phase === "playing" && room.hand && !(room.hand in seen.hands)) seen.hands[room.hand] = fair.shoe;
  trim(seen.shoes, KEEP.shoes);
  trim(seen.hands, KEEP.hands);
  const after = JSON.stringify(seen);
  if (after === before) return;
  try {
    localStorage.setItem(key(code), after);
  } catch {
    // storage full or refused: the Verify button checks without it
  }
}
