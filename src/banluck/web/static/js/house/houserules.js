/* The House rules dialog (HOUSE_RULES.md H3, H10) around its form (houseform.js): start from
   the game's own rules, a named house or one you kept; keep a house under a name (in this
   browser), share it as a link or a JSON file, load one. "Play these rules" sends it as the
   `house` setting: it plays from the next hand (H3). A link's #house=… opens it. */

import { request } from "../api.js";
import { openDialog } from "../dialogs.js";
import { $, el } from "../dom.js";
import { game } from "../game.js";
import { askEdge, drawEdge, drawFields, fill, form, formHouse } from "./houseform.js";
import { KEPT_HOUSES as KEPT, keep, keptAll } from "../kept.js";
import { t } from "../messages.js";
import { page } from "../page.js";
import { fetchHouses, houseTitle } from "../room/words.js";
import { changeSettings } from "../session.js";

const kept = keptAll;

/** The "Start from" list: the game's own rules, the named houses, the ones you kept. */
function drawStarts() {
  const pick = $("house-start");
  pick.replaceChildren();
  const add = (value, text) => {
    const o = el("option", "", text);
    o.value = value;
    pick.appendChild(o);
  };
  add("", t("rules.house.own"));
  for (const h of form.named.filter((x) => (x.game || x.base) === game.name)) add("named:" + h.id, houseTitle(h));
  for (const key of Object.keys(kept()).filter((k) => k.startsWith(form.schema.base + "/"))) {
    add("kept:" + key, t("house.kept", { name: key.slice(form.schema.base.length + 1) }));
  }
}

function startFrom(value) {
  if (!value) return fill(null);
  if (value.startsWith("named:")) return fill(form.named.find((h) => "named:" + h.id === value));
  return fill(kept()[value.slice("kept:".length)]);
}

function say(text) {
  $("house-said").textContent = text;
}

function keepHouse() {
  const house = formHouse();
  if (!house.name) {
    form.errors.name = t("house.name.needed");
    drawFields();
    $("house-name").focus();
    return;
  }
  const all = kept();
  all[`${house.base}/${house.name}`] = house;
  say(t(keep(localStorage, KEPT, all) ? "house.kept.done" : "house.kept.failed", { name: house.name }));
  drawStarts();
}

function shareLink() {
  const url = `${location.origin}${location.pathname}#house=${encodeURIComponent(JSON.stringify(formHouse()))}`;
  const box = $("house-link");
  box.hidden = false;
  box.value = url;
  box.select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).then(() => say(t("house.link.copied")), () => {});
}

function download() {
  const house = formHouse();
  const a = $("house-download");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(house, null, 2)], { type: "application/json" }));
  a.download = `${(house.name || house.base).replace(/[^\w-]+/g, "-")}.house.json`;
  a.click();
}

async function load(file) {
  try {
    const house = JSON.parse(await file.text());
    if (!house || house.base !== form.schema.base) throw new Error("base");
    fill(house);
    say(t("house.loaded"));
  } catch (err) {
    say(t("house.load.failed"));
  }
}

async function play() {
  const house = formHouse();
  const own = !house.name && !Object.keys(house.rules).length;
  await changeSettings({ house: own ? null : house });
  say(t("house.played"));
}

/** Loads what the dialog needs of the server, once per page. */
async function prepare() {
  if (form.schema) return;
  const own = game.features.own_house || null; // a game played under a named house (xi-dach)
  form.schema = await request("GET", `/api/houses/fields?base=${encodeURIComponent(own ? own.base : game.name)}`);
  form.named = await fetchHouses();
  form.own = null;
  // the game's own edge comes when it comes (a simulated one takes seconds the first time)
  request("POST", "/api/houses/edge", { house: own || { base: game.name } })
    .then((own) => {
      form.own = own.house_edge;
      if (form.edge !== null && !form.waiting) drawEdge();
    })
    .catch(() => {});
}

/** Opens the dialog on the house played (or `house`, a shared one) */
export async function openHouseRules(house) {
  await prepare();
  drawStarts();
  fill(house || (page.state && page.state.player.settings.house) || null);
  $("house-said").textContent = "";
  $("house-link").hidden = true;
  openDialog("dlg-house");
}

/** The dialog's buttons, once; a link's shared house (#house=...) opens it. */
export function wireHouseRules() {
  $("btn-house").hidden = !game.features.house;
  if (!game.features.house || $("btn-house").dataset.wired) return;
  $("btn-house").dataset.wired = "1";
  $("btn-house").addEventListener("click", () => openHouseRules(null));
  $("house-start").addEventListener("change", (e) => startFrom(e.target.value));
  $("house-name").addEventListener("change", () => askEdge("name"));
  $("house-keep").addEventListener("click", keepHouse);
  $("house-share").addEventListener("click", shareLink);
  $("house-save-file").addEventListener("click", download);
  $("house-load").addEventListener("change", (e) => e.target.files[0] && load(e.target.files[0]));
  $("house-play").addEventListener("click", play);
  const shared = /^#house=(.+)$/.exec(location.hash);
  if (shared) {
    let house = null;
    try {
      house = JSON.parse(decodeURIComponent(shared[1]));
    } catch (err) {
      house = null;
    }
    const base = game.features.own_house ? game.features.own_house.base : game.name;
    if (house && house.base === base) openHouseRules(house);
  }
}
