/* Hands settled by the server, for a house whose table has no multiples (kampung's and Xì
   Dách's: the banker's openings and the offenders' shares make a hand one whole): POST
   /api/ledger/hands settles each hand by the house's own rules. A hand entered without a
   connection is kept without nets and settled once the server answers again. */

import { offline, request } from "../js/api.js";
import { byServer, saveBook } from "./book.js";

/** The most hands the server settles in one request (SETTLE_MAX). */
const AT_ONCE = 200;

/** What the server needs of a hand: its banker, bets (in coins) and ends. */
const sent = (hand) => ({ banker: hand.banker, bets: hand.bets, ends: hand.ends });

/** Each hand's answer from the server: {nets} or {error, who}. Throws as `request` does. */
export async function settleHands(book, hands) {
  const answer = await request("POST", "/api/ledger/hands", { house: book.houseRef, hands: hands.map(sent) });
  return answer.hands;
}

/** One hand as the page shows it while it is entered: {nets}, {error: "cannot_meet", who},
    {pending: true} without a connection, or {refused: message} for a request refused. */
export async function settleOne(book, hand) {
  try {
    const [one] = await settleHands(book, [hand]);
    return one.nets ? { nets: one.nets } : { error: "cannot_meet", who: one.who, message: one.error };
  } catch (err) {
    return offline(err) ? { pending: true } : { refused: err.error };
  }
}

/** Every kept hand still without nets sent to be settled; whether any changed (kept). A
    hand the server refuses is marked `wrong` (with the person) for the family to edit. */
export async function settlePending(book) {
  if (!book) return false;
  const waiting = book.hands.filter((h) => byServer(book, h) && !h.nets && !h.wrong);
  let changed = false;
  for (let i = 0; i < waiting.length; i += AT_ONCE) {
    const some = waiting.slice(i, i + AT_ONCE);
    let answers;
    try {
      answers = await settleHands(book, some);
    } catch {
      break; // still no connection (or refused): they wait
    }
    some.forEach((hand, j) => {
      const one = answers[j];
      if (one.nets) hand.nets = one.nets;
      else hand.wrong = { who: one.who };
    });
    changed = true;
  }
  if (changed) saveBook(book);
  return changed;
}
