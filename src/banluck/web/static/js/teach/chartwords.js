/* The Strategy chart's labels in the page's language (issue 18). The server sends the chart
   as `banluck strategy` prints it, in English; these are its words, each shape of label
   named here ("hard 12", "2 cards soft 17", "20 (free hand)", "pair 8,8", "dealer's up
   card", a legend's letter) and put into the reader's language. A label of no known shape
   is shown as it came. Nothing here is a rule: only words. */

import { t } from "../messages.js";

/** "T" and "A" as the chart writes them, in words; other cards are their numbers. */
const rank = (r) => (r === "T" ? "10" : r === "A" ? t("chart.rank.A") : r);

const SHAPES = [
  [/^hard (\d+)$/, (m) => t("chart.hard", { n: m[1] })],
  [/^soft (\d+)$/, (m) => t("chart.soft", { n: m[1] })],
  [/^pair (\w),\w$/, (m) => t("chart.pair", { card: rank(m[1]) })],
  [/^(\d+) \(free hand\)$/, (m) => t("chart.free", { n: m[1] })],
  [/^(\d) cards soft (\d+)$/, (m) => t("chart.cards.soft.total", { c: m[1], n: m[2] })],
  [/^(\d) cards (\d+)$/, (m) => t("chart.cards.total", { c: m[1], n: m[2] })],
  [/^(\d) cards soft$/, (m) => t("chart.cards.soft", { c: m[1] })],
  [/^(\d) cards$/, (m) => t("chart.cards", { c: m[1] })],
  [/^your cards$/, () => t("chart.your_cards")],
  [/^dealer's up card$/, () => t("chart.up_card")],
  [/^([2-9TA])$/, (m) => rank(m[1])],
];

/** A row's, a column's or the corner's label in the reader's language. */
export function chartLabel(text) {
  const s = String(text);
  for (const [shape, say] of SHAPES) {
    const m = shape.exec(s);
    if (m) return say(m);
  }
  return s;
}

/** A spot of the chart as one sentence: ``key`` ("Your hand: 17 against 10.") with the row
    and the column, or, where the columns are the seat's cards ("3 cards soft"), ``key``.cards
    ("Your hand: a soft 17 in 3 cards."). */
export function spotSentence(key, row, column) {
  const cards = /^(\d) cards( soft)?$/.exec(String(column));
  if (cards) {
    return t(key + (cards[2] ? ".cards.soft" : ".cards"), { total: chartLabel(row), c: cards[1] });
  }
  return t(key, { row: chartLabel(row), column: chartLabel(column) });
}

/** A legend's letter in words (the server's English when the letter is new). */
export function legendWords(letter, english) {
  const key = "chart.legend." + letter.replace("*", "x");
  const text = t(key);
  return text === key ? english : text;
}

/** The chart's title: its family's best play, its decks ("preset table, 2 deck(s)"). */
export function chartTitle(title, gameTitle) {
  const decks = /(\d+) deck/.exec(String(title));
  if (!decks) return String(title);
  const n = Number(decks[1]);
  return t(n === 1 ? "chart.name.1" : "chart.name.n", { game: gameTitle, n });
}
