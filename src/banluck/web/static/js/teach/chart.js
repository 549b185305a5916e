/* The Strategy dialog (issue 10): the solved chart the server sends (what `banluck
   strategy` prints) as a coloured table, the cell of your hand now highlighted. */

import { getChart } from "../api.js";
import { openDialog } from "../dialogs.js";
import { $, el } from "../dom.js";
import { chartLabel, chartTitle, legendWords, spotSentence } from "./chartwords.js";
import { openDrill } from "./drill.js";
import { game } from "../game.js";
import { errorText, t } from "../messages.js";
import { limits, page, yourTurn } from "../page.js";

/** The letters the chart's cells hold (a legend names only those). */
function usedLetters(chart) {
  const used = new Set();
  for (const row of chart.cells) {
    for (const cell of row) {
      if (cell === null) continue;
      const text = String(cell);
      if (text.endsWith("*")) used.add("*");
      used.add(text.replace(/\*$/, ""));
    }
  }
  return used;
}

function legend(chart) {
  const ul = el("ul", "chart-legend");
  const used = usedLetters(chart);
  for (const [letter, what] of Object.entries(chart.legend || {})) {
    if (!used.has(letter)) continue;
    const li = el("li");
    li.append(el("span", "cell c-" + cssLetter(letter), letter), el("span", "", " " + legendWords(letter, what)));
    ul.appendChild(li);
  }
  return ul;
}

/** A class name for a chart letter (H, S, D, Ds, P, R, Rs, T, *). */
const cssLetter = (letter) => String(letter).replace("*", "x");

function table(chart) {
  const tbl = el("table", "chart");
  const cur = chart.current || null;
  const head = el("tr");
  head.appendChild(el("th", "corner", chartLabel(chart.column_title || "")));
  for (const c of chart.columns) {
    const th = el("th", "", chartLabel(c));
    th.setAttribute("scope", "col");
    head.appendChild(th);
  }
  tbl.appendChild(head);
  chart.rows.forEach((r, i) => {
    const tr = el("tr");
    const th = el("th", "", chartLabel(r));
    th.setAttribute("scope", "row");
    tr.appendChild(th);
    chart.columns.forEach((c, j) => {
      const letter = chart.cells[i][j];
      const td = el("td", "cell c-" + cssLetter(String(letter).replace(/\*$/, "")), letter);
      // a spot you pick is drilled (the drill deals it as a hand, drill.js)
      if (letter !== null && page.hintAvailable) {
        td.classList.add("pick");
        td.addEventListener("click", () => openDrill({ row: r, column: c }));
      }
      if (cur && cur.row === r && cur.column === c) {
        td.classList.add("current");
        td.setAttribute("aria-current", "true");
        td.dataset.testid = "chart-current";
      }
      tr.appendChild(td);
    });
    tbl.appendChild(tr);
  });
  return tbl;
}

/** A choice's word, as a label at the start of a line ("Stand: …"). */
function actionLabel(letter, legend) {
  const word = legendWords(letter, (legend && legend[letter]) || letter);
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A hand of the chart's codes ("24T", "A5T") as its cards ("2-4-10", "A-5-10"). */
const handCards = (code) => [...String(code)].map((r) => (r === "T" ? "10" : r)).join("-");

/** "*": the hands of a cell played otherwise, as the server lists them: one line per cell
    saying how many, opened for the hands themselves, grouped by what they play. */
function exceptionList(chart) {
  const rows = chart.exceptions || [];
  if (!rows.length) return null;
  const box = el("div", "chart-exceptions-box");
  box.appendChild(el("p", "note", t("chart.exceptions")));
  const ul = el("ul", "chart-exceptions");
  for (const x of rows) {
    const byPlay = new Map();
    for (const [hand, letter] of x.hands) {
      if (!byPlay.has(letter)) byPlay.set(letter, []);
      byPlay.get(letter).push(handCards(hand));
    }
    const n = x.hands.length + (x.more || 0);
    const cell = `${chartLabel(x.row)} / ${chartLabel(x.column)}`;
    const details = el("details");
    details.appendChild(el("summary", "", t(n === 1 ? "chart.except.1" : "chart.except.n", { cell, n })));
    for (const [letter, hands] of byPlay) {
      details.appendChild(el("p", "", t("chart.except.hands", { action: actionLabel(letter, chart.legend), hands: hands.join(" · ") })));
    }
    if (x.more) {
      const key = x.more === 1 ? "chart.except.more.1" : "chart.except.more.n";
      details.appendChild(el("p", "", t(key, { action: actionLabel(x.more_play, chart.legend), n: x.more, c: x.more_cards })));
    }
    const li = el("li");
    li.appendChild(details);
    ul.appendChild(li);
  }
  box.appendChild(ul);
  return box;
}

function showChart(chart) {
  const parts = [];
  if (chart.title) parts.push(el("p", "chart-name", chartTitle(chart.title, t("game." + game.name))));
  // H9: the chart of the house being played, named
  if (chart.house) parts.push(el("p", "note strong", t("chart.house", { name: chart.house.name || t("house.unnamed") })));
  const wrap = el("div", "chart-wrap");
  wrap.setAttribute("tabindex", "0");
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", t("chart.title"));
  wrap.appendChild(table(chart));
  parts.push(wrap, legend(chart));
  const exceptions = exceptionList(chart);
  if (exceptions) parts.push(exceptions);
  if (page.hintAvailable) parts.push(el("p", "note", t("drill.pick")));
  if (chart.current) {
    const { row, column } = chart.current;
    parts.push(el("p", "note", spotSentence("chart.current", row, column)));
  }
  $("chart-body").replaceChildren(...parts);
}

export async function openChart() {
  openDialog("dlg-chart");
  $("btn-drill").hidden = !page.hintAvailable;
  $("chart-body").replaceChildren(el("p", "", t("history.loading")));
  const table = page.state && page.state.table;
  try {
    const mine = yourTurn() && table;
    showChart(await getChart(mine ? table.hand : null, mine ? table.step : null));
  } catch (err) {
    $("chart-body").replaceChildren(el("p", "", errorText({ status: err.status, error: err.error }, limits())));
  }
}
