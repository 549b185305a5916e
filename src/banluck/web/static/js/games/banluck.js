/* Ban Luck's specifics (`table`, `one-on-one`; seeds 000 and 003): the display model of
   model.js, the event lines of messages.js and the three-seat table of table.js. A game
   whose stack must cover more than the bet (one-on-one, O1: State.limits.bet_cover) says
   so in its own words; a table with nobody else at it has no Anna and Ben to speak of. */

import { $ } from "../dom.js";
import { describe, t, yourResultText } from "../messages.js";
import { applyEvent, emptyModel, seatLines, syncModel } from "../table/model.js";
import { isMe, limits, page, yourTurn } from "../page.js";
import { renderTable } from "../table/table.js";

/** Why Stand or Throw in is not offered, read from the server's list of choices. */
function reason(l) {
  if (yourTurn() && !l.includes("stand") && l.includes("hit")) {
    return l.includes("throw") ? t("reason.free_hand") : t("reason.under16");
  }
  return "";
}

function titles(l) {
  return { throw: yourTurn() && !l.includes("throw") ? t("reason.not_free") : "" };
}

/** Whose move it is when the events stop, and what to tell a screen reader then. */
function finish(m, summary) {
  if (!m.over && isMe(m.turn)) {
    const total = m.seats[page.me].total;
    page.message = () => (typeof total === "number" ? t("msg.turn.you.total", { total }) : t("msg.turn.you"));
    return page.message();
  }
  const mine = m.seats[page.me];
  if (summary && m.over && mine && mine.result) return yourResultText(mine, m.seats.dealer);
  return null;
}

/** The table of Ban Luck: bots' seats only where the game has bots. */
function render() {
  const stacks = page.state && page.state.player ? page.state.player.stacks : {};
  $("seat-anna").parentElement.hidden = !("anna" in (stacks || {}));
  renderTable();
}

/** O1: the stack must cover more than the bet. */
const covers = () => limits().cover > 1;

/** Nobody else sits at the table (the server's stacks: yours alone). */
function alone() {
  const stacks = page.state && page.state.player ? page.state.player.stacks : {};
  return Object.keys(stacks || {}).length === 1;
}

export function banluck() {
  return {
    family: "banluck",
    tableId: "table",
    messageId: "message",
    emptyModel, applyEvent, syncModel, describe, finish, reason, titles, seatLines,
    renderTable: render,
    welcome: () => (covers() ? t("msg.welcome.cover") : t("msg.welcome")),
    get betError() { return covers() ? "error.bad_bet.cover" : null; },
    // the play-chips note without Anna and Ben where they do not sit (i18n chips.note.alone)
    get chipsNote() { return alone() ? "chips.note.alone" : null; },
  };
}
