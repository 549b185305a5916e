/* The ledger's page (/ledger, docs/LEDGER.md): a new ledger (the house, the unit, the
   people), each hand entered in a few taps (entry.js), the hands with their nets, the
   settle-up (settleup.js), the live view (share.js), and a ledger taken over from another
   phone. Everything is kept in this browser (book.js), so hands are entered without a
   connection. */

import { offline, request } from "../js/api.js";
import { confirmChoice } from "../js/table/confirm.js";
import { keptAll, keptHouses } from "../js/kept.js";
import { $, el } from "../js/dom.js";
import { applyTexts } from "../js/pagetexts.js";
import { errorMessage, houseTitle } from "../js/room/words.js";
import { browserLanguage, language, t, useLanguage } from "../js/messages.js";
import { bookFromFile, handNets, ledgerFile, loadBook, newBook, saveBook, unsettled } from "./book.js";
import { drawEntry, editDraft, freshDraft, wireEntry } from "./entry.js";
import { settlePending } from "./settle.js";
import { drawTotals, whoPaysWhom } from "./settleup.js";
import { drawShare, wireShare } from "./share.js";
import { ledgerHouse, money } from "./words.js";

const GUIDE_SEEN = "banluck.ledger.guided";

let book = null;
let houses = [];
let setupPeople = [];

// ---- setting up --------------------------------------------------------------------

/** The houses a ledger may keep (GET /api/ledger/houses): a game's own rules by its name,
    a named house by its title, then the houses this browser keeps for those games (the House
    rules dialog's), sent as the house objects they are. */
function offerHouses() {
  const choice = $("house-choice");
  const chosen = choice.value;
  const option = (value, text) => Object.assign(el("option", "", text), { value });
  const bases = [...new Set(houses.map((h) => h.base))];
  const yours = bases.flatMap((base) =>
    keptHouses(base).map(([name]) => option(`kept:${base}/${name}`, t("house.kept", { name }))));
  choice.replaceChildren(
    ...houses.map((h) => option(h.id, h.name === null ? t("game." + h.base) : houseTitle(h))),
    ...yours,
  );
  if (chosen) choice.value = chosen;
}

async function fetchLedgerHouses() {
  try {
    return (await request("GET", "/api/ledger/houses")).houses;
  } catch {
    return []; // offline: a new ledger needs the server anyway
  }
}

function drawSetupPeople() {
  $("setup-people").replaceChildren(
    ...setupPeople.map((name) => {
      const li = el("li", "", name + " ");
      const x = el("button", "", "×");
      x.type = "button";
      x.setAttribute("aria-label", t("ledger.person.remove", { name }));
      x.addEventListener("click", () => {
        setupPeople = setupPeople.filter((p) => p !== name);
        drawSetupPeople();
      });
      li.append(x);
      return li;
    }),
  );
}

function addName(input, list) {
  const name = input.value.trim();
  input.value = "";
  if (!name || list.includes(name)) return null;
  return name;
}

async function startBook(ev) {
  ev.preventDefault();
  const form = $("setup-form");
  const picked = form.elements.house.value;
  const houseRef = picked.startsWith("kept:") ? keptAll()[picked.slice("kept:".length)] : picked;
  const unit = { name: form.elements.unit.value.trim() || "chips", coin: String(Number(form.elements.coin.value) || 1) };
  if (setupPeople.length < 2) {
    $("error").textContent = t("ledger.error.people");
    return;
  }
  let answer;
  try {
    answer = await request("POST", "/api/ledger/table", { house: houseRef });
  } catch (err) {
    $("error").textContent = offline(err) ? t("ledger.error.offline.start") : errorMessage(err.error);
    return;
  }
  $("error").textContent = "";
  book = newBook(answer, houseRef, unit, [...setupPeople]);
  saveBook(book);
  freshDraft(book);
  show();
}

// ---- the ledger --------------------------------------------------------------------

function drawHands() {
  const items = book.hands.map((hand, i) => {
    const { nets, pending, who } = handNets(book, hand);
    const li = el("li", nets ? "" : "unsettled");
    li.dataset.hand = String(i + 1);
    const parts = Object.entries(nets || {}).map(([n, v]) => `${n} ${money(book, v)}`);
    const said = { n: i + 1, banker: hand.banker, nets: parts.join(", "), name: who };
    const line = nets ? "ledger.hand.line" : pending ? "ledger.hand.pending" : "ledger.hand.wrong";
    li.append(el("span", "", t(line, said) + " "));
    const edit = el("button", "", t("ledger.edit"));
    edit.type = "button";
    edit.setAttribute("aria-label", t("ledger.edit.hand", { n: i + 1 }));
    edit.addEventListener("click", () => editDraft(i));
    li.append(edit);
    return li;
  });
  $("hands").replaceChildren(...items.reverse());
  $("undo").disabled = book.hands.length === 0;
}

function show() {
  $("setup").hidden = !!book;
  $("book").hidden = !book;
  if (!book) {
    offerHouses();
    drawSetupPeople();
    return;
  }
  const house = ledgerHouse(book.house, book.houseRef);
  $("book-house").textContent = t("ledger.plays", { house, unit: book.unit.name });
  drawEntry();
  drawHands();
  drawTotals(book);
  drawShare(book);
  $("transfers").replaceChildren();
}

function applyLanguage() {
  applyTexts("ledger.title");
  show();
}

function wire() {
  $("language").addEventListener("change", () => {
    useLanguage($("language").value).then(() => {
      localStorage.setItem("banluck.ledger.language", language());
      applyLanguage();
    });
  });
  $("setup-form").addEventListener("submit", startBook);
  const addSetup = () => {
    const name = addName($("setup-person"), setupPeople);
    if (name) setupPeople.push(name);
    drawSetupPeople();
  };
  $("setup-add").addEventListener("click", addSetup);
  $("setup-person").addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      addSetup();
    }
  });
  $("undo").addEventListener("click", async () => {
    if (!book.hands.length || !(await confirmChoice("ledger.undo.sure", { n: book.hands.length }, "ledger.undo"))) return;
    book.hands.pop();
    saveBook(book);
    freshDraft(book);
    show();
  });
  $("pay").addEventListener("click", () => whoPaysWhom(book, show));
  wireEntry(show);
  wireShare();
  $("new-ledger").addEventListener("click", async () => {
    if (!(await confirmChoice("ledger.new.sure", {}, "ledger.new"))) return;
    book = null;
    saveBook(null);
    setupPeople = [];
    show();
  });
  $("guide-ok").addEventListener("click", () => {
    localStorage.setItem(GUIDE_SEEN, "1");
    $("guide").hidden = true;
  });
}

/** Opened from another phone's link (/ledger?take={code}&key={key}): this phone takes the
    shared ledger over and enters its hands from now on (its own ledger replaced, if the
    family says so). */
async function takeOver(params) {
  const code = params.get("take");
  history.replaceState(null, "", "/ledger");
  const mine = book && book.share && book.share.code === code;
  if (mine && !book.share.handed) return; // this phone enters it already (and may hold more)
  if (book && !mine && book.hands.length
    && !(await confirmChoice("ledger.take.sure", { n: book.hands.length }, "ledger.take"))) return;
  try {
    const got = await request("POST", `/api/ledgers/${encodeURIComponent(code)}/take`, { key: params.get("key") });
    const table = await request("POST", "/api/ledger/table", { house: got.ledger.house });
    const taken = bookFromFile(table, got.ledger);
    taken.share = { code, version: got.version, sent: JSON.stringify(ledgerFile(taken)) };
    book = taken;
    saveBook(book);
    freshDraft(book);
    $("error").textContent = t("ledger.take.done");
  } catch (err) {
    $("error").textContent = offline(err) ? t("ledger.error.offline.start") : errorMessage(err.error);
  }
}

async function start() {
  const kept = localStorage.getItem("banluck.ledger.language");
  await useLanguage(kept || browserLanguage());
  if (document.fonts && document.fonts.load) document.fonts.load("1em BanluckCJK", "中文").catch(() => {});
  book = loadBook();
  if (book) freshDraft(book);
  $("guide").hidden = !!localStorage.getItem(GUIDE_SEEN);
  wire();
  const params = new URLSearchParams(location.search);
  if (params.has("take")) await takeOver(params);
  applyLanguage();
  houses = await fetchLedgerHouses();
  offerHouses();
  // hands entered without a connection are settled as soon as the server answers
  const catchUp = async () => {
    if (await settlePending(book)) show();
  };
  window.addEventListener("online", catchUp);
  await catchUp();
}

// The page's files are kept by the service worker, so the ledger opens without a connection.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});

start();
