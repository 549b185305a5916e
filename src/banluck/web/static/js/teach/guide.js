/* The guided first hand (issue 18): a lesson hand of the server's (GET guide: the hand as
   you see it at each choice it asks for, and at its end), played on the game's own page
   with the lesson's words. Only the choice asked for is taken; then the real table again.
   Nothing reaches the table and no chip moves. Offered on a game's first visit (before its
   first hand, once) and from the lobby's "How to play" (/play/{game}?guide). */

import { ApiError, getGuide } from "../api.js";
import { $ } from "../dom.js";
import { game } from "../game.js";
import { keep, stored } from "../kept.js";
import { actionName, t } from "../messages.js";
import { page } from "../page.js";
import { receive } from "../session.js";
import { showError } from "../table/status.js";

const OFFERED = "banluck.guideOffered";
let lesson = null; // {data, at (-1: before the deal), real (the table's link), base, hint}

/** The State the page shows at step `at` of the lesson (the real table's, with the
    lesson's hand: no notices, no shoe of the table's). */
function stateAt(at) {
  const { data, base } = lesson;
  const rest = { ...base };
  delete rest.fair;
  let table = null;
  if (at >= 0) table = at < data.steps.length ? data.steps[at].table : data.end;
  return { ...rest, player: { ...base.player, notices: [] }, table, next_hand: table ? table.hand + 1 : 1 };
}

function show(line, buttons) {
  $("guide").hidden = false;
  $("guide-line").textContent = line;
  for (const id of ["guide-start", "guide-skip", "guide-leave", "guide-real"]) $(id).hidden = !buttons.includes(id);
}

/** The lesson's words for where it stands. */
export function sayGuide() {
  if (!lesson) return;
  const { data, at } = lesson;
  if (at < 0) show(t("guide.deal"), ["guide-leave"]);
  else if (at < data.steps.length) show(t(`guide.${game.name}.${at}`), ["guide-leave"]);
  else show(t(`guide.${game.name}.end`), ["guide-real"]);
}

const lessonLink = {
  state: async () => stateAt(lesson.at),
  deal: async () => {
    if (lesson.at >= lesson.data.steps.length) {
      await leave(); // the lesson is over: the next deal is the real table's
      return null;
    }
    lesson.at = 0;
    sayGuide();
    return stateAt(0);
  },
  act: async (action) => {
    const asked = lesson.data.steps[lesson.at].choice;
    if (action !== asked) {
      throw new ApiError(422, { code: "guide_wrong", message: "", params: { action: actionName(asked) } });
    }
    lesson.at += 1;
    sayGuide();
    return stateAt(lesson.at);
  },
  settings: (change) => lesson.real.settings(change),
};

/** Starts the lesson on this page (the real table waits). */
export async function startGuide() {
  if (lesson) return;
  let data;
  try {
    data = await getGuide();
  } catch (err) {
    showError(err);
    return;
  }
  lesson = { data, at: -1, real: game.link, base: page.state, hint: page.hintAvailable };
  game.link = lessonLink;
  page.hintAvailable = false; // the lesson says what to do; the Hint is the real table's
  sayGuide();
  receive(stateAt(-1), false);
}

async function leave() {
  if (!lesson) return;
  game.link = lesson.real;
  page.hintAvailable = lesson.hint;
  lesson = null;
  $("guide").hidden = true;
  try {
    receive(await game.link.state(), true);
  } catch (err) {
    showError(err);
  }
}

/** A deal at the real table: the offer is no longer needed. */
export function dismissOffer() {
  if (!lesson) $("guide").hidden = true;
}

/** Wires the lesson's buttons; offers it before a game's first hand (once), or starts it
    at once when the page was opened from "How to play" (`asked`). `s`: the real State. */
export function wireGuide(s, asked) {
  $("guide-start").addEventListener("click", startGuide);
  $("guide-skip").addEventListener("click", () => { $("guide").hidden = true; });
  $("guide-leave").addEventListener("click", leave);
  $("guide-real").addEventListener("click", leave);
  if (asked) {
    startGuide();
    return;
  }
  const offered = stored(localStorage, OFFERED, []);
  if (!s || s.table !== null || offered.includes(game.name)) return;
  show(t("guide.offer"), ["guide-start", "guide-skip"]);
  keep(localStorage, OFFERED, [...offered, game.name]); // refused: offered again next time
}
