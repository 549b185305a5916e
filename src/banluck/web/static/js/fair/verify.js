/* The room's "Verify" button (issue 11 #6, docs/FAIRNESS.md): a room's public history
   checked in the browser with crypto.subtle. For every revealed shoe: the SHA-256 of
   SALT + ":" + the order's codes joined by spaces is its commitment, it holds the cards
   committed, and the cards dealt from it (the deals in order) are the order's first cards,
   in order; a shoe derived from a salt and the players' seeds also has the SHA-256 of its
   salt equal to the salt commitment shown before the seeds, and its order is the one the
   salt and the seeds give (HMAC-SHA256 driving Fisher-Yates). A shoe not revealed yet is
   the one in use: only its commitment is shown. (`banluck verify` checks more: full
   decks, C8's discards, shoes used one after another.) */

const HEX = 0x10; // a byte as two hex digits

/** The SHA-256 of a text, lowercase hex. */
export async function sha256hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(HEX).padStart(2, "0")).join("");
}

const TWO64 = 1n << 64n;

function bytesOf(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), HEX);
  return out;
}

/** The order, top first, that a salt (hex) and a client seed give `cards`: the cards
    sorted by rank, then suit, in the orders the server gives (`sort`: {ranks, suits}),
    then for i from n-1 down to 1 swapped with j, uniform in 0..i, from the stream of
    64-bit numbers HMAC-SHA256(salt, seed + ":" + k) gives. */
export async function deriveOrder(saltHex, seed, cards, sort) {
  const key = await crypto.subtle.importKey(
    "raw", bytesOf(saltHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const rank = (c) => sort.ranks.indexOf(c[0]) * sort.suits.length + sort.suits.indexOf(c[1]);
  const order = [...cards].sort((a, b) => rank(a) - rank(b));
  let block = 0;
  let numbers = [];
  async function next() {
    if (!numbers.length) {
      const text = new TextEncoder().encode(`${seed}:${block}`);
      const mac = new DataView(await crypto.subtle.sign("HMAC", key, text));
      block += 1;
      numbers = [0, 1, 2, 3].map((k) => mac.getBigUint64(k * 8));
    }
    return numbers.shift();
  }
  for (let i = order.length - 1; i > 0; i--) {
    const n = BigInt(i + 1);
    const limit = TWO64 - (TWO64 % n);
    let x = await next();
    while (x >= limit) x = await next();
    const j = Number(x % n);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The SHA-256 of the derivation's card order as docs/FAIRNESS.md and `banluck verify`
    have it (ranks, a colon, suits): an order the server gives that is not this one fails,
    so the page never derives with an order the server chose. */
const CARD_ORDER_SHA256 = "0fb8f1892ade7922c8cceeab88e9b1b2964d47648aeb07c7e5841a6e68ae0a37";

/** Whether `sort` is the documented card order. */
async function documentedOrder(sort) {
  if (!sort || typeof sort.ranks !== "string" || typeof sort.suits !== "string") return false;
  return (await sha256hex(`${sort.ranks}:${sort.suits}`)) === CARD_ORDER_SHA256;
}

/** Why a derived shoe fails (its salt's commitment, its order), else null. */
async function derivedFailure(s, sort) {
  if (typeof s.client_seed !== "string") return null;
  if (!(await documentedOrder(sort))) return { why: "derived" };
  if ((await sha256hex(s.reveal.salt)) !== s.salt_commitment) return { why: "salt" };
  const again = await deriveOrder(s.reveal.salt, s.client_seed, s.reveal.order, sort);
  return again.every((c, i) => c === s.reveal.order[i]) ? null : { why: "derived" };
}

/** Whether this page can compute SHA-256 (crypto.subtle needs a secure context). */
export const canVerify = () => Boolean(globalThis.crypto && crypto.subtle && crypto.subtle.digest);

/** One result per shoe of `history` (the JSON of /room/{code}/history.json), in order:
    {shoe, commitment, status: "verified" | "failed" | "pending", why?, n?, seed?};
    `sort` is the derivation's card orders, from the room's frame (held to the documented
    order); `seen` what this page saw (seen.js), checked against the history when given. */
export async function verifyHistory(history, sort, seen) {
  const dealt = new Map();
  for (const d of history.deals || []) {
    if (!dealt.has(d.shoe)) dealt.set(d.shoe, []);
    dealt.get(d.shoe).push(...d.cards);
  }
  const results = [];
  for (const s of history.shoes || []) {
    const base = { shoe: s.shoe, commitment: s.commitment };
    if (!s.reveal) {
      const cards = dealt.get(s.shoe) || [];
      results.push(cards.length ? { ...base, status: "failed", why: "hidden" } : { ...base, status: "pending" });
      continue;
    }
    const order = s.reveal.order;
    const got = await sha256hex(`${s.reveal.salt}:${order.join(" ")}`);
    let failure = null;
    if (got !== s.commitment) failure = { why: "hash" };
    else if (order.length !== s.cards) failure = { why: "count" };
    else {
      const cards = dealt.get(s.shoe) || [];
      const bad = cards.findIndex((c, i) => c !== order[i]);
      if (bad >= 0) failure = { why: "card", n: bad + 1 };
      else failure = await derivedFailure(s, sort);
    }
    const seed = s.client_seed || null;
    results.push(failure ? { ...base, status: "failed", ...failure } : { ...base, status: "verified", seed });
  }
  return seen ? checkSeen(history, seen, results) : results;
}

/** The results, failed where the history leaves out or changes what the page saw
    (`seen`: seen.js): a shoe's commitment or seed record, a hand dealt from a shoe now
    revealed. */
function checkSeen(history, seen, results) {
  const shoes = history.shoes || [];
  const first = shoes.length ? shoes[0].shoe : Infinity; // older shoes are dropped in turn
  const byShoe = new Map(results.map((r) => [r.shoe, r]));
  const fail = (shoe, why, n) => {
    const r = byShoe.get(shoe) || { shoe, commitment: seen.shoes[shoe] || "" };
    Object.assign(r, { status: "failed", why, n });
    if (!byShoe.has(shoe)) {
      byShoe.set(shoe, r);
      results.push(r);
    }
  };
  for (const [n, commitment] of Object.entries(seen.shoes)) {
    const shoe = Number(n);
    const s = shoes.find((x) => x.shoe === shoe);
    if (!s && shoe >= first) fail(shoe, "missing");
    else if (s && s.commitment !== commitment) fail(shoe, "changed");
  }
  // a shoe this page saw derived from a committed salt keeps its seed record in the history
  for (const [n, salt] of Object.entries(seen.salts || {})) {
    const s = shoes.find((x) => x.shoe === Number(n));
    if (s && (s.salt_commitment !== salt || typeof s.client_seed !== "string")) {
      fail(Number(n), "unseeded");
    }
  }
  const dealtFrom = new Map();
  for (const d of history.deals || []) if (d.hand && !dealtFrom.has(d.hand)) dealtFrom.set(d.hand, d.shoe);
  const revealed = new Set(shoes.filter((s) => s.reveal).map((s) => s.shoe));
  for (const [h, shoe] of Object.entries(seen.hands)) {
    if (revealed.has(shoe) && dealtFrom.get(Number(h)) !== shoe) fail(shoe, "hand", Number(h));
  }
  return results.sort((a, b) => a.shoe - b.shoe);
}
