/* The lobby at `/` (issue 10): one card per game of the server's Lobby (docs/API.md), each
   with its one-line description, its exact house edge (the server's) and your stack in it,
   linking to /play/{game}. A game whose edge is not solved exactly (kampung) shows the
   edge the server measures by simulation for the house you play (POST /api/houses/edge),
   "measuring…" until it comes. */

import { putSettings, request } from "./api.js";
import { openDialog } from "./dialogs.js";
import { $, el } from "./dom.js";
import { fmtNum, language, locale, t, useLanguage } from "./messages.js";

let lobby = null; // the last Lobby the server sent
const measured = new Map(); // game -> its simulated edge's answer, or "pending" / "failed"

/** The house edge as a percentage with three decimals, or "not solved" (kampung). */
export function fmtEdge(edge) {
  if (edge === null || edge === undefined) return t("lobby.edge.none");
  const opts = { style: "percent", minimumFractionDigits: 3, maximumFractionDigits: 3 };
  return new Intl.NumberFormat(locale(), opts).format(edge);
}

/** An edge measured by simulation ({house_edge, ci95}), said so, with its interval. */
export function fmtSimulated(x) {
  return t("lobby.edge.sim", { edge: fmtEdge(x.house_edge), ci: fmtEdge(x.ci95) });
}

/** A game's edge as the card shows it: exact, simulated with its interval, or on its way. */
function edgeText(g) {
  if (g.house_edge !== null && g.house_edge !== undefined) return fmtEdge(g.house_edge);
  const m = measured.get(g.name);
  if (m === "pending") return t("lobby.edge.pending");
  if (m && m !== "failed") return fmtSimulated(m);
  return fmtEdge(null);
}

/** Asks the server for the simulated edge of each game that has no exact one. */
function measure(games) {
  for (const g of games) {
    if ((g.house_edge !== null && g.house_edge !== undefined) || measured.has(g.name)) continue;
    measured.set(g.name, "pending");
    request("POST", "/api/houses/edge", { house: g.house || { base: g.name } })
      .then((got) => measured.set(g.name, got.edge_source === "simulated" ? got : "failed"))
      .catch(() => measured.set(g.name, "failed"))
      .finally(() => renderLobby());
  }
}

function card(g) {
  const li = el("li", "game-card");
  li.dataset.game = g.name;
  const a = el("a", "game-link");
  const path = g.path || `/play/${encodeURIComponent(g.name)}`;
  a.href = path;
  const h = el("h2", "game-title", t("game." + g.name));
  a.appendChild(h);
  li.appendChild(a);
  li.appendChild(el("p", "game-desc", t("lobby.desc." + g.name)));
  const facts = el("dl", "game-facts");
  const edge = el("dd", "", edgeText(g));
  edge.dataset.testid = "edge-" + g.name;
  const stack = el("dd", "", fmtNum(g.stack));
  stack.dataset.testid = "lobby-stack-" + g.name;
  facts.append(el("dt", "", t("lobby.edge")), edge, el("dt", "", t("lobby.stack")), stack);
  li.appendChild(facts);
  const howto = el("a", "game-howto", t("lobby.howto"));
  howto.href = `${path}?guide`;
  li.appendChild(howto);
  if (g.in_progress) li.appendChild(el("p", "game-note", t("lobby.in_progress")));
  else if (g.hands_played) li.appendChild(el("p", "game-note", t("lobby.played", { n: g.hands_played })));
  return li;
}

/** Draws the lobby (again, after a language change). */
export function renderLobby(data) {
  if (data) lobby = data;
  if (!lobby) return;
  $("games").replaceChildren(...(lobby.games || []).map(card));
  measure(lobby.games || []);
}

/** The lobby's settings: the language and the speed, which every game shares (docs/API.md,
    "Games": they are kept with the table's settings). `settings` is the table's. */
export function wireLobbySettings(settings, onLanguage) {
  $("btn-settings").hidden = false;
  $("decks-field").hidden = true;
  $("bank-field").hidden = true;
  $("btn-settings").addEventListener("click", () => openDialog("dlg-settings"));
  for (const r of document.querySelectorAll('input[name="language"]')) {
    r.checked = r.value === language();
    r.addEventListener("change", () => {
      useLanguage(r.value).then(onLanguage);
      putSettings({ language: r.value }).catch(onLanguage);
    });
  }
  for (const r of document.querySelectorAll('input[name="speed"]')) {
    r.checked = r.value === ((settings && settings.speed) || "normal");
    r.addEventListener("change", () => putSettings({ speed: r.value }).catch(() => {}));
  }
}
