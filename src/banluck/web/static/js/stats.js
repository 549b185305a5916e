/* The statistics dialog (issue 10): hands played, won, lost and pushed, your naturals and
   special hands, your chips against what the exact house edge predicts for your bets, and
   your stack over the hands drawn as an SVG line. Every number is the server's (Stats). */

import { getStats } from "./api.js";
import { openDialog } from "./dialogs.js";
import { $, el } from "./dom.js";
import { errorText, fmtNet, fmtNum, t } from "./messages.js";
import { fmtEdge } from "./lobby.js";
import { limits } from "./page.js";

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
  row(dl, t("stats.expected", { edge: fmtEdge(s.house_edge) }), expected, "expected");
  const parts = [dl];
  const stacks = s.stacks || [];
  if (stacks.length > 1) {
    const fig = el("figure", "chart-fig");
    fig.append(stackChart(stacks), el("figcaption", "", t("stats.chart")));
    parts.push(fig);
  } else {
    parts.push(el("p", "note", t("stats.empty")));
  }
  box.replaceChildren(...parts);
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
