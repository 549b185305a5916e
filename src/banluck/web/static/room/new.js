/* The page that makes a room (/room/new): the game, its decks or bank where it has them, a
   named house (GET /api/houses), the turn timer and your name; POST /api/rooms, then the
   room's own page, which is the game page playing over the room's socket. Texts are the
   other pages' catalogs (../i18n.js through ../js/messages.js), in the player's language. */

import { getState, putSettings, useGame } from "../js/api.js";
import { $ } from "../js/dom.js";
import { applyTexts } from "../js/pagetexts.js";
import { browserLanguage, knownLanguage, language, t, useLanguage } from "../js/messages.js";
import { errorMessage, fetchHouses, houseTitle } from "../js/room/words.js";

/** The named houses (GET /api/houses), offered for the game chosen in the form. */
let namedHouses = [];

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
    const o = document.createElement("option");
    o.value = h.id;
    o.textContent = houseTitle(h);
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
  if (body.game === "kampung" || body.game === "xi-dach") body.bank = data.get("bank");
  const house = namedHouses.find((h) => h.id === data.get("house"));
  if (house) body.house = { base: house.base, name: house.name, rules: house.rules };
  else if (body.game === "table" || body.game === "kampung") body.decks = Number(data.get("decks"));
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
$("create-form").elements.game.addEventListener("change", offerHouses);
loadHouses();
