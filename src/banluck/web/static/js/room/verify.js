/* The room's "Verify" button (issue 11 #6, docs/FAIRNESS.md): a room's public history
   checked in the browser with crypto.subtle. For every revealed shoe: the SHA-256 of
   SALT + ":" + the order's codes joined by spaces is its commitment, it holds the cards
   committed, and the cards dealt from it (the deals in order) are the order's first cards,
   in order. A shoe not revealed yet is the one in use: only its commitment is shown.
   (`banluck verify` checks more: full decks, C8's discards, shoes used one after another.) */

const HEX = 0x10; // a byte as two hex digits

/** The SHA-256 of a text, lowercase hex. */
export async function sha256hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(HEX).padStart(2, "0")).join("");
}

/** Whether this page can compute SHA-256 (crypto.subtle needs a secure context). */
export const canVerify = () => Boolean(globalThis.crypto && crypto.subtle && crypto.subtle.digest);

/** One result per shoe of `history` (the JSON of /room/{code}/history.json), in order:
    {shoe, commitment, status: "verified" | "failed" | "pending", why?, n?}. */
export async function verifyHistory(history) {
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
    }
    results.push(failure ? { ...base, status: "failed", ...failure } : { ...base, status: "verified" });
  }
  return results;
}
