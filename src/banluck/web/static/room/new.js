/* The page that makes a room (/room/new): the game, its decks or bank where it has them (the
   lobby's games and what a room of each offers, GET /api/games), a
   named house (GET /api/houses), the turn timer and your name; POST /api/rooms, then the
   room's own page, which is the game page playing over the room's socket. Texts are the
   other pages' catalogs (../i18n.js through ../js/messages.js), in the player's language. */

import { getLobby, getState, putSettings, useGame } from "../js/api.js";
import { $ } from "../js/dom.js";
import { applyTexts } from "../js/pagetexts.js";
import { browserLanguage, hasText, knownLanguage, language, t, useLanguage } from "../js/messages.js";
import { errorMessage, fetchHouses, houseTitle } from "../js/room/words.js";

/** The named houses (GET /api/houses), offered for the game chosen in the form. */
let namedHouses = [];
/** The lobby's games (GET /api/games), each with what a room of it offers (`room`). */
let games = [];

const chosen = () => games.find((g) => g.name === $("create-form").elements.game.value);

/** A text of the catalogue, or `fallback` where the catalogue has none for it. */
const textOr = (key, fallback) => (hasText(key) ? t(key) : fallback);

/** An option of a select: its value and its text. */
function option(value, text) {
  const o = document.createElement("option");
  o.value = String(value);
  o.textContent = text;
  return o;
}

/** The games to choose from; the form is sent only once they are there (a room made before
    would have no game). */
async function loadGames() {
  try {
    games = (await getLobby()).games;
  } catch {
    $("error").textContent = t("error.network");
    return;
  }
  const form = $("create-form");
  form.elements.game.append(...games.map((g) => option(g.name, g.title)));
  nameGames();
  offerSettings();
  offerHouses();
  form.querySelector("button[type=submit]").disabled = false;
}

function nameGames() {
  for (const o of $("create-form").elements.game.options) {
    const g = games.find((x) => x.name === o.value);
    o.textContent = textOr(`game.${o.value}`, g ? g.title : o.value);
  }
}

/** The chosen game's deck counts and banks, each choice shown only where there is one. */
function offerSettings() {
  const g = chosen();
  if (!g) return;
  const fill = (select, values, text) => {
    const was = select.value; // kept when the language changes, if the game offers it
    select.replaceChildren(...values.map((v) => option(v, text(v))));
    if (values.map(String).includes(was)) select.value = was;
  };
  const form = $("create-form");
  fill(form.elements.decks, g.room.decks, (n) => textOr(`settings.decks.${n}`, String(n)));
  fill(form.elements.bank, g.room.banks, (b) => textOr(`settings.bank.${b}`, b));
  $("decks-choice").hidden = g.room.decks.length < 2;
  $("bank-choice").hidden = g.room.banks.length < 2;
}

async function loadHouses() {
  namedHouses = await fetchHouses();
  offerHouses();
}

function offerHouses() {
  const form = $("create-form");
  const choice = $("house-choice");
  const game = form.elements.game.value;
  for (const o of [...choice.options]) if (o.value) o.remove();
  for (const h of namedHouses.filter((x) => (x.game || x.base) === game)) {
    const o = option(h.id, houseTitle(h));
    o.title = h.source;
    choice.append(o);
  }
}

async function createRoom(ev) {
  ev.preventDefault();
  const data = new FormData(ev.target);
  const body = {
    game: data.get("game"),
    name: data.get("name"),
    timer: Number(data.get("timer")),
    hints: data.get("hints") === "on",
  };
  const g = chosen();
  if (g && g.room.banks.length > 1) body.bank = data.get("bank");
  const house = namedHouses.find((h) => h.id === data.get("house"));
  if (house) body.house = { base: house.base, name: house.name, rules: house.rules };
  else if (g && g.room.decks.length > 1) body.decks = Number(data.get("decks"));
  let r;
  let answer = null;
  try {
    r = await fetch("/api/rooms", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    answer = await r.json();
  } catch {
    $("error").textContent = t("error.network");
    return;
  }
  if (!r.ok) {
    $("error").textContent = errorMessage(answer.error);
    return;
  }
  location.assign(answer.link);
}

function applyLanguage() {
  applyTexts("room.title");
  nameGames();
  offerSettings();
  offerHouses();
}

/** The player's language: the one kept with their settings (as on the lobby), else the
    browser's; a change here is kept for every page. */
async function chooseLanguage() {
  await useLanguage(browserLanguage());
  applyLanguage();
  if (document.fonts && document.fonts.load) document.fonts.load("1em BanluckCJK", "中文").catch(() => {});
  $("language").addEventListener("change", () => {
    useLanguage($("language").value).then(() => {
      applyLanguage();
      putSettings({ language: language() }).catch(() => {});
    });
  });
  try {
    useGame("table");
    const s = await getState();
    const saved = s.player && s.player.settings ? s.player.settings.language : null;
    if (knownLanguage(saved) && (await useLanguage(saved))) applyLanguage();
  } catch (err) {
    // the browser's language stays
  }
}

chooseLanguage();
$("create-form").addEventListener("submit", createRoom);
$("create-form").elements.game.addEventListener("change", () => {
  offerSettings();
  offerHouses();
});
loadGames().then(loadHouses);
