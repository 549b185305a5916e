/* A room's house (H3): the host picks it between hands from the named houses of the room's
   game (or the game's own rules), and it plays from the next hand; everyone's rules dialog
   says which house is played and its exact house edge, the server's (H9). */

import { request } from "../api.js";
import { $, el } from "../dom.js";
import { keptHouses } from "../kept.js";
import { locale, t } from "../messages.js";
import { fetchHouses, houseTitle } from "./words.js";

let named = []; // GET /api/houses
let edgeFor = null; // the house (as JSON) whose edge is asked or shown
let edge = null; // {house_edge, edge_source} of that house

/** The named house a room's house is, or null. */
export const knownAs = (house) =>
  house ? named.find((h) => h.name === house.name && h.base === house.base) || null : null;

/** The room's house in words: a named house by its title in the reader's language. */
export function houseName(house) {
  if (!house) return t("rules.house.own");
  const known = knownAs(house);
  return known ? houseTitle(known) : house.name || t("room.house.label");
}

export async function loadHouses() {
  named = await fetchHouses();
}

let kept = []; // [[name, house]]: the houses this browser keeps for the room's game

/** The base of the room's houses: the house it plays, else its game's own. */
const baseOf = (room) => (room.house ? room.house.base : room.settings.game);

/** The text of a picker's option: a named house by its title, a kept one by its name. */
function optionText(value) {
  if (value.startsWith("kept:")) return t("house.kept", { name: value.slice("kept:".length) });
  return value ? houseTitle(named.find((h) => h.id === value)) : t("room.house.none");
}

/** The host's picker, between hands: the named houses of the room's game and the houses
    the host keeps in this browser for it (the server checks every one, H11). */
export function drawHousePicker(room, you) {
  const form = $("house-form");
  form.hidden = !(you.host && room.phase !== "playing");
  if (form.hidden) return;
  const pick = $("house-pick");
  const offered = named.filter((h) => (h.game || h.base) === room.settings.game);
  kept = keptHouses(baseOf(room));
  const current = knownAs(room.house);
  const want = ["", ...offered.map((h) => h.id), ...kept.map(([name]) => "kept:" + name)];
  if (pick.dataset.ids !== want.join(" ")) {
    pick.replaceChildren();
    for (const value of want) {
      const o = el("option", "", optionText(value));
      o.value = value;
      const h = named.find((x) => x.id === value);
      if (h) o.title = h.source;
      pick.append(o);
    }
    pick.dataset.ids = want.join(" ");
  }
  for (const o of pick.options) o.textContent = optionText(o.value);
  const playing = room.house && !current ? kept.find(([name]) => name === room.house.name) : null;
  if (document.activeElement !== pick) pick.value = current ? current.id : playing ? "kept:" + playing[0] : "";
}

/** The house the host picked, as the `house` frame sends it (null: the game's own). */
export function pickedHouse() {
  const value = $("house-pick").value;
  if (value.startsWith("kept:")) {
    const found = kept.find(([name]) => "kept:" + name === value);
    return found ? found[1] : null;
  }
  const h = named.find((x) => x.id === value);
  return h ? { base: h.base, name: h.name, rules: h.rules } : null;
}

/** The rules dialog's line: the house played and its exact edge (asked once a house). */
export async function drawRulesHouse(room) {
  const h = room.house;
  const house = h ? { base: h.base, ...(h.name ? { name: h.name } : {}), rules: h.changes } : { base: room.settings.game };
  const key = JSON.stringify(house);
  const line = $("rules-house");
  line.hidden = false;
  const show = () => {
    const name = houseName(room.house);
    if (!edge || edgeFor !== key) line.textContent = name;
    else if (edge.house_edge === null) line.textContent = t("rules.house.sim", { house: name });
    else {
      const fmt = (x) => new Intl.NumberFormat(locale(), { style: "percent", minimumFractionDigits: 2 }).format(x);
      // an edge measured by simulation (kampung's bots) is never called exact
      const simulated = edge.edge_source === "simulated";
      const params = { house: name, edge: fmt(edge.house_edge), ci: simulated ? fmt(edge.ci95) : "" };
      line.textContent = t(simulated ? "rules.house.edge.sim" : "rules.house.edge", params);
    }
  };
  show();
  if (edgeFor === key) return;
  edgeFor = key;
  edge = null;
  try {
    const got = await request("POST", "/api/houses/edge", { house });
    if (edgeFor === key) edge = got;
  } catch (err) {
    edge = null; // the line names the house alone
  }
  show();
}
