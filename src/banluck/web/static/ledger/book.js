/* The ledger as the page keeps it (in this browser, so that hands are entered without a
   connection): the house and its settlement table from the server (POST /api/ledger/table),
   the unit, the people and the hands. A hand's nets are the server's multiples times the
   bets, or, for a house whose table has no multiples (each hand settled whole), the nets the
   server gave the hand (settle.js; a hand entered without a connection waits for them): the
   page never settles a hand by a rule of its own. Amounts are kept in coins, the unit's
   smallest amount. */

const KEY = "banluck.ledger.v1";

/** The ledger kept in this browser, or null. */
export function loadBook() {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function saveBook(book) {
  if (book) localStorage.setItem(KEY, JSON.stringify(book));
  else localStorage.removeItem(KEY);
}

/** A fresh ledger from the server's answer for its house. */
export function newBook(answer, houseRef, unit, people) {
  const { seat_ends, banker_ends, banker_quick, multiples } = answer;
  const seat_extras = answer.seat_extras || {};
  const banker_extras = answer.banker_extras || {};
  const passes = answer.bank_passes_every || null; // null: the banker keeps the bank
  const table = { seat_ends, banker_ends, banker_quick, multiples, seat_extras, banker_extras, passes };
  return { house: answer.house, houseRef, table, unit, people, hands: [] };
}

/** Who banks the next hand: the last hand's banker, or, where the house passes the bank
    every `passes` hands (K2), the next person once the banker has held it that long. */
export function nextBanker(book) {
  const hands = book.hands;
  if (!hands.length) return book.people[0];
  const last = hands[hands.length - 1].banker;
  const every = book.table.passes;
  let held = 0;
  while (held < hands.length && hands[hands.length - 1 - held].banker === last) held += 1;
  if (!every || held % every !== 0) return last;
  const i = book.people.indexOf(last);
  return book.people[(i + 1) % book.people.length];
}

/** An amount of the unit as a whole number of coins, or null when it is not one. */
export function toCoins(book, amount) {
  const n = Number(amount) / Number(book.unit.coin);
  if (!Number.isFinite(n) || n <= 0) return null;
  const whole = Math.round(n);
  return Math.abs(n - whole) < 1e-9 ? whole : null;
}

/** Coins as an amount of the unit (a number, rounded to the coin's decimals). */
export function fromCoins(book, coins) {
  const decimals = (String(book.unit.coin).split(".")[1] || "").length;
  return Number((coins * Number(book.unit.coin)).toFixed(decimals));
}

/** What `end` wins or loses against the banker's `bankerEnd`, in bets (the server's
    table); undefined for an end the house does not know, null where the two cannot meet. */
export function multiple(book, end, bankerEnd) {
  const row = book.table.seat_ends.indexOf(end);
  const col = book.table.banker_ends.indexOf(bankerEnd);
  if (row < 0 || col < 0) return undefined;
  return book.table.multiples[row][col];
}

/** Whether the server settles each hand of this house whole (its table has no multiples). */
export const settledWhole = (book) => !book.table.multiples;

/** Whether the server settles `hand`: every hand of a house settled whole, and a hand with
    an end given as the cards themselves (the page reads no cards). */
export const byServer = (book, hand) => settledWhole(book) || Object.values(hand.ends).some(Array.isArray);

/** A hand's nets in coins by name (the banker's the opposite of the players' sum), or
    {error, who} naming the first player whose end cannot meet the banker's; for a house
    settled whole, the server's answer kept with the hand, or {pending: true} until it has one. */
export function handNets(book, hand) {
  if (byServer(book, hand)) {
    if (hand.nets) return { nets: hand.nets };
    return hand.wrong ? { error: "cannot_meet", who: hand.wrong.who } : { pending: true };
  }
  const nets = {};
  let sum = 0;
  for (const [name, end] of Object.entries(hand.ends)) {
    if (name === hand.banker) continue;
    const m = multiple(book, end, hand.ends[hand.banker]);
    if (m === null || m === undefined) return { error: m === null ? "cannot_meet" : "unknown", who: name };
    nets[name] = m * hand.bets[name];
    sum += nets[name];
  }
  nets[hand.banker] = -sum;
  return { nets };
}

/** The hands not settled yet: waiting for the connection, or refused by the server. */
export const unsettled = (book) => book.hands.filter((h) => !handNets(book, h).nets);

/** Each person's net, biggest win and hands, in the order the ledger names them (of the
    hands settled). */
export function totals(book) {
  const out = new Map(book.people.map((p) => [p, { net: 0, best: 0, hands: 0 }]));
  for (const hand of book.hands) {
    const { nets } = handNets(book, hand);
    for (const [name, net] of Object.entries(nets || {})) {
      const t = out.get(name) || { net: 0, best: 0, hands: 0 };
      t.net += net;
      t.best = Math.max(t.best, net);
      t.hands += 1;
      out.set(name, t);
    }
  }
  return out;
}

/** A book from a ledger file (another phone's, handed over) and its house's table: the
    amounts as coins; a house settled whole has its hands settled by the server next. */
export function bookFromFile(answer, file) {
  const unit = { name: file.unit.name, coin: String(file.unit.coin) };
  const book = newBook(answer, file.house, unit, [...file.people]);
  for (const hand of file.hands) {
    const bets = Object.fromEntries(Object.entries(hand.bets).map(([n, a]) => [n, toCoins(book, a)]));
    book.hands.push({ banker: hand.banker, bets, ends: hand.ends });
  }
  return book;
}

/** The ledger file of docs/LEDGER.md (`banluck ledger settle` reads it). */
export function ledgerFile(book) {
  return {
    house: book.houseRef,
    unit: { name: book.unit.name, coin: Number(book.unit.coin) },
    people: [...book.people],
    hands: book.hands.map((h) => ({
      banker: h.banker,
      bets: Object.fromEntries(Object.entries(h.bets).map(([n, c]) => [n, fromCoins(book, c)])),
      ends: { ...h.ends },
    })),
  };
}

/** Every hand's nets as CSV: the hand, its banker, then one column per person. */
export function ledgerCsv(book) {
  // a name a spreadsheet would read as a formula starts with an apostrophe
  const quote = (s) => `"${String(s).replace(/^[=+\-@]/, "'$&").replaceAll('"', '""')}"`;
  const lines = [["hand", "banker", ...book.people].map(quote).join(",")];
  book.hands.forEach((hand, i) => {
    const { nets } = handNets(book, hand);
    const cells = book.people.map((p) => (nets && p in nets ? fromCoins(book, nets[p]) : ""));
    lines.push([i + 1, quote(hand.banker), ...cells].join(","));
  });
  return "\ufeff" + lines.join("\n") + "\n"; // the mark: a spreadsheet reads UTF-8 names
}
