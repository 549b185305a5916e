/* The page (docs/API.md), as native ES modules with no build step. The address chooses
   what it shows: `/` the lobby (lobby.js), `/play/{game}` that game's table, `/room/{code}`
   a room's table (room/room.js: the same table over the room's socket); a server without
   the lobby has only the table, at `/`.

     api.js       the HTTP client          game.js     which game, its specifics
     page.js      what the page holds      messages.js every text, in three languages
     table.js     Ban Luck's seats         panel.js    the controls' look, the hint
     status.js    errors and notices       view.js     render all, apply the language
     animate.js   events at the speed      session.js  requests and States received
     controls.js  buttons, chips, keys     dialogs.js  rules, keys, settings
     history.js   the hand history         cards.js    the cards, drawn in SVG
     stats.js     the statistics dialog    chart.js    the strategy dialog
     link.js      how the page reaches its table: HTTP (api.js) or a room's socket
     games/banluck.js, blackjack.js, kampung.js: one module per game family's specifics.
     room/*.js    what a room adds: its socket, seats, invite, reactions, settle-up, fairness

   The server is the only authority: the page shows its totals, kinds, results and choices
   and computes none of them. Cards it sends as null are drawn face down (T22). */

import { getLobby, getState, hintRouteExists, useGame } from "./api.js";
import { httpLink } from "./link.js";
import { wire } from "./table/controls.js";
import { $ } from "./dom.js";
import { game, gameFromPath, roomFromPath } from "./game.js";
import { fetchRuleTexts, openDialog, renderHelp } from "./dialogs.js";
import { wireHouseRules } from "./house/houserules.js";
import { wireSoloFair } from "./fair/solo.js";
import { wireGuide } from "./teach/guide.js";
import { browserLanguage, knownLanguage, language, useLanguage } from "./messages.js";
import { page } from "./page.js";
import { renderControls } from "./table/panel.js";
import { receive } from "./session.js";
import { played, soundsReady } from "./table/sound.js";
import { showError } from "./table/status.js";
import { applyLanguage, render } from "./view.js";

/* Each game's family and the family's module, fetched when its table starts (a game's
   address names its family's module in the page's head: web/preload.py). */
const SPECS = {
  table: "banluck", "one-on-one": "banluck", classic: "blackjack", infinite: "blackjack",
  kampung: "kampung", "xi-dach": "kampung",
};
const FAMILIES = {
  banluck: () => import("./games/banluck.js").then((m) => m.banluck),
  blackjack: () => import("./games/blackjack.js").then((m) => m.blackjack),
  kampung: () => import("./games/kampung.js").then((m) => m.kampung),
};

function loadFont() {
  // The CJK glyphs are the page's own font (style.css): load it at once, so Chinese text
  // (the 中文 of the language setting on any page) is never shaped before it is there.
  if (document.fonts && document.fonts.load) document.fonts.load("1em BanluckCJK", "中文").catch(() => {});
}

/** The table of game `name`, reached through `link` (HTTP unless told: a room's socket). */
async function startGame(name, legacy, link) {
  let make;
  try {
    make = await FAMILIES[SPECS[name]]();
  } catch (err) {
    return showError(err); // the family's module did not come: said, in the page's language
  }
  useGame(legacy ? null : name);
  game.link = link || httpLink;
  game.name = name;
  game.legacy = legacy;
  game.spec = make();
  document.body.dataset.game = name;
  $(game.spec.tableId).hidden = false;
  // Skip (the rest of the events at once) sits beside this table's message line.
  $(game.spec.messageId).parentElement.appendChild($("btn-skip"));
  $("controls").hidden = false;
  $("lnk-lobby").hidden = legacy;
  wire();
  applyLanguage();
  page.message = game.spec.welcome;
  render();
  let features = null;
  let first = null;
  try {
    first = await game.link.state();
    features = first.features || null;
    game.features = features || {};
    receive(first, true);
  } catch (err) {
    showError(err);
  }
  fetchRuleTexts(); // after the table's first state: none of them is needed to deal
  // The server says whether it gives hints; an older one without `features` is probed.
  const told = features && typeof features.hint === "boolean";
  page.hintAvailable = told ? features.hint : await hintRouteExists();
  $("btn-stats").hidden = !(features && features.stats);
  $("btn-chart").hidden = !(features && features.chart);
  $("bank-field").hidden = !(features && features.bank);
  // a room's hands are the room's, not this page's history (features.history)
  $("btn-history").hidden = !!features && features.history === false;
  // The deck count is a setting where the game offers more than one (features.decks); a
  // room's decks are its host's, chosen with the room.
  $("decks-field").hidden = !(features && features.decks);
  // House rules where the table takes a house (features.house; a room's are its host's)
  $("house-field").hidden = !(features && features.house);
  wireHouseRules();
  if (!link) wireSoloFair(); // a room wires its own
  // the guided first hand, at a solo table of the lobby's games
  if (!link && !legacy) wireGuide(first, new URLSearchParams(location.search).has("guide"));
  renderHelp(); // the keys of the buttons and tools the game has
  renderControls();
}

async function startLobby(lobby) {
  // the lobby's module, like a room's, is fetched only where the address asks for it: a
  // table's first load carries neither
  const { renderLobby, wireLobbySettings } = await import("./lobby.js");
  document.body.dataset.game = "";
  $("lobby").hidden = false;
  for (const id of ["btn-rules", "btn-history", "btn-settings", "btn-help"]) $(id).hidden = true;
  $("house-field").hidden = true;
  // The language the player chose is kept with the table's settings (docs/API.md, "Games").
  let settings = null;
  try {
    useGame("table");
    const s = await getState();
    settings = s.player ? s.player.settings : null;
    if (settings && knownLanguage(settings.language)) await useLanguage(settings.language);
  } catch (err) {
    showError(err);
  }
  const redraw = () => { applyLanguage(); renderLobby(lobby); };
  wireLobbySettings(settings, redraw);
  document.addEventListener("keydown", (e) => {
    const k = e.key.toLowerCase();
    if (k === "o" && !e.ctrlKey && !e.metaKey && !e.altKey && !document.querySelector("dialog[open]")) {
      openDialog("dlg-settings");
    }
  });
  redraw();
}

async function start() {
  await useLanguage(browserLanguage());
  loadFont();
  const room = roomFromPath(location.pathname);
  if (room) {
    const { startRoom } = await import("./room/room.js");
    return startRoom(room, (name, link) => startGame(name, false, link));
  }
  const name = gameFromPath(location.pathname);
  if (name && SPECS[name]) return startGame(name, false);
  let lobby = null;
  try {
    lobby = await getLobby();
  } catch (err) {
    showError(err);
  }
  return lobby ? startLobby(lobby) : startGame("table", true);
}

// For the browser tests and for curious players: what the page holds (never more than
// the server sent). The page's only global.
window.banluckDebug = () => ({
  animating: page.animating, busy: page.busy, shown: page.shown, game: game.name,
  hand: page.model && page.model.hand, lang: language(), sounds: [...played], soundFiles: soundsReady(),
});

// An installable app: the service worker keeps the page's files and, without the server,
// shows how to start it (sw.js). A browser without one plays the same. It is registered
// once the page has started: its install fetches every file of the page, which on a slow
// network would otherwise come before the table's first state.
// A module that did not come (the lobby's, a room's) is said like any failure, in the
// page's language, never a blank page.
start().catch(showError).finally(() => {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
});
