/* A ledger's live view (/ledger/{code}): the ledger as the server settled it (GET
   /api/ledgers/{code}), asked again each time its socket says there is a new version (every
   few seconds while there is no socket); read-only: the phone that shared it enters the
   hands. */

import { offline, request } from "../js/api.js";
import { $, el } from "../js/dom.js";
import { applyTexts } from "../js/pagetexts.js";
import { errorMessage } from "../js/room/words.js";
import { browserLanguage, language, t, useLanguage } from "../js/messages.js";
import { formatAmount, ledgerHouse } from "./words.js";

const EVERY_MS = 3000; // with the socket down: how often the page asks, and tries it again
const code = decodeURIComponent(location.pathname.split("/")[2] || "");
let seen = null; // the last answer

const amount = (x, signed = false) => formatAmount(seen.unit, x, signed);

function draw() {
  if (!seen) return;
  const house = ledgerHouse(seen.house, seen.house.id);
  $("book-house").textContent = t("ledger.plays", { house, unit: seen.unit.name });
  $("totals").tBodies[0].replaceChildren(...Object.entries(seen.totals).map(([name, tot]) => {
    const tr = el("tr");
    tr.dataset.person = name;
    tr.append(el("td", "", name), el("td", "", amount(tot.net, true)), el("td", "", amount(tot.biggest_win)), el("td", "", String(tot.hands)));
    return tr;
  }));
  const pays = seen.transfers.map((x) =>
    el("li", "", t("ledger.pays", { from: x.from, to: x.to, amount: amount(x.amount), unit: seen.unit.name })));
  $("transfers").replaceChildren(...(pays.length ? pays : [el("li", "", t("ledger.even"))]));
  const hands = seen.hands.map((hand, i) => {
    const nets = Object.entries(hand.nets).map(([n, v]) => `${n} ${amount(v, true)}`).join(", ");
    const li = el("li", "", t("ledger.hand.line", { n: i + 1, banker: hand.banker, nets }));
    li.dataset.hand = String(i + 1);
    return li;
  });
  $("hands").replaceChildren(...hands.reverse());
}

/** The settled ledger asked for now (after the socket said there is a new version, or, with
    no socket, every few seconds). */
async function fetchSeen() {
  try {
    seen = await request("GET", `/api/ledgers/${encodeURIComponent(code)}`);
    $("view-status").textContent = t("ledger.view.hands", { n: seen.hands.length });
    $("error").textContent = "";
    draw();
  } catch (err) {
    $("error").textContent = offline(err) ? t("ledger.view.offline") : errorMessage(err.error);
  }
}

/** Follows the ledger: a socket says each new version (/api/ledgers/{code}/live); while it
    is down, the page asks every few seconds and opens it again. */
function follow() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/api/ledgers/${encodeURIComponent(code)}/live`);
  let open = false;
  socket.addEventListener("open", () => {
    open = true;
  });
  socket.addEventListener("message", (ev) => {
    const { version } = JSON.parse(ev.data);
    if (!seen || seen.version !== version) fetchSeen();
  });
  socket.addEventListener("close", () => {
    if (!open) fetchSeen(); // no socket at all here: the page asks itself
    setTimeout(follow, EVERY_MS);
  });
}

async function start() {
  await useLanguage(localStorage.getItem("banluck.ledger.language") || browserLanguage());
  if (document.fonts && document.fonts.load) document.fonts.load("1em BanluckCJK", "中文").catch(() => {});
  applyTexts("ledger.title");
  $("language").addEventListener("change", () => {
    useLanguage($("language").value).then(() => {
      localStorage.setItem("banluck.ledger.language", language());
      applyTexts("ledger.title");
      draw();
    });
  });
  follow();
}

start();
