/* The house a solo table plays, shown where the family plays: its name beside your stack,
   and in the Rules dialog what it changes from the game's own rules (each field and value
   in the House rules dialog's words) and its edge in a sentence that says who it favours.
   Every figure and every change is the server's (POST /api/houses/edge); the page computes
   no rule. A room shows its own house (room/house.js). */

import { request } from "../api.js";
import { $, el } from "../dom.js";
import { hasText, locale, t } from "../messages.js";
import { page } from "../page.js";

let askedFor = null; // the house (as JSON) whose changes and edge are asked or shown
let answer = null; // the server's {changes, house_edge, edge_source} for it

/** The house chosen at this table (it plays from the next hand), or null. */
export function tableHouse() {
  const st = page.state && page.state.player && page.state.player.settings;
  return (st && st.house) || null;
}

/** A house's name as the table shows it. */
export const houseCalled = (house) => house.name || t("house.unnamed");

/** A change of a house, "field: value", in the House rules dialog's words. */
export const changeWords = (field, value) =>
  t("rules.house.change", { field: t("house.f." + field), value: valueWords(field, value) });

/** A field's value in the House rules dialog's words. */
function valueWords(field, v) {
  if (typeof v === "boolean") return t(v ? "house.yes" : "house.no");
  if (Array.isArray(v)) return v.join(", ");
  for (const key of [`house.v.${field}.${v}`, `house.v.${v}`]) if (hasText(key)) return t(key);
  return String(v);
}

/** The house edge in a sentence: who it favours, and by how much of a bet. */
export function edgeSentence(edge) {
  const pct = new Intl.NumberFormat(locale(), { style: "percent", minimumFractionDigits: 2 }).format(Math.abs(edge));
  if (edge < 0) return t("house.edge.players", { edge: pct });
  return t("house.edge.keeps", { edge: pct });
}

function draw(house) {
  const line = $("rules-house");
  const list = $("rules-house-changes");
  if (!house) {
    line.hidden = true;
    list.hidden = true;
    return;
  }
  line.hidden = false;
  const name = houseCalled(house);
  const known = answer && askedFor === JSON.stringify(house) ? answer : null;
  let text = t("rules.house.here", { house: name });
  if (known && typeof known.house_edge === "number") text += " " + edgeSentence(known.house_edge);
  line.textContent = text;
  list.replaceChildren();
  const changes = known ? Object.entries(known.changes || {}) : [];
  for (const [field, value] of changes) {
    list.appendChild(el("li", "", changeWords(field, value)));
  }
  list.hidden = changes.length === 0;
}

/** The badge beside your stack and the Rules dialog's house part, asked of the server once
    per house. */
export async function drawHouseHere() {
  if (page.state && page.state.room) return; // a room shows the room's house (room/house.js)
  const house = tableHouse();
  const badge = $("house-badge");
  badge.hidden = !house;
  badge.textContent = house ? t("house.badge", { house: houseCalled(house) }) : "";
  draw(house);
  if (!house) return;
  const key = JSON.stringify(house);
  if (askedFor === key) return;
  askedFor = key;
  answer = null;
  try {
    const got = await request("POST", "/api/houses/edge", { house });
    if (askedFor === key) answer = got;
  } catch (err) {
    answer = null; // the house is named without its figure
  }
  if (askedFor === key) draw(house);
}
