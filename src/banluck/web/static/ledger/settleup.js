/* The ledger's settle-up (docs/LEDGER.md): each person's net, biggest win and hands (of the
   hands settled; those waiting or refused are counted and named), the downloads, and who
   pays whom (POST /api/ledger/transfers). */

import { offline, request } from "../js/api.js";
import { $, el } from "../js/dom.js";
import { t } from "../js/messages.js";
import { errorMessage } from "../js/room/words.js";
import { ledgerCsv, ledgerFile, totals, unsettled } from "./book.js";
import { settlePending } from "./settle.js";
import { money, plain } from "./words.js";

export function drawTotals(book) {
  const rows = [...totals(book)].map(([name, tot]) => {
    const tr = el("tr");
    tr.dataset.person = name;
    tr.append(el("td", "", name), el("td", "", money(book, tot.net)), el("td", "", plain(book, tot.best)), el("td", "", String(tot.hands)));
    return tr;
  });
  $("totals").tBodies[0].replaceChildren(...rows);
  const waiting = unsettled(book);
  const wrong = waiting.filter((h) => h.wrong).length;
  $("pending").textContent = [
    waiting.length > wrong ? t("ledger.pending", { n: waiting.length - wrong }) : "",
    wrong ? t("ledger.wrong", { n: wrong }) : "",
  ].join(" ").trim();
  const file = new Blob([JSON.stringify(ledgerFile(book), null, 2)], { type: "application/json" });
  const csv = new Blob([ledgerCsv(book)], { type: "text/csv" });
  for (const [id, blob] of [["download-json", file], ["download-csv", csv]]) {
    const a = $(id);
    if (a.href) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(blob);
  }
}

export async function whoPaysWhom(book, redraw) {
  if (await settlePending(book)) redraw();
  if (unsettled(book).length) {
    const wrong = unsettled(book).some((h) => h.wrong);
    $("settle-error").textContent = t(wrong ? "ledger.error.wrong.pay" : "ledger.error.offline.pay");
    $("transfers").replaceChildren();
    return;
  }
  const nets = Object.fromEntries([...totals(book)].map(([n, tot]) => [n, tot.net]));
  $("transfers").replaceChildren();
  let answer;
  try {
    answer = await request("POST", "/api/ledger/transfers", { nets });
  } catch (err) {
    $("settle-error").textContent = offline(err) ? t("ledger.error.offline.pay") : errorMessage(err.error);
    return;
  }
  $("settle-error").textContent = "";
  const lines = answer.transfers.map((x) =>
    el("li", "", t("ledger.pays", { from: x.from, to: x.to, amount: plain(book, x.amount), unit: book.unit.name })));
  $("transfers").replaceChildren(...(lines.length ? lines : [el("li", "", t("ledger.even"))]));
}
