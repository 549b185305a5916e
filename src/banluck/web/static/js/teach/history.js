/* The hand history dialog: the last hands as the server stored them, each viewable seat by
   seat and downloadable as a replay file (docs/API.md); nothing is recomputed here. */

import { getHistory, getHistoryHand, replayUrl } from "../api.js";
import { back, face } from "../table/cards.js";
import { openDialog } from "../dialogs.js";
import { $, el } from "../dom.js";
import { cardName, errorText, fmtNet, fmtNum, kindLabel, locale, seatName, t } from "../messages.js";
import { limits } from "../page.js";
import { showReplay } from "./replay.js";

function miniCards(codes) {
  const span = el("span", "mini");
  for (const c of codes || []) {
    const card = el("span", "card");
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", cardName(c));
    card.innerHTML = c ? face(c) : back();
    span.appendChild(card);
  }
  return span;
}

function downloadLink(hand) {
  const a = el("a", "dl", t("btn.download"));
  a.href = replayUrl(hand);
  a.setAttribute("download", `banluck-hand-${hand}.json`);
  a.setAttribute("aria-label", t("btn.download") + " · " + t("history.hand", { n: hand }));
  return a;
}

const netClass = (net) => (net > 0 ? "net-plus" : net < 0 ? "net-minus" : "");

/** A hand's total in the history, or its name when it is a special hand (T4, T5, T6). */
function handLabel(h) {
  if (!h || h.total === null || h.total === undefined) return "";
  return h.kind && h.kind !== "plain" ? kindLabel(h.kind, h.total) : String(h.total);
}

function showFailure(err) {
  const text = errorText({ status: err.status, error: err.error }, limits());
  $("history-body").replaceChildren(el("p", "", text));
}

export async function openHistory() {
  openDialog("dlg-history");
  $("history-body").replaceChildren(el("p", "", t("history.loading")));
  try {
    const data = await getHistory();
    showHistoryList(data.hands || []);
  } catch (err) {
    showFailure(err);
  }
}

function historyRow(h, hands) {
  const li = el("li");
  li.dataset.hand = h.hand;
  const main = el("div", "h-main");
  const result = h.void ? t("result.void") : t("result." + h.result);
  const banked = h.banker === "you"; // kampung: you held the bank, you bet nothing (K3)
  const row = banked
    ? t("history.row.bank", { hand: h.hand, result, net: fmtNet(h.net) })
    : t("history.row", { hand: h.hand, bet: h.bet, result, net: fmtNet(h.net) });
  main.appendChild(el("span", netClass(h.net), row));
  const sub = el("span", "h-sub");
  // One line per hand: yours, then the dealer's (kampung: the bank, whoever held it;
  // yours alone when you held it).
  const lines = banked
    ? [[t("history.bank.you"), h.you]]
    : [[seatName("you"), h.you], [h.bank ? t("history.bank", { seat: seatName(h.banker || "dealer") }) : seatName("dealer"), h.dealer || h.bank]];
  for (const [who, hh] of lines) {
    // A blackjack seat has hands (split: two); every other seat one hand.
    for (const one of hh ? (hh.hands || [hh]) : []) {
      const line = el("span", "h-line");
      line.append(
        el("span", "h-who", who), miniCards(one.cards), el("span", "h-total", handLabel(one)),
      );
      sub.appendChild(line);
    }
  }
  const when = h.time ? new Date(h.time) : null;
  if (when && !isNaN(when)) {
    const text = when.toLocaleString(locale(), { dateStyle: "short", timeStyle: "short" });
    sub.appendChild(el("span", "h-time", text));
  }
  main.appendChild(sub);
  const view = el("button", "", t("btn.view"));
  view.type = "button";
  view.setAttribute("aria-label", t("btn.view") + " · " + t("history.hand", { n: h.hand }));
  view.addEventListener("click", () => showHistoryHand(h.hand, hands));
  li.append(main, view, downloadLink(h.hand));
  return li;
}

function showHistoryList(hands) {
  const body = $("history-body");
  if (!hands.length) {
    body.replaceChildren(el("p", "", t("history.empty")));
    return;
  }
  const ol = el("ol");
  for (const h of hands) ol.appendChild(historyRow(h, hands));
  body.replaceChildren(ol);
}

function detailRow(r) {
  const tr = el("tr");
  tr.appendChild(el("th", "", r.label || seatName(r.name)));
  const tdc = el("td");
  tdc.appendChild(miniCards(r.cards));
  tr.appendChild(tdc);
  tr.appendChild(el("td", "h-kind", r.hand ? kindLabel(r.hand, r.total) : String(r.total ?? "")));
  // Result and the stack after it in one cell, so the table fits a 360-pixel phone.
  const tdr = el("td", "h-result");
  if (r.result) {
    const net = typeof r.net === "number";
    const text = t("result." + r.result) + (net ? " " + fmtNet(r.net) : "");
    tdr.appendChild(el("span", net ? netClass(r.net) : "", text));
  } else if (typeof r.net === "number") { // kampung's bank: what it won or paid in all
    tdr.appendChild(el("span", netClass(r.net), fmtNet(r.net)));
  }
  if (typeof r.stack === "number") tdr.appendChild(el("span", "h-stack", t("stack") + " " + fmtNum(r.stack)));
  tr.appendChild(tdr);
  return tr;
}

async function showHistoryHand(hand, hands) {
  const body = $("history-body");
  body.replaceChildren(el("p", "", t("history.loading")));
  let data;
  try {
    data = await getHistoryHand(hand);
  } catch (err) {
    showFailure(err);
    return;
  }
  const res = data.result || {};
  const box = el("div", "h-detail");
  box.appendChild(el("h3", "", t("history.hand", { n: hand }) + (res.void ? " · " + t("result.void") : "")));
  const tbl = el("table");
  const rows = [];
  const d = res.dealer;
  if (d) rows.push({ name: "dealer", cards: d.cards, total: d.total, hand: d.hand });
  if (res.bank) rows.push(Object.assign({}, res.bank, { label: t("history.bank", { seat: seatName(res.bank.name) }) })); // kampung
  for (const s of res.seats || []) {
    // A blackjack seat: one row per hand, its stack on the last.
    const many = s.hands || [s];
    many.forEach((h, i) => rows.push(Object.assign({}, h, {
      name: s.name, stack: i === many.length - 1 ? s.stack : null,
    })));
  }
  for (const r of rows) tbl.appendChild(detailRow(r));
  box.appendChild(tbl);
  const actions = el("div", "actions");
  const backButton = el("button", "", t("btn.back"));
  backButton.type = "button";
  backButton.addEventListener("click", () => showHistoryList(hands));
  actions.append(backButton, downloadLink(hand));
  if (data.table && data.table.events) {
    // step by step, as you saw it (a hand kept before replays were has none)
    const replay = el("button", "", t("history.replay"));
    replay.type = "button";
    replay.addEventListener("click", () => showReplay(body, hand, data.table, miniCards, () => showHistoryHand(hand, hands)));
    actions.appendChild(replay);
  }
  box.appendChild(actions);
  body.replaceChildren(box);
}

/** A room's finished hand (`table`: as you saw it) replayed step by step in this dialog;
    Back closes it. */
export function openHandReplay(hand, table) {
  openDialog("dlg-history");
  const body = $("history-body");
  showReplay(body, hand, table, miniCards, () => $("dlg-history").close());
}
