/* A live view for the family (docs/LEDGER.md): the ledger shared once (POST /api/ledgers),
   then every change sent as the ledger's next version (PUT /api/ledgers/{code}), whenever
   there is a connection. The phone's own ledger is the one that counts: a change made
   without a connection waits, and the whole ledger is sent when the connection is back, so
   nothing is lost or counted twice. One phone enters the hands at a time: it may hand the
   entering to another phone (a link with a key, POST /api/ledgers/{code}/pass), which takes
   the shared ledger as it stands (ledger.js); this phone's changes are then no longer sent. */

import { offline, request } from "../js/api.js";
import { $ } from "../js/dom.js";
import { t } from "../js/messages.js";
import { errorMessage } from "../js/room/words.js";
import { ledgerFile, saveBook } from "./book.js";

const RETRY_MS = 5000;
let book = null;
let inflight = null; // the PUT under way
let again = false;


function say(key, params) {
  $("share-status").textContent = t(key, params);
}

/** Shows the share (its link and QR code) and sends what the live view lacks. */
export function drawShare(ledger) {
  book = ledger;
  const share = book && book.share;
  $("share").hidden = !!share;
  $("shared").hidden = !share;
  if (!share) return;
  const link = `${location.origin}/ledger/${share.code}`;
  $("share-link").textContent = link;
  $("share-link").href = link;
  $("share-qr").src = `/ledger/${share.code}/qr.svg`;
  $("pass").hidden = !!share.handed;
  if (share.handed) {
    $("passed").hidden = true;
    say("ledger.share.handed");
    return;
  }
  send();
}

/** A link (and its QR code) for the phone that enters the hands from now on, once the live
    view has everything this phone entered. */
async function handOver() {
  const share = book && book.share;
  if (!share || share.handed) return;
  await send(); // waits for a send under way, and sends what it lacks
  if (JSON.stringify(ledgerFile(book)) !== share.sent) {
    $("share-error").textContent = t("ledger.share.offline"); // the status line says why
    return;
  }
  $("share-error").textContent = "";
  let got;
  try {
    got = await request("POST", `/api/ledgers/${encodeURIComponent(share.code)}/pass`);
  } catch (err) {
    $("share-error").textContent = offline(err) ? t("ledger.share.offline") : errorMessage(err.error);
    return;
  }
  const link = location.origin + got.link;
  $("pass-link").textContent = link;
  $("pass-link").href = link;
  $("pass-qr").src = `/ledger/${share.code}/pass.svg?key=${encodeURIComponent(got.key)}`;
  $("passed").hidden = false;
}

async function share() {
  const file = ledgerFile(book);
  try {
    const got = await request("POST", "/api/ledgers", { ledger: file });
    book.share = { code: got.code, version: got.version, sent: JSON.stringify(file) };
    saveBook(book);
    drawShare(book);
  } catch (err) {
    $("share-error").textContent = offline(err) ? t("ledger.share.offline") : errorMessage(err.error);
  }
}

/** Sends the ledger as its next version, unless the live view has it already. */
async function send() {
  const share = book && book.share;
  if (!share || share.handed) return;
  const text = JSON.stringify(ledgerFile(book));
  if (text === share.sent) {
    say("ledger.share.synced", { n: book.hands.length });
    return;
  }
  if (inflight) {
    again = true; // sent again once this one is answered; this caller waits for both
    while (inflight) await inflight;
    return;
  }
  inflight = sendVersion(share, text);
  try {
    await inflight;
  } finally {
    inflight = null;
  }
  if (again) {
    again = false;
    await send();
  }
}

/** One PUT of the ledger as `text`: kept as sent, or why not said (a stale version is
    taken and the ledger sent again). */
async function sendVersion(share, text) {
  try {
    const got = await request("PUT", `/api/ledgers/${encodeURIComponent(share.code)}`, { version: share.version, ledger: JSON.parse(text) });
    share.version = got.version;
    share.sent = text;
    saveBook(book);
    say("ledger.share.synced", { n: book.hands.length });
  } catch (err) {
    if (err.status === 409 && err.error && err.error.params && err.error.params.version) {
      share.version = err.error.params.version; // another tab of this phone sent one: this one counts
      again = true;
    } else if (err.status === 403) {
      share.handed = true; // another phone took the entering over
      saveBook(book);
      drawShare(book);
    } else if (offline(err)) say("ledger.share.waiting");
    else say("ledger.share.refused", { why: errorMessage(err.error) });
  }
}

export function wireShare() {
  $("share").addEventListener("click", share);
  $("pass").addEventListener("click", handOver);
  $("share-copy").addEventListener("click", () => {
    if (navigator.clipboard) navigator.clipboard.writeText($("share-link").href).catch(() => {});
  });
  window.addEventListener("online", send);
  setInterval(send, RETRY_MS); // a change made offline goes as soon as it can
}
