/* The ledger's words and amounts: an end as the reader says it, an amount of the ledger's
   unit in the reader's locale, with the coin's decimals. */

import { locale, t } from "../js/messages.js";
import { cardText } from "../js/table/cards.js";
import { houseTitle } from "../js/room/words.js";
import { fromCoins } from "./book.js";

/** The ledger's house in the reader's words: a named house by its key (`id`), a game by
    its name, a family's own house by the name it was given. */
export function ledgerHouse(house, id) {
  if (!house.name) return t("game." + house.base);
  return typeof id === "string" ? houseTitle({ id, name: house.name }) : house.name;
}

/** An end in the reader's words; an end that says more ({end, opened_at, burnt, …}) with
    what it says. */
export function endLabel(end) {
  if (end === null || end === undefined) return t("ledger.end.none");
  if (Array.isArray(end)) return end.map(cardText).join(" ");
  if (typeof end === "object") {
    const more = Object.entries(end).filter(([key]) => key !== "end")
      .map(([key, value]) => t("ledger.extra." + key + ".said", { n: value }));
    return more.length ? `${endLabel(end.end)} (${more.join(", ")})` : endLabel(end.end);
  }
  if (/^\d+$/.test(end)) return end;
  const dragon = /^five-dragon (\d+)$/.exec(end);
  if (dragon) return t("ledger.end.five-dragon", { n: dragon[1] });
  return t("ledger.end." + end);
}

/** `value`, an amount of `unit`, with the unit's coin's decimals; `signed`: a net, + or −. */
export function formatAmount(unit, value, signed = true) {
  const decimals = (String(unit.coin).split(".")[1] || "").length;
  const opts = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  if (signed) opts.signDisplay = "exceptZero";
  return new Intl.NumberFormat(locale(), opts).format(value);
}

/** A number of the ledger's coins as an amount; `signed`: a net, + or −. */
export const money = (book, coins, signed = true) => formatAmount(book.unit, fromCoins(book, coins), signed);

/** An amount, unsigned. */
export const plain = (book, coins) => money(book, coins, false);
