/* The statistics dialog (issue 10): hands played, won, lost and pushed, your naturals and
   special hands, your chips against what the exact house edge predicts for your bets, and
   your stack over the hands drawn as an SVG line. Every number is the server's (Stats), but
   the trainer's score over the days, which this browser keeps (trainer.js). */

import { getStats } from "../api.js";
import { openDialog } from "../dialogs.js";
import { $, el } from "../dom.js";
import { errorText, fmtNet, fmtNum, locale, t } from "../messages.js";
import { fmtEdge, fmtSimulated } from "../lobby.js";
import { limits } from "../page.js";
import { fmtCost, trainerDays } from "./trainer.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 120;
const PAD = 6;

function svgEl(tag, attrs) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

/** Your stack over the hands: a line, the starting stack as a dashed baseline. */
export function stackChart(stacks) {
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "stack-chart", role: "img" });
  const first = stacks[0];
  const last = stacks[stacks.length - 1];
  svg.setAttribute("aria-label", t("stats.chart.label", { hands: stacks.length - 1, first, last }));
  const lo = Math.min(...stacks);
  const hi = Math.max(...stacks);
  const span = hi - lo || 1;
  const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, stacks.length - 1);
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / span;
  svg.appendChild(svgEl("line", { x1: PAD, x2: W - PAD, y1: y(first), y2: y(first), class: "base" }));
  const d = stacks.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)} ${y(v).toFixed(1)}`).join("");
  svg.appendChild(svgEl("path", { d, class: "stack-line " + (last >= first ? "up" : "down") }));
  return svg;
}

function row(dl, label, value, id) {
  const dd = el("dd", "", value);
  if (id) dd.dataset.testid = "stats-" + id;
  dl.append(el("dt", "", label), dd);
}

function showStats(s) {
  const box = $("stats-body");
  const dl = el("dl", "stats-list");
  row(dl, t("stats.hands"), fmtNum(s.hands), "hands");
  row(dl, t("stats.won"), fmtNum(s.won), "won");
  row(dl, t("stats.lost"), fmtNum(s.lost), "lost");
  row(dl, t("stats.pushed"), fmtNum(s.pushed), "pushed");
  row(dl, t("stats.naturals"), fmtNum(s.naturals), "naturals");
  for (const [kind, n] of Object.entries(s.specials || {})) row(dl, t("kind." + kind), fmtNum(n), "kind-" + kind);
  row(dl, t("stats.wagered"), fmtNum(s.wagered), "wagered");
  row(dl, t("stats.net"), fmtNet(s.net), "net");
  const expected = s.expected_net === null || s.expected_net === undefined
    ? t("lobby.edge.none") : fmtNet(Math.round(s.expected_net));
  // an edge measured by simulation (kampung's own rules) is said so, with its interval
  const edge = s.edge_source === "simulated" ? fmtSimulated(s) : fmtEdge(s.house_edge);
  row(dl, t("stats.expected", { edge }), expected, "expected");
  const parts = [dl];
  const stacks = s.stacks || [];
  if (stacks.length > 1) {
    const fig = el("figure", "chart-fig");
    fig.append(stackChart(stacks), el("figcaption", "", t("stats.chart")));
    parts.push(fig);
  } else {
    parts.push(el("p", "note", t("stats.empty")));
  }
  box.replaceChildren(...parts, ...trainerPart());
}

/** The trainer's score day by day (accuracy and what was given away), and over them all. */
function trainerPart() {
  const days = trainerDays();
  if (!days.length) return [];
  const pct = (best, n) => new Intl.NumberFormat(locale(), { style: "percent" }).format(n ? best / n : 0);
  const cost = (d) => t(d.chips ? "stats.trainer.chips" : "stats.trainer.bets", {
    cost: fmtCost(d.cost, d.chips),
  });
  const table = el("table", "trainer-days");
  const head = el("tr");
  for (const key of ["stats.trainer.day", "stats.trainer.choices", "stats.trainer.best", "stats.trainer.cost"]) {
    const th = el("th", "", t(key));
    th.scope = "col";
    head.append(th);
  }
  table.append(el("thead"), el("tbody"));
  table.tHead.append(head);
  for (const d of days) {
    const tr = el("tr");
    tr.dataset.day = d.day;
    const day = new Intl.DateTimeFormat(locale(), { dateStyle: "medium" }).format(new Date(`${d.day}T12:00`));
    for (const text of [day, fmtNum(d.n), pct(d.best, d.n), cost(d)]) tr.append(el("td", "", text));
    table.tBodies[0].append(tr);
  }
  const n = days.reduce((a, d) => a + d.n, 0);
  const best = days.reduce((a, d) => a + d.best, 0);
  const all = el("p", "", t("stats.trainer.all", { best: fmtNum(best), n: fmtNum(n), pct: pct(best, n) }));
  all.dataset.testid = "trainer-all";
  return [el("h3", "", t("stats.trainer.title")), table, all];
}

export async function openStats() {
  openDialog("dlg-stats");
  $("stats-body").replaceChildren(el("p", "", t("history.loading")));
  try {
    showStats(await getStats());
  } catch (err) {
    $("stats-body").replaceChildren(el("p", "", errorText({ status: err.status, error: err.error }, limits())));
  }
}
