/* Every text the page shows, in the chosen language (../i18n.js): lookups, number formats, event and
   result lines, errors, notices; built on demand (thunks): a new language re-translates the screen. */

import { CATALOGS } from "../i18n.js";
import { language, locale } from "./language.js";
import { isMe, page } from "./page.js";

export {
  browserLanguage, knownLanguage, language, languageHere, locale, setLanguage, useLanguage,
  wantedLanguage,
} from "./language.js";

export function fmtNum(n) {
  return new Intl.NumberFormat(locale()).format(n);
}

/** An expected value with its sign (the hint): per bet to three decimals, in chips (a
    game whose values are chips, `chips`) to one. */
export function fmtEv(x, chips = false) {
  const digits = chips ? 1 : 3;
  const opts = { minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay: "always" };
  return new Intl.NumberFormat(locale(), opts).format(x);
}

/** The text of `key` in the current language (English, then the key, when missing). */
export function t(key, params) {
  const cat = CATALOGS[language()] || CATALOGS.en;
  let s = cat[key];
  if (s === undefined) s = CATALOGS.en[key];
  if (s === undefined) return key;
  if (params) {
    s = s.replace(/\{(\w+)\}/g, (m, k) => {
      const v = params[k];
      if (v === undefined || v === null) return m;
      return typeof v === "number" ? fmtNum(v) : String(v);
    });
  }
  return s;
}

/** Whether the catalogs have a text under `key`. */
export const hasText = (key) => CATALOGS.en[key] !== undefined;
/** Who holds a seat, as the page names it: set by a room (its people's names, its bots),
    else the solo table's seat names. */
let holder = null;
export function nameSeatsBy(fn) {
  holder = fn;
}
export const seatName = (seat) => (holder && holder(seat)) || t("seat." + seat);
/** A choice's name; kampung's banker opens a hand with "open:SEAT". */
export function actionName(action) {
  const [a, seat] = String(action).split(":");
  return seat ? t("btn.open", { seat: seatName(seat) }) : t("btn." + a);
}

export function fmtNet(net) {
  if (net > 0) return t("net.plus", { n: net });
  if (net < 0) return t("net.minus", { n: -net });
  return t("net.zero");
}

export function cardName(code) {
  if (!code) return t("card.down");
  return t("card.name", { rank: t("rank." + code[0]), suit: t("suit." + code[1]) });
}

// special hands named alone; kinds named beside their total (a bust, a five dragon, a non or
// heavy-bust hand)
const NAMED_KINDS = ["ban-ban", "ban-luck", "seven-seven-seven", "blackjack"];
const KINDS_WITH_TOTAL = ["bust", "five-dragon", "non", "heavy-bust"];

/** A hand's badge: the name of a special hand (T4, T5, T6) or its total. */
export function kindLabel(kind, total) {
  if (NAMED_KINDS.includes(kind)) return t("kind." + kind);
  if (KINDS_WITH_TOTAL.includes(kind)) return t("kind." + kind) + " · " + t("total", { total });
  return t("total", { total });
}

export function decksLabel(n) {
  if (n === 1) return t("settings.decks.1");
  if (n === 2) return t("settings.decks.2");
  return String(n ?? "?");
}

/** A hand named inside a sentence: its special name, its kind with its total in brackets
    ("Bust (23)"), or its total (the badge's own words, not stitched with a dot). */
export function handWords(kind, total) {
  if (NAMED_KINDS.includes(kind)) return t("kind." + kind);
  if (KINDS_WITH_TOTAL.includes(kind)) return t("hand.kind_total", { kind: t("kind." + kind), total });
  return t("total", { total });
}

/** Why: your hand against the dealer's, as the server said them (their totals or special
    hands), when both are known; else nothing. */
export function whyText(s, dealer) {
  const known = (h) => h && typeof h.total === "number";
  if (!known(s) || !known(dealer)) return "";
  return " " + t("msg.why", {
    you: handWords(s.kind || "plain", s.total), dealer: handWords(dealer.kind || "plain", dealer.total),
  });
}

/** Your result line, from the model's seat (the server's settlement), and why when the
    dealer's hand is given. */
export function yourResultText(s, dealer) {
  return resultText(s) + (dealer && s.result !== "thrown-in" ? whyText(s, dealer) : "");
}

function resultText(s) {
  const r = s.result;
  if (r === "win") {
    return s.multiple && s.multiple > 1
      ? t("msg.settled.you.win.multiple", { n: s.net, m: s.multiple })
      : t("msg.settled.you.win", { n: s.net });
  }
  if (r === "lose") {
    return s.multiple && s.multiple > 1
      ? t("msg.settled.you.lose.multiple", { n: -s.net, m: s.multiple })
      : t("msg.settled.you.lose", { n: -s.net });
  }
  return t("msg.settled.you." + r);
}

/** What a seat's hand turned over says: a natural, a five dragon, a bust or a total. */
function revealedLine(seat, kind, total) {
  const dealer = seat === "dealer";
  const you = isMe(seat);
  const who = () => seatName(seat);
  if (kind === "ban-ban" || kind === "ban-luck") {
    const k = () => t("kind." + kind);
    if (dealer) return { msg: () => t("msg.dealer.natural", { kind: k() }), announce: true };
    if (you) return { msg: () => t("msg.natural.you", { kind: k() }), announce: true };
    return { msg: () => t("msg.natural", { seat: who(), kind: k() }), announce: true };
  }
  if (kind === "five-dragon") {
    if (dealer) return { msg: () => t("msg.dragon.dealer"), announce: true };
    if (you) return { msg: () => t("msg.dragon.you"), announce: true };
    return { msg: () => t("msg.dragon", { seat: who() }), announce: true };
  }
  if (kind === "bust") {
    if (dealer) return { msg: () => t("msg.bust.dealer", { total }), announce: true };
    if (you) return { msg: () => t("msg.bust.you", { total }), announce: true };
    return { msg: () => t("msg.bust", { seat: who(), total }) };
  }
  if (dealer) return { msg: () => t("msg.revealed.dealer", { total }) };
  if (you) return { msg: () => t("msg.revealed.you", { total }) };
  return { msg: () => t("msg.revealed", { seat: who(), total }) };
}

/** The line an event makes once applied to the model `m`: {msg: () => text, announce}
    (announce: say it to screen readers too), or null. */
export function describe(e, m) {
  const s = e.seat ? m.seats[e.seat] : null;
  const you = isMe(e.seat);
  switch (e.type) {
    case "dealt":
      if (!s) return null;
      // Only your own draws come marked as forced: another seat's forced draw is sent as
      // a hit, since "forced" would tell its hidden total (T22).
      if (e.reason === "forced") return { msg: () => t("msg.forced.you") };
      if (e.reason === "dealer") {
        // The dealer's total once the server has said it (its last draw of the hand).
        const total = s.total;
        if (typeof total !== "number") return { msg: () => t("msg.dealer.draws") };
        if (s.kind === "bust") return { msg: () => t("msg.bust.dealer", { total }), announce: true };
        if (s.kind === "five-dragon") return { msg: () => t("msg.dragon.dealer"), announce: true };
        return { msg: () => t("msg.dealer.draws.total", { total }) };
      }
      if (e.reason === "deal") return { msg: () => t("msg.dealing") };
      return null;
    case "turn":
      if (e.seat === "dealer") return { msg: () => t("msg.turn.dealer") };
      // Your turn is announced when the events stop, with your total (animate.js).
      if (you) return { msg: () => t("msg.turn.you") };
      return { msg: () => t("msg.turn.seat", { seat: seatName(e.seat) }) };
    case "action": {
      if (!s) return null;
      const a = e.action;
      return {
        msg: () => (you ? t("msg.action." + a + ".you") : t("msg.action." + a, { seat: seatName(e.seat) })),
      };
    }
    case "revealed":
      return s ? revealedLine(e.seat, e.kind, e.total) : null;
    case "void":
      return { msg: () => t("msg.void"), announce: true };
    case "settled":
      if (!s) return null;
      if (you) return { msg: () => yourResultText(s, m.seats.dealer) + shortPaid(e), announce: true };
      return {
        msg: () => t("msg.settled", {
          seat: seatName(e.seat), result: t("result." + e.result), net: fmtNet(e.net),
        }) + shortPaid(e),
      };
    case "over": {
      const mine = m.seats[page.me];
      // Your result was announced when it was settled: not twice.
      if (m.void) return { msg: () => t("msg.void") + " " + t("msg.over") };
      if (mine && mine.result) return { msg: () => yourResultText(mine, m.seats.dealer) + " " + t("msg.over") };
      return { msg: () => t("msg.over") };
    }
    default:
      return null;
  }
}

/** An error's text: the translation of the server's code (its params fill it in), else
    the server's English message. `limits` fills {min}/{max} a bet message needs. */
export function errorText(info, limits) {
  const e = info.error || {};
  const code = e.code;
  const params = Object.assign({ min: limits.min, max: limits.max, status: info.status }, e.params || {});
  for (const key of ["error." + code, "room.error." + code]) if (code && hasText(key)) return t(key, params);
  if (e.message) return e.message;
  return t("error.server", params);
}

/** A notice of State.player.notices, translated by its code. */
export function noticeText(n) {
  const p = n.params || {};
  if (n.code === "fresh_stack") {
    return isMe(p.seat) || !p.seat
      ? t("notice.fresh_stack.you", { stack: p.stack ?? 1000 })
      : t("notice.fresh_stack.seat", { seat: seatName(p.seat), stack: p.stack ?? 1000 });
  }
  if (n.code === "reshuffled") return t("notice.reshuffled");
  if (n.code === "bank_passed") {
    const to = isMe(p.to) ? t("notice.bank_passed.to_you") : seatName(p.to);
    return t(`notice.bank_passed.${p.reason === "empty" ? "empty" : "hands"}`, { from: seatName(p.from), to });
  }
  if (n.code === "save_reset") return t("notice.save_reset", { stack: p.stack ?? 1000 });
  if (n.code === "decks_changed") return t("notice.decks_changed", { label: decksLabel(p.decks) });
  if (hasText("notice." + n.code)) return t("notice." + n.code, p);
  return n.message || n.code;
}

/** " The bank paid 1,100 of 2,100: all it had." or " Capped at the stack: …" from the server's `owed` against its `net` (K3, K23, T20), else "". */
export function shortPaid(e) {
  const moved = Math.abs(e.net || 0);
  if (!e.owed || moved >= e.owed) return "";
  return " " + t(e.net > 0 ? "msg.short.bank" : "msg.short.stack", { paid: fmtNum(moved), owed: fmtNum(e.owed) });
}
