/* The House rules form (HOUSE_RULES.md H1, H9): every field of a house, grouped, each with
   a line that explains it and the rules it changes, an input of its kind (the server's
   GET /api/houses/fields); the exact house edge of the form as you change a field (POST
   /api/houses/edge) and how much each change moved it; a refusal said beside its field, in
   the reader's language, and never applied. The dialog around it is houserules.js. */

import { ApiError, request } from "../api.js";
import { $, el } from "../dom.js";
import { errorText, fmtNum, hasText, locale, t } from "../messages.js";

const GROUPS = ["cards", "deal", "specials", "dealer", "ties", "bets"];

export const form = {
  schema: null, // GET /api/houses/fields of this game
  named: [], // GET /api/houses
  values: {}, // every field's value in the form
  edge: null, // the form's edge (null: unknown or not measured)
  measured: null, // how the server measured it: {edge_source, ci95?, hands?}
  own: null, // the game's own rules' edge
  moved: {}, // field -> how much its last change moved the edge
  errors: {}, // field -> the server's refusal
  asked: 0, // the latest edge request (older answers are dropped)
  waiting: false, // an edge request is on its way
};

const pct = (x, sign) =>
  new Intl.NumberFormat(locale(), {
    style: "percent", minimumFractionDigits: 3, maximumFractionDigits: 3,
    signDisplay: sign ? "exceptZero" : "auto",
  }).format(x);

/** The house object of the form: its base, its name if given, the fields it changes. */
export function formHouse() {
  const rules = {};
  for (const [k, v] of Object.entries(form.values)) {
    if (JSON.stringify(v) !== JSON.stringify(form.schema.defaults[k])) rules[k] = v;
  }
  const name = $("house-name").value.trim();
  return { base: form.schema.base, ...(name ? { name } : {}), rules };
}

/** The form set to a house object (its fields over the base's values). */
export function fill(house) {
  form.values = { ...form.schema.defaults, ...((house && house.rules) || {}) };
  $("house-name").value = (house && house.name) || "";
  form.moved = {};
  form.errors = {};
  drawFields();
  askEdge(null);
}

/** Asks the server the form's edge; `field` is the one whose change it follows. */
export async function askEdge(field) {
  const ask = ++form.asked;
  const before = form.edge;
  // a slow answer (a house solved and simulated first) shows that it is on its way
  form.waiting = true;
  const slow = setTimeout(() => ask === form.asked && drawPending(), 300);
  try {
    const got = await request("POST", "/api/houses/edge", { house: formHouse() });
    clearTimeout(slow);
    if (ask !== form.asked) return;
    form.waiting = false;
    delete form.errors[field];
    form.edge = got.house_edge;
    form.measured = got;
    if (field && before !== null && got.house_edge !== null) form.moved[field] = got.house_edge - before;
  } catch (err) {
    clearTimeout(slow);
    if (ask !== form.asked) return;
    form.waiting = false;
    const params = err instanceof ApiError && err.error ? err.error.params || {} : {};
    if (params.house_field === undefined) {
      form.errors[field || "name"] = errorText(err, {}); // not the house's: the network
    } else {
      form.errors[params.house_field || "name"] = refusal(params.house_field);
    }
    form.edge = null;
  }
  drawFields();
  drawEdge();
}

/** Why the server refused a field, in the reader's language: its range (the server's), or
    the combination it breaks (H4). */
function refusal(field) {
  const f = form.schema.fields.find((x) => x.name === field);
  if (!f) return t("house.error.name");
  const v = form.values[field];
  if (f.kind === "set") return t("house.error.set");
  if (f.kind === "int" && !(Number.isInteger(v) && ((v >= f.min && v <= f.max) || f.also.includes(v)))) {
    const range = { min: fmtNum(f.min), max: fmtNum(f.max) };
    return f.also.length ? t("house.error.range.off", range) : t("house.error.range", range);
  }
  return t("house.error." + field);
}

function drawPending() {
  const line = $("house-edge");
  line.setAttribute("aria-busy", "true");
  line.replaceChildren(el("span", "house-edge-spinner"), t("house.edge.pending"));
}

/** The form's edge as the server measured it: exact, or simulated with its interval. */
export function drawEdge() {
  const line = $("house-edge");
  line.removeAttribute("aria-busy");
  if (form.edge === null) {
    line.textContent = t(Object.keys(form.errors).length ? "house.edge.refused" : "house.edge.none");
    return;
  }
  const own = form.own === null ? "" : " " + t("house.edge.against", { own: pct(form.own), diff: pct(form.edge - form.own, true) });
  const m = form.measured || {};
  line.textContent =
    m.edge_source === "simulated"
      ? t("house.edge.sim", { edge: pct(form.edge), ci: pct(m.ci95), hands: fmtNum(m.hands) }) + own
      : t("house.edge", { edge: pct(form.edge) }) + own;
}

/** One field's input, by its kind (the server's): a number, a switch, a choice, or the
    values a card may count. */
function input(f) {
  const v = form.values[f.name];
  const change = (value) => {
    if (JSON.stringify(value) === JSON.stringify(form.values[f.name])) return; // no change
    form.values[f.name] = value;
    askEdge(f.name);
  };
  if (f.kind === "bool") {
    const box = el("input");
    box.type = "checkbox";
    box.checked = v;
    box.addEventListener("change", () => change(box.checked));
    return box;
  }
  if (f.kind === "choice") {
    const sel = el("select");
    for (const c of f.choices) {
      // a value may have words of its own under one field (`house.v.FIELD.VALUE`)
      const own = `house.v.${f.name}.${c}`;
      const o = el("option", "", t(hasText(own) ? own : "house.v." + c));
      o.value = c;
      sel.appendChild(o);
    }
    sel.value = v;
    sel.addEventListener("change", () => change(sel.value));
    return sel;
  }
  if (f.kind === "set") {
    const span = el("span", "house-set");
    for (const c of f.choices) {
      const lab = el("label");
      const box = el("input");
      box.type = "checkbox";
      box.checked = v.includes(c);
      box.addEventListener("change", () => {
        const now = form.values[f.name].filter((x) => x !== c);
        change(box.checked ? [...now, c].sort((a, b) => a - b) : now);
      });
      lab.append(box, " " + c);
      span.appendChild(lab);
    }
    return span;
  }
  const num = el("input");
  num.type = "number";
  num.step = "1";
  num.min = String(Math.min(f.min, ...f.also));
  num.max = String(f.max);
  num.value = String(v);
  num.addEventListener("change", () => change(Number(num.value)));
  return num;
}

export function drawFields() {
  const body = $("house-fields");
  const focused = document.activeElement && document.activeElement.closest("[data-field]");
  const keep = focused ? focused.dataset.field : null;
  body.replaceChildren();
  for (const g of GROUPS) {
    const fields = form.schema.fields.filter((f) => f.group === g);
    if (!fields.length) continue;
    const set = el("fieldset", "house-group");
    set.appendChild(el("legend", "", t("house.g." + g)));
    for (const f of fields) {
      const row = el("div", "house-field");
      row.dataset.field = f.name;
      const label = el("label");
      const id = "house-f-" + f.name;
      const inp = input(f);
      (inp.tagName === "SPAN" ? inp : label).id = id;
      label.append(el("span", "house-label", t("house.f." + f.name)), " ", inp);
      row.appendChild(label);
      const moved = form.moved[f.name];
      if (moved !== undefined) row.appendChild(el("span", "house-moved", t("house.moved", { diff: pct(moved, true) })));
      if (JSON.stringify(form.values[f.name]) !== JSON.stringify(form.schema.defaults[f.name])) row.classList.add("changed");
      row.appendChild(el("p", "note", `${t("house.d." + f.name)} (${f.cites})`));
      if (form.errors[f.name]) {
        const err = el("p", "house-error", form.errors[f.name]);
        err.setAttribute("role", "alert");
        row.appendChild(err);
      }
      set.appendChild(row);
    }
    body.appendChild(set);
  }
  const nameError = form.errors.name || form.errors.base || form.errors.rules;
  $("house-name-error").textContent = nameError || "";
  if (keep) {
    const again = body.querySelector(`[data-field="${keep}"] input, [data-field="${keep}"] select`);
    if (again) again.focus({ preventScroll: true });
  }
}
