/* The ledger's picker of an end (a dialog): the ends as buttons, and beside them what else
   an end may say in this house (its table's extras: when the banker opened the hand, a
   burn, a double), as choices and yes-or-no boxes. */

import { $, el } from "../js/dom.js";
import { t } from "../js/messages.js";
import { endLabel } from "./words.js";

export function endButton(end, pressed, onTap) {
  const b = el("button", "", endLabel(end));
  b.type = "button";
  b.dataset.end = end;
  b.setAttribute("aria-pressed", String(pressed));
  b.addEventListener("click", onTap);
  return b;
}

/** The picker: `choices` as buttons; `done(choice)` on a tap. `extras`: what else an end
    may say in this house ({key: [values]} or {key: true}), set beside the ends, as in
    `current`; an end with any of them set is {end, ...extras}. */
export function pick(title, choices, done, extras = {}, current = null) {
  const dialog = $("end-picker");
  $("end-picker-title").textContent = title;
  const now = current && typeof current === "object" ? current : {};
  $("end-extras").replaceChildren(...Object.entries(extras).map(([key, values]) => extraControl(key, values, now[key])));
  const chosen = (end) => {
    dialog.close();
    const more = end === "out" ? {} : extrasChosen();
    done(Object.keys(more).length ? { end, ...more } : end);
  };
  $("end-choices").replaceChildren(...choices.map((end) => endButton(end, false, () => chosen(end))));
  $("end-cards").value = Array.isArray(now.end || current) ? (now.end || current).join(" ") : "";
  $("end-cards-ok").onclick = () => {
    const cards = cardsTyped($("end-cards").value);
    if (cards.length) chosen(cards);
  };
  dialog.showModal();
}

/** The cards as typed ("AS 7h 10♥", commas or spaces between) as card codes; the server
    reads them as the house does (and says which it cannot). */
export function cardsTyped(text) {
  const suits = { "♠": "S", "♥": "H", "♦": "D", "♣": "C" };
  return text.split(/[\s,]+/).filter(Boolean).map((word) => {
    const upper = word.toUpperCase().replace(/[♠♥♦♣]/g, (s) => suits[s]);
    return upper.startsWith("10") ? "T" + upper.slice(2) : upper;
  });
}

/** One extra of an end: a choice among `values`, or a yes or no (`values` true). */
function extraControl(key, values, value) {
  const label = el("label", "extra");
  if (Array.isArray(values)) {
    const select = el("select");
    select.dataset.extra = key;
    const option = (v, text) => Object.assign(el("option", "", text), { value: v });
    select.append(option("", t("ledger.extra.none")), ...values.map((v) => option(String(v), String(v))));
    select.value = value === undefined ? "" : String(value);
    label.append(el("span", "", t("ledger.extra." + key) + " "), select);
  } else {
    const box = el("input");
    box.type = "checkbox";
    box.dataset.extra = key;
    box.checked = value === true;
    label.append(box, el("span", "", " " + t("ledger.extra." + key)));
  }
  return label;
}

function extrasChosen() {
  const out = {};
  for (const c of $("end-extras").querySelectorAll("[data-extra]")) {
    if (c.type === "checkbox" ? c.checked : c.value !== "") out[c.dataset.extra] = c.type === "checkbox" ? true : Number(c.value);
  }
  return out;
}
