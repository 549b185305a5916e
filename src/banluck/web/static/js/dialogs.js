/* The dialogs: rules (seed 000's text), keys and settings; opening one closes another and
   puts the focus on its title. The history dialog is history.js. */

import { choices, game, spec } from "./game.js";
import { $, el } from "./dom.js";
import { decksLabel, language, t, wantedLanguage } from "./messages.js";
import { limits, page } from "./page.js";
import { sound } from "./table/sound.js";
import { trainer } from "./teach/trainer.js";

export function openDialog(id) {
  const d = $(id);
  if (d.open) return;
  if (id === "dlg-rules") fetchRuleTexts();
  for (const other of document.querySelectorAll("dialog[open]")) other.close();
  d.showModal();
  if (id !== "dlg-settings") {
    // Start reading at the top: the browser would focus the first button (Close, at the
    // bottom of the rules) and scroll the text away. The title takes the focus instead.
    const h = d.querySelector("h2");
    h.setAttribute("tabindex", "-1");
    h.focus({ preventScroll: true });
    d.scrollTop = 0;
  }
}

let texts = null; // the rules texts, once they came: { RULES, GAME_RULES }
let wanted = false; // whether they may be fetched yet
let asked = null;
const waiting = new Set();

/** The rules texts (rules.js: seed 000's; rules_games.js: the other games'), or null while
    they are not here; each ``then`` given meanwhile is called once when they come, to draw
    again what uses them. */
export function ruleTexts(then) {
  if (texts) return texts;
  if (then) waiting.add(then);
  if (wanted) fetchRuleTexts(); // again, after a fetch that failed
  return null;
}

/** Fetches the rules texts, the largest of the page's files, none of them needed to deal:
    once the table has its first state (or the rules are opened before). */
export function fetchRuleTexts() {
  wanted = true;
  if (texts || asked) return;
  asked = Promise.all([import("../rules.js"), import("../rules_games.js")])
    .then(([seed, games]) => {
      texts = { RULES: seed.RULES, GAME_RULES: games.GAME_RULES };
      for (const f of waiting) f();
      waiting.clear();
    })
    .catch(() => { asked = null; });
}

/** The rules dialog's text and the play-chips note under the table (drawn again when the
    texts come). */
export function renderRules() {
  const got = ruleTexts(renderRules);
  if (!got) return;
  const { RULES, GAME_RULES } = got;
  const rules = RULES[language()] || RULES.en;
  const own = GAME_RULES[game.name];
  const text = own ? own[language()] || own.en : null;
  const body = text ? text.paragraphs.map((p) => el("p", "", p)) : rules.rules.map((p) => el("p", "", p));
  if (text && text.pays && text.pays.length) body.push(payTable(text.pays));
  $("rules-title").textContent = text ? text.title : t("rules.title");
  // Seed 000's note names Anna and Ben; a game without them has its own (one-on-one).
  // A room's chips are the room's (its link says so): no saved stack, no Anna and Ben.
  const g = spec();
  const note = (game.link && game.link.chipsNote) || (g && g.chipsNote);
  const chips = note ? t(note, { stack: limits().fresh }) : rules.chips;
  $("rules-text").replaceChildren(...body, el("p", "", chips));
  $("chips-note").textContent = chips;
}

/** A pay table: [what, odds] lines (the rules text's, rules_games.js). */
export function payTable(pays) {
  const tbl = el("table", "pays");
  for (const [what, odds] of pays) {
    const tr = el("tr");
    tr.append(el("td", "", what), el("td", "odds", odds));
    tbl.appendChild(tr);
  }
  return tbl;
}

export function renderHelp() {
  const keys = { throw: "T", double: "X", split: "P", surrender: "U", insure: "Y", decline: "N",
    burn: "B", play: "A", void: "V", forfeit: "F" };
  const own = choices().filter((a) => keys[a]).map((a) => [keys[a], t("btn." + a)]);
  // a tool the page does not show (a room has no statistics, chart or history) has no key
  const shown = (id) => ($(id).hidden ? [] : [true]);
  const rows = [
    ["D", t("btn.deal")], ["H", t("btn.hit")], ["S", t("btn.stand")], ...own,
    ...shown("btn-hint").map(() => ["I", t("btn.hint")]), ...shown("btn-stats").map(() => ["G", t("btn.stats")]),
    ...shown("btn-chart").map(() => ["C", t("btn.chart")]), ["1–6", t("bet")], ["Enter", t("help.bet")], ["Space", t("help.skip")],
    ["R", t("btn.rules")], ...shown("btn-history").map(() => ["L", t("btn.history")]), ["O", t("btn.settings")],
    ["?", t("help.title")], ["Esc", t("help.close")],
  ];
  const dl = $("help-list");
  dl.replaceChildren();
  for (const [k, d] of rows) {
    const dt = el("dt");
    dt.appendChild(el("kbd", "", k));
    dl.append(dt, el("dd", "", d));
  }
}

/** The settings form shows the player's saved settings (and a deck change that waits). */
export function syncSettingsForm() {
  const state = page.state;
  if (!state) return;
  const st = state.player.settings || {};
  const decks = state.player.pending_decks ?? st.decks;
  for (const r of document.querySelectorAll('input[name="decks"]')) r.checked = Number(r.value) === decks;
  const speed = st.speed || "normal";
  for (const r of document.querySelectorAll('input[name="speed"]')) r.checked = r.value === speed;
  // the language asked for, even while its texts are still on their way
  for (const r of document.querySelectorAll('input[name="language"]')) r.checked = r.value === wantedLanguage();
  for (const r of document.querySelectorAll('input[name="bank"]')) r.checked = r.value === st.bank;
  const house = st.house;
  $("house-current").textContent = t("house.current", {
    name: house ? house.name || t("house.unnamed") : t("rules.house.own"),
  });
  $("trainer-on").checked = trainer.on;
  $("sound-on").checked = sound.on;
  $("sound-volume").value = String(sound.volume);
  $("trainer-field").hidden = !page.hintAvailable; // priced by the Hint's values
  const pending = state.player.pending_decks;
  const p = $("decks-pending");
  p.hidden = pending === null || pending === undefined;
  p.textContent = p.hidden ? "" : t("settings.decks.pending", { label: decksLabel(pending) });
}

export function openSettings() {
  syncSettingsForm();
  openDialog("dlg-settings");
}
