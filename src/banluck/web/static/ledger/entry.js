/* Entering a hand (the ledger's page): the banker and how their hand ended, then each
   player, who starts as "lost" to it; a player's end is picked in a dialog. The hand's nets
   show as it is entered (book.js: the server's table times the bets; for a house settled
   whole, or a hand given as cards, the server's answer for the hand as it stands,
   settle.js). An end may say more where the house has more (picker.js): {end, ...extras}.
   `draft` is the hand being entered: {banker, bets, ends, out (who sits it out), editing
   (an earlier hand's index, or null), preview (the server's answer and the hand it
   answered)}. */

import { $, el } from "../js/dom.js";
import { t } from "../js/messages.js";
import { errorMessage } from "../js/room/words.js";
import { byServer, fromCoins, handNets, nextBanker, saveBook, toCoins } from "./book.js";
import { endButton, pick } from "./picker.js";
import { settleOne } from "./settle.js";
import { endLabel, money, plain } from "./words.js";

let book = null;
let draft = null;
let asking = null; // the hand (as JSON) the server is asked to settle now
let saving = false;

/** The next hand's draft: the last hand's banker, bets and players; every player "lost". */
export function freshDraft(ledger) {
  book = ledger;
  const last = book.hands[book.hands.length - 1];
  const banker = nextBanker(book);
  const bets = {};
  const out = new Set();
  for (const p of book.people) {
    const before = [...book.hands].reverse().find((h) => p in h.bets);
    bets[p] = before ? before.bets[p] : toCoins(book, 10 * Number(book.unit.coin));
    if (last && !(p in last.ends) && p !== banker) out.add(p);
  }
  draft = { banker, bets, ends: {}, out, editing: null, preview: null };
}

export function editDraft(index) {
  const hand = book.hands[index];
  const out = new Set(book.people.filter((p) => !(p in hand.ends)));
  const bets = { ...draft.bets, ...hand.bets };
  draft = { banker: hand.banker, bets, ends: { ...hand.ends }, out, editing: index, preview: null };
  drawEntry();
  $("entry").scrollIntoView();
}

function players() {
  return book.people.filter((p) => p !== draft.banker);
}

function draftHand() {
  const ends = { [draft.banker]: draft.ends[draft.banker] };
  const bets = {};
  for (const p of players()) {
    if (draft.out.has(p)) continue;
    ends[p] = draft.ends[p] || "lost";
    bets[p] = draft.bets[p];
  }
  return { banker: draft.banker, bets, ends };
}

export function drawEntry() {
  const number = draft.editing === null ? book.hands.length + 1 : draft.editing + 1;
  $("entry-title").textContent = t(draft.editing === null ? "ledger.hand.new" : "ledger.hand.edit", { n: number });
  $("cancel-edit").hidden = draft.editing === null;
  const bankerSel = $("banker");
  bankerSel.replaceChildren(...book.people.map((p) => {
    const o = el("option", "", p);
    o.value = p;
    return o;
  }));
  bankerSel.value = draft.banker;
  $("banker-passes").textContent = book.table.passes ? t("ledger.banker.passes", { n: book.table.passes }) : "";
  const bankerEnd = draft.ends[draft.banker];
  const quick = book.table.banker_quick; // the rest are a tap on "More…" away
  const buttons = quick.map((end) => endButton(end, bankerEnd === end, () => setBankerEnd(end)));
  const more = el("button", "", bankerEnd && !quick.includes(bankerEnd) ? endLabel(bankerEnd) : t("ledger.end.more"));
  more.type = "button";
  more.dataset.end = "more";
  more.setAttribute("aria-pressed", String(!!bankerEnd && !quick.includes(bankerEnd)));
  more.addEventListener("click", () =>
    pick(t("ledger.banker.end"), book.table.banker_ends, setBankerEnd, book.table.banker_extras, bankerEnd));
  $("banker-ends").replaceChildren(...buttons, more);
  const hand = draftHand();
  const result = bankerEnd ? draftNets(hand) : null;
  $("players").replaceChildren(...players().map((p) => playerRow(p, result)));
  let error = "";
  if (result && result.error) {
    const said = { name: result.who, end: endLabel(hand.ends[result.who]), banker: endLabel(bankerEnd) };
    error = t("ledger.error." + result.error, said);
  } else if (result && result.refused) error = errorMessage(result.refused);
  $("entry-error").textContent = error;
  $("entry-note").textContent = result && result.pending ? t("ledger.pending.entry") : "";
}

/** The draft's nets: the table's, or the server's answer for the hand as it now stands
    (asked once per change; null until it answers, and the entry is drawn again then). */
function draftNets(hand) {
  if (!byServer(book, hand)) return handNets(book, hand);
  const key = JSON.stringify(hand);
  if (draft.preview && draft.preview.key === key) return draft.preview.result;
  if (asking !== key) {
    asking = key;
    settleOne(book, hand).then((result) => {
      if (asking !== key) return; // the hand changed since
      asking = null;
      draft.preview = { key, result };
      drawEntry();
    });
  }
  return null;
}

function playerRow(name, result) {
  const out = draft.out.has(name);
  const li = el("li", out ? "out" : "");
  li.dataset.person = name;
  li.append(el("span", "name", name));
  const bet = el("input");
  bet.type = "number";
  bet.min = String(book.unit.coin);
  bet.step = String(book.unit.coin);
  bet.value = String(fromCoins(book, draft.bets[name]));
  bet.setAttribute("aria-label", t("ledger.bet.of", { name }));
  bet.disabled = out;
  bet.addEventListener("change", () => {
    const coins = toCoins(book, bet.value);
    if (coins === null) {
      $("entry-error").textContent = t("ledger.error.bet", { name, coin: plain(book, 1) });
      return;
    }
    draft.bets[name] = coins;
    drawEntry();
  });
  li.append(bet);
  const end = el("button", "end", out ? t("ledger.end.out") : endLabel(draft.ends[name] || "lost"));
  end.type = "button";
  end.setAttribute("aria-label", t("ledger.end.of", { name }));
  end.addEventListener("click", () => {
    const done = (chosen) => {
      if (chosen === "out") draft.out.add(name);
      else {
        draft.out.delete(name);
        draft.ends[name] = chosen;
      }
      drawEntry();
    };
    pick(t("ledger.end.of", { name }), [...book.table.seat_ends, "out"], done, book.table.seat_extras, draft.ends[name]);
  });
  li.append(end);
  const net = el("span", "net", result && result.nets && name in result.nets ? money(book, result.nets[name]) : "");
  li.append(net);
  return li;
}

function setBankerEnd(end) {
  draft.ends[draft.banker] = end;
  drawEntry();
}

async function saveHand(onSaved) {
  if (saving) return; // a second tap while the server answers the first
  saving = true;
  try {
    await save(onSaved);
  } finally {
    saving = false;
  }
}

async function save(onSaved) {
  if (!draft.ends[draft.banker]) {
    $("entry-error").textContent = t("ledger.error.banker");
    return;
  }
  const hand = draftHand();
  if (Object.keys(hand.bets).length === 0) {
    $("entry-error").textContent = t("ledger.error.nobody");
    return;
  }
  if (byServer(book, hand)) {
    // the server settles it now; without a connection it is kept and settled later
    const result = await settleOne(book, hand);
    if (!result.nets && !result.pending) {
      draft.preview = { key: JSON.stringify(hand), result };
      drawEntry(); // says why
      return;
    }
    if (result.nets) hand.nets = result.nets;
  } else if (handNets(book, hand).error) return; // drawEntry says why
  if (draft.editing === null) book.hands.push(hand);
  else book.hands[draft.editing] = hand;
  saveBook(book);
  freshDraft(book);
  onSaved();
}

/** The entry's buttons; `onSaved` after a hand is saved or a person added. */
export function wireEntry(onSaved) {
  $("banker").addEventListener("change", () => {
    draft.banker = $("banker").value;
    draft.out.delete(draft.banker);
    drawEntry();
  });
  $("next-banker").addEventListener("click", () => {
    const i = book.people.indexOf(draft.banker);
    draft.banker = book.people[(i + 1) % book.people.length];
    draft.out.delete(draft.banker);
    delete draft.ends[draft.banker];
    drawEntry();
  });
  $("save-hand").addEventListener("click", () => saveHand(onSaved));
  $("cancel-edit").addEventListener("click", () => {
    freshDraft(book);
    drawEntry();
  });
  $("add-person-btn").addEventListener("click", () => {
    const name = $("add-person").value.trim();
    $("add-person").value = "";
    if (!name || book.people.includes(name)) return;
    book.people.push(name);
    draft.bets[name] = toCoins(book, 10 * Number(book.unit.coin));
    saveBook(book);
    onSaved();
  });
  $("end-cancel").addEventListener("click", () => $("end-picker").close());
}
