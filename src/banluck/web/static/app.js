/* The web table's page: talks to the server through docs/API.md only.

   The server is the only authority. This page keeps the last State it received and a
   display model built by replaying the State's `events` one at a time (paced by the speed
   setting), so Anna's, Ben's and the dealer's turns are seen, not just their outcome. When
   every event is shown, the model is checked against the Table snapshot. Cards the server
   sends as null are drawn face down (T22): the page never knows them. */
"use strict";

(function () {
  const I18N = window.BANLUCK_I18N;
  const RULES = window.BANLUCK_RULES;
  const Cards = window.BanluckCards;
  const SEATS = ["you", "anna", "ben"];
  const ALL = ["you", "anna", "ben", "dealer"];
  const CHIPS = [10, 25, 50, 100, 250, 500];
  const BASE_DELAY = { slow: 1100, normal: 600, fast: 220, instant: 0 };
  const LOCALE = { en: "en-US", de: "de-DE", zh: "zh-CN" };

  const $ = (id) => document.getElementById(id);

  // ---- state -------------------------------------------------------------------------
  let state = null; // the last State from the server
  let lang = "en";
  let busy = false; // a request is in flight: every action button is disabled
  let animating = false;
  let skipping = false;
  let wake = null; // resolves the current animation pause early (Skip)
  let model = null; // display model of the hand being shown
  let shown = 0; // events of model.hand shown so far
  let rendered = { hand: null, counts: {} }; // cards already on screen (for the deal animation)
  let message = null; // () => string: the table's current message, re-translated on demand
  let errorInfo = null; // the error on screen, re-translated on demand
  let noticesShown = []; // notices on screen: [{code, params}]
  let hintAvailable = true;
  let hintInfo = null; // {hand, step, hint}
  let betTouched = false; // the player changed the bet since the last State
  let focusInControls = false; // the keyboard focus was on a control at the last render

  // ---- text --------------------------------------------------------------------------
  function browserLanguage() {
    const langs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
    for (const l of langs) {
      const p = String(l).toLowerCase();
      if (p.startsWith("de")) return "de";
      if (p.startsWith("zh")) return "zh";
      if (p.startsWith("en")) return "en";
    }
    return "en";
  }

  function fmtNum(n) {
    return new Intl.NumberFormat(LOCALE[lang] || "en-US").format(n);
  }

  function t(key, params) {
    const cat = I18N[lang] || I18N.en;
    let s = cat[key];
    if (s === undefined) s = I18N.en[key];
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

  function seatName(seat) {
    return t("seat." + seat);
  }

  function fmtNet(net) {
    if (net > 0) return t("net.plus", { n: net });
    if (net < 0) return t("net.minus", { n: -net });
    return t("net.zero");
  }

  function cardName(code) {
    if (!code) return t("card.down");
    return t("card.name", { rank: t("rank." + code[0]), suit: t("suit." + code[1]) });
  }

  function actionName(action) {
    return t("btn." + action);
  }

  // ---- totals for your own hand while it is animated (T2, T3, T4, T6) -----------------
  // The server's Hand.total is authoritative; this only fills the gap while events play.
  function handTotal(codes) {
    const n = codes.length;
    let base = 0;
    let aces = 0;
    for (const c of codes) {
      const r = c[0];
      if (r === "A") aces += 1;
      else if ("TJQK".includes(r)) base += 10;
      else base += Number(r);
    }
    const [lo, hi] = n === 2 ? [10, 11] : n === 3 ? [1, 10] : [1, 1];
    const totals = [];
    for (let j = 0; j <= aces; j++) totals.push(base + j * hi + (aces - j) * lo);
    const ok = totals.filter((x) => x <= 21);
    return ok.length ? Math.max(...ok) : Math.min(...totals);
  }

  function handKind(codes) {
    const total = handTotal(codes);
    if (codes.length === 2) {
      const ranks = codes.map((c) => c[0]);
      if (ranks[0] === "A" && ranks[1] === "A") return "ban-ban";
      if (ranks.includes("A") && ranks.some((r) => "TJQK".includes(r))) return "ban-luck";
    }
    if (total > 21) return "bust";
    if (codes.length === 5) return "five-dragon";
    return "plain";
  }

  // ---- the display model ---------------------------------------------------------------
  function emptyModel(table) {
    const m = { hand: table.hand, seats: {}, turn: null, void: false, over: false };
    for (const name of ALL) {
      m.seats[name] = {
        cards: [], revealed: false, total: null, kind: null, result: null, net: null,
        multiple: null, stack: null, bet: 0, action: null,
      };
    }
    for (const h of table.seats.concat([table.dealer])) {
      const s = m.seats[h.name];
      if (!s) continue;
      s.bet = h.bet || 0;
      // Hand.stack is the stack after settlement once settled, before the hand until then.
      s.stack = h.result !== null && h.result !== undefined && typeof h.net === "number" ? h.stack - h.net : h.stack;
    }
    return m;
  }

  /** Applies one event to the model; returns the message it makes (a thunk) and whether
      to announce it to screen readers. */
  function applyEvent(m, e) {
    const s = e.seat ? m.seats[e.seat] : null;
    const you = e.seat === "you";
    switch (e.type) {
      case "dealt": {
        if (!s) return null;
        s.cards.push({ code: e.card, reason: e.reason });
        // Only your own draws come marked as forced: another seat's forced draw is sent as
        // a hit, since "forced" would tell its hidden total (T22).
        if (e.reason === "forced") return { msg: () => t("msg.forced.you") };
        if (e.reason === "dealer") {
          // The dealer's cards are face up by now: say what the draw made.
          const codes = s.cards.map((c) => c.code);
          if (!codes.every((c) => c)) return { msg: () => t("msg.dealer.draws") };
          const total = handTotal(codes);
          const kind = handKind(codes);
          if (kind === "bust") return { msg: () => t("msg.bust.dealer", { total }), announce: true };
          if (kind === "five-dragon") return { msg: () => t("msg.dragon.dealer"), announce: true };
          return { msg: () => t("msg.dealer.draws.total", { total }) };
        }
        if (e.reason === "deal") return { msg: () => t("msg.dealing") };
        return null;
      }
      case "turn": {
        m.turn = e.seat;
        if (e.seat === "dealer") return { msg: () => t("msg.turn.dealer") };
        // Your turn is announced when the events stop, with your total (animate).
        if (you) return { msg: () => t("msg.turn.you") };
        return { msg: () => t("msg.turn.seat", { seat: seatName(e.seat) }) };
      }
      case "action": {
        if (!s) return null;
        s.action = e.action;
        const a = e.action;
        return { msg: () => (you ? t("msg.action." + a + ".you") : t("msg.action." + a, { seat: seatName(e.seat) })) };
      }
      case "revealed": {
        if (!s) return null;
        const codes = e.cards || [];
        s.cards = codes.map((code, i) => ({ code, reason: s.cards[i] ? s.cards[i].reason : "deal" }));
        s.revealed = true;
        s.total = e.total;
        s.kind = e.kind;
        const dealer = e.seat === "dealer";
        const who = () => seatName(e.seat);
        const kind = e.kind;
        const total = e.total;
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
      case "void": {
        m.void = true;
        return { msg: () => t("msg.void"), announce: true };
      }
      case "settled": {
        if (!s) return null;
        s.result = e.result;
        s.net = e.net;
        s.stack = e.stack;
        s.multiple = e.multiple;
        if (you) return { msg: () => yourResultText(s), announce: true };
        return {
          msg: () => t("msg.settled", { seat: seatName(e.seat), result: t("result." + e.result), net: fmtNet(e.net) }),
        };
      }
      case "over": {
        m.over = true;
        m.turn = null;
        const mine = m.seats.you;
        // Your result was announced when it was settled: not twice.
        if (m.void) return { msg: () => t("msg.void") + " " + t("msg.over") };
        if (mine.result) return { msg: () => yourResultText(mine) + " " + t("msg.over") };
        return { msg: () => t("msg.over") };
      }
      default:
        return null;
    }
  }

  function yourResultText(s) {
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

  /** After the last event: take every field the Table snapshot knows (the authority). */
  function syncModel(m, table) {
    for (const h of table.seats.concat([table.dealer])) {
      const s = m.seats[h.name];
      if (!s) continue;
      const cards = h.cards || [];
      s.cards = cards.map((code, i) => ({ code, reason: s.cards[i] ? s.cards[i].reason : "deal" }));
      s.revealed = !!h.revealed;
      if (h.total !== null && h.total !== undefined) s.total = h.total;
      if (h.kind) s.kind = h.kind;
      s.bet = h.bet || 0;
      if (h.result) {
        s.result = h.result;
        s.net = h.net;
        s.stack = h.stack;
      }
    }
    m.void = !!table.void;
    m.over = !!table.over;
    m.turn = table.over ? null : table.to_act;
  }

  // ---- pacing --------------------------------------------------------------------------
  function speed() {
    return (state && state.player && state.player.settings && state.player.settings.speed) || "normal";
  }

  function delayFor(e) {
    const base = BASE_DELAY[speed()] ?? BASE_DELAY.normal;
    if (!base || skipping) return 0;
    const mine = e.seat === "you";
    switch (e.type) {
      case "dealt": return e.reason === "deal" ? base * 0.45 : base * (mine ? 0.5 : 1);
      case "turn": return mine ? 0 : base * 0.6;
      case "action": return base * (mine ? 0.3 : 0.9);
      case "revealed": return base * 1.3;
      case "void": return base * 2.2;
      case "settled": return base * 1.2;
      default: return 0;
    }
  }

  function pause(ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { wake = null; resolve(); }, ms);
      wake = () => { clearTimeout(timer); wake = null; resolve(); };
    });
  }

  function skip() {
    if (!animating) return;
    skipping = true;
    if (wake) wake();
  }

  let animRun = 0;
  /** Shows the events of state.table that are not on screen yet, one at a time. */
  async function animate(instant) {
    const run = ++animRun;
    const table = state.table;
    if (!table) return;
    if (!model || model.hand !== table.hand) {
      model = emptyModel(table);
      shown = 0;
    }
    if (instant) skipping = true;
    animating = true;
    renderControls();
    while (state.table && state.table.hand === model.hand && shown < state.table.events.length) {
      if (run !== animRun) return;
      const e = state.table.events[shown];
      shown += 1;
      const out = applyEvent(model, e);
      if (out) {
        message = out.msg;
        if (out.announce && !skipping) announce(out.msg());
      }
      const d = delayFor(e);
      if (d > 0) {
        renderTable();
        renderMessage();
        await pause(d);
        if (run !== animRun) return;
      }
    }
    if (state.table && state.table.hand === model.hand) syncModel(model, state.table);
    if (!model.over && model.turn === "you") {
      // The last event may have been a forced draw: say whose move it is now, and the total.
      const total = model.seats.you.total;
      message = () => (typeof total === "number" ? t("msg.turn.you.total", { total }) : t("msg.turn.you"));
    }
    const wasSkipping = skipping;
    animating = false;
    skipping = false;
    if (!model.over && model.turn === "you") {
      announce(message());
    } else if (message && (wasSkipping || instant)) {
      // One summary for screen readers when the events were not played one by one.
      const m = model.seats.you;
      if (model.over && m.result) announce(yourResultText(m));
    }
    render();
  }

  // ---- server --------------------------------------------------------------------------
  class ApiError extends Error {
    constructor(status, error) {
      super((error && error.message) || "HTTP " + status);
      this.status = status;
      this.error = error; // {code, message, params} or null
    }
  }

  async function request(method, path, body) {
    let res;
    try {
      res = await fetch(path, {
        method,
        headers: body ? { "Content-Type": "application/json" } : {},
        body: body ? JSON.stringify(body) : undefined,
        credentials: "same-origin",
        cache: "no-store",
      });
    } catch (err) {
      throw new ApiError(0, { code: "network", message: String(err), params: {} });
    }
    let data = null;
    try {
      data = await res.json();
    } catch (err) {
      data = null;
    }
    if (!res.ok) {
      let error = data && data.error ? data.error : null;
      if (!error && data && data.detail) {
        error = { code: res.status === 404 ? "not_found" : "bad_request", message: JSON.stringify(data.detail), params: {} };
      }
      throw new ApiError(res.status, error);
    }
    return data;
  }

  /** A player's request: one at a time, every button disabled while it is in flight. */
  async function send(method, path, body) {
    if (busy) return null;
    busy = true;
    renderControls();
    try {
      const s = await request(method, path, body);
      clearError();
      return s;
    } catch (err) {
      showError(err);
      if (err instanceof ApiError && err.status === 409) {
        // Out of turn or stale: the table moved on (another tab, a double click). Catch up.
        try {
          const s = await request("GET", "/api/state");
          busy = false;
          receive(s, false);
        } catch (err2) {
          showError(err2);
        }
      }
      return null;
    } finally {
      busy = false;
      renderControls();
    }
  }

  function receive(s, initial) {
    const prevHand = state && state.table ? state.table.hand : null;
    state = s;
    const chosen = s.player && s.player.settings ? s.player.settings.language : null;
    const newLang = I18N[chosen] ? chosen : browserLanguage();
    if (newLang !== lang || initial) {
      lang = newLang;
      applyLanguage();
    }
    if (s.table && s.table.hand !== prevHand) {
      betTouched = false;
      hintInfo = null;
      // Notices are about the last deal: show them once, not again after a reload.
      let seen = null;
      try { seen = localStorage.getItem("banluck.noticesFor"); } catch (err) { seen = null; }
      if (!initial || seen !== String(s.table.hand)) showNotices(s);
      try { localStorage.setItem("banluck.noticesFor", String(s.table.hand)); } catch (err) { /* private mode */ }
    }
    if (s.table) {
      animate(initial);
    } else {
      model = null;
      message = () => t("msg.welcome");
    }
    render();
  }

  // ---- actions -------------------------------------------------------------------------
  function limits() {
    const l = (state && state.limits) || {};
    return { min: l.bet_min ?? 10, max: l.bet_max ?? 500 };
  }

  function yourStack() {
    if (model && model.seats.you.stack !== null) return model.seats.you.stack;
    return state && state.player ? state.player.stacks.you : 1000;
  }

  /** The most you can bet now: T8 caps by the stack; T9 refills a stack below the minimum. */
  function betCap() {
    const { min, max } = limits();
    const stack = state && state.player ? state.player.stacks.you : 1000;
    return stack < min ? max : Math.min(max, stack);
  }

  /** The bet row comes back once the end of the hand has been shown, not before. */
  function betting() {
    return !!state && (!state.table || (state.table.over && !animating));
  }

  function canBet() {
    return !!state && !busy && !animating && (!state.table || state.table.over);
  }

  function yourTurn() {
    return !!state && !!state.table && !state.table.over && state.table.to_act === "you" && !animating;
  }

  function legal() {
    return yourTurn() ? state.table.legal || [] : [];
  }

  async function deal() {
    if (!canBet()) return;
    const raw = $("bet").value.trim();
    const bet = Number(raw);
    const { min } = limits();
    const cap = betCap();
    const { max } = limits();
    const stack = state.player.stacks.you;
    let why = null;
    if (raw === "") why = "empty";
    else if (!Number.isInteger(bet)) why = "whole";
    else if (bet < min) why = "low";
    else if (bet > max) why = "high";
    else if (bet > cap) why = "stack";
    if (why) {
      showError(new ApiError(422, { code: "bad_bet." + why, message: "bad bet", params: { min, max, stack } }));
      $("bet").setAttribute("aria-invalid", "true");
      $("bet").focus();
      return;
    }
    message = () => t("msg.dealing");
    const s = await send("POST", "/api/deal", { bet, hand: state.next_hand });
    if (s) receive(s, false);
  }

  async function act(action) {
    if (!legal().includes(action) || busy) return;
    const table = state.table;
    const s = await send("POST", "/api/action", { action, hand: table.hand, step: table.step });
    if (s) receive(s, false);
  }

  async function hint() {
    if (!hintAvailable || !yourTurn() || busy) return;
    const table = state.table;
    busy = true;
    renderControls();
    try {
      const h = await request("GET", `/api/hint?hand=${encodeURIComponent(table.hand)}&step=${encodeURIComponent(table.step)}`);
      hintInfo = { hand: table.hand, step: table.step, hint: h };
      clearError();
    } catch (err) {
      const code = err instanceof ApiError && err.error ? err.error.code : null;
      if (err instanceof ApiError && (err.status === 404 || code === "hint_unavailable")) {
        // The solver is not there (issue 4) or its tables are missing: hide the button.
        hintAvailable = false;
        hintInfo = null;
      } else {
        showError(err);
      }
    } finally {
      busy = false;
      render();
    }
  }

  async function probeHint() {
    try {
      const res = await fetch("/api/hint", { credentials: "same-origin", cache: "no-store" });
      if (res.status === 404) {
        let body = null;
        try { body = await res.json(); } catch (err) { body = null; }
        // A route that is not there at all answers FastAPI's plain {"detail": "Not Found"}.
        if (!body || !body.error || body.error.code === "not_found") {
          hintAvailable = false;
          renderControls();
        }
      }
    } catch (err) {
      /* the state request reports a network problem */
    }
  }

  let settingsChain = Promise.resolve();
  let settingsPending = 0;
  /** Settings changes go one after another, none dropped (a quick second click waits). */
  function putSettings(change) {
    settingsPending += 1;
    settingsChain = settingsChain.then(async () => {
      try {
        const s = await request("PUT", "/api/settings", change);
        clearError();
        // Keep the hand being shown; take the player's part (settings, pending decks).
        state = Object.assign({}, state, { player: s.player, limits: s.limits, next_hand: s.next_hand });
      } catch (err) {
        showError(err);
      } finally {
        settingsPending -= 1;
      }
      if (settingsPending === 0) {
        const chosen = state.player.settings.language;
        const newLang = I18N[chosen] ? chosen : browserLanguage();
        if (newLang !== lang) {
          lang = newLang;
          applyLanguage();
        }
        syncSettingsForm();
        render();
      }
    });
    return settingsChain;
  }

  // ---- errors and notices --------------------------------------------------------------
  function errorText(info) {
    const e = info.error || {};
    const code = e.code;
    const { min, max } = limits();
    const params = Object.assign({ min, max, status: info.status }, e.params || {});
    if (code && I18N.en["error." + code] !== undefined) return t("error." + code, params);
    if (e.message) return e.message;
    return t("error.server", params);
  }

  function showError(err) {
    errorInfo = err instanceof ApiError ? { status: err.status, error: err.error } : { status: 0, error: { code: "network", message: String(err) } };
    renderError();
  }

  function clearError() {
    errorInfo = null;
    renderError();
  }

  function renderError() {
    const box = $("error");
    if (!errorInfo) {
      box.hidden = true;
      $("error-text").textContent = "";
      return;
    }
    box.hidden = false;
    box.dataset.code = (errorInfo.error && errorInfo.error.code) || "";
    $("error-text").textContent = errorText(errorInfo);
  }

  function showNotices(s) {
    noticesShown = (s.player && s.player.notices) || [];
    renderNotices();
  }

  function noticeText(n) {
    const p = n.params || {};
    if (n.code === "fresh_stack") {
      return p.seat === "you" || !p.seat
        ? t("notice.fresh_stack.you", { stack: p.stack ?? 1000 })
        : t("notice.fresh_stack.seat", { seat: seatName(p.seat), stack: p.stack ?? 1000 });
    }
    if (n.code === "reshuffled") return t("notice.reshuffled");
    if (n.code === "save_reset") return t("notice.save_reset", { stack: p.stack ?? 1000 });
    if (n.code === "decks_changed") return t("notice.decks_changed", { label: decksLabel(p.decks) });
    return n.message || n.code;
  }

  function decksLabel(n) {
    if (n === 1) return t("settings.decks.1");
    if (n === 2) return t("settings.decks.2");
    return String(n ?? "?");
  }

  function renderNotices() {
    const box = $("notices");
    box.replaceChildren();
    for (const n of noticesShown) {
      const p = document.createElement("p");
      p.className = "notice";
      p.dataset.code = n.code;
      p.textContent = noticeText(n);
      box.appendChild(p);
    }
    const pending = state && state.player ? state.player.pending_decks : null;
    if (pending === 1 || pending === 2) {
      // A deck change waits for the next shuffle (T11, T12): say so on the table too.
      const p = document.createElement("p");
      p.className = "notice subtle";
      p.dataset.code = "decks_pending";
      p.textContent = t("settings.decks.pending", { label: decksLabel(pending) });
      box.appendChild(p);
    }
    if (state && state.player && state.player.stacks.you < limits().min && (!state.table || state.table.over) && !animating) {
      const p = document.createElement("p");
      p.className = "notice";
      p.dataset.code = "out_of_chips";
      p.textContent = t("notice.out_of_chips", { stack: 1000 });
      box.appendChild(p);
    }
  }

  function announce(text) {
    const live = $("sr-live");
    live.textContent = "";
    // A fresh text node each time, so the same words twice are announced twice.
    setTimeout(() => { live.textContent = text; }, 30);
  }

  // ---- rendering -----------------------------------------------------------------------
  function el(tag, cls, text) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function kindLabel(kind, total) {
    if (kind === "ban-ban" || kind === "ban-luck") return t("kind." + kind);
    if (kind === "bust") return t("kind.bust") + " · " + t("total", { total });
    if (kind === "five-dragon") return t("kind.five-dragon") + " · " + t("total", { total });
    return t("total", { total });
  }

  function renderSeat(name) {
    const box = $("seat-" + name);
    const s = model ? model.seats[name] : null;
    box.replaceChildren();
    box.setAttribute("aria-label", name === "you" ? t("seat.label.you") : t("seat.label", { seat: seatName(name) }));
    box.classList.toggle("active", !!(model && !model.over && model.turn === name));

    const head = el("div", "seat-head");
    head.appendChild(el("span", "seat-name", seatName(name)));
    if (name !== "dealer") {
      const stack = s && s.stack !== null ? s.stack : state && state.player ? state.player.stacks[name] : null;
      if (stack !== null && stack !== undefined) {
        const st = el("span", "seat-stack", t("stack") + " " + fmtNum(stack));
        st.dataset.testid = "stack-" + name;
        head.appendChild(st);
      }
      const bet = s && s.bet ? s.bet : 0;
      const b = el("span", "seat-bet", bet ? t("bet") + " " + fmtNum(bet) : "");
      head.appendChild(b);
    } else if (state && state.player && (state.player.decks_in_play === 1 || state.player.decks_in_play === 2)) {
      // The shoe the dealer deals from now (T11); a change waits for the next shuffle (T12).
      const shoe = el("span", "seat-stack", t("shoe.decks", { label: decksLabel(state.player.decks_in_play) }));
      shoe.dataset.testid = "shoe";
      head.appendChild(shoe);
    }
    box.appendChild(head);

    const cards = el("div", "cards");
    cards.setAttribute("role", "list");
    const list = s ? s.cards : [];
    const before = rendered.hand === (model && model.hand) ? rendered.counts[name] || 0 : 0;
    list.forEach((c, i) => {
      const card = el("div", "card" + (i >= before ? " new" : ""));
      card.setAttribute("role", "listitem");
      const label = cardName(c.code) + (c.reason === "forced" ? " (" + t("card.forced.long") + ")" : "");
      card.setAttribute("aria-label", label);
      card.dataset.card = c.code || "";
      card.innerHTML = c.code ? Cards.face(c.code) : Cards.back();
      if (c.reason === "forced") {
        const tag = el("span", "tag", t("card.forced"));
        tag.setAttribute("aria-hidden", "true");
        card.appendChild(tag);
        card.classList.add("forced");
      }
      cards.appendChild(card);
    });
    rendered.counts[name] = list.length;
    box.appendChild(cards);

    const foot = el("div", "seat-foot");
    if (s) {
      let total = s.total;
      let kind = s.kind;
      const codes = s.cards.map((c) => c.code);
      if ((total === null || total === undefined) && codes.length >= 2 && codes.every((c) => c)) {
        total = handTotal(codes);
        kind = handKind(codes);
      }
      if (total !== null && total !== undefined && codes.length) {
        const k = el("span", "badge total kind-" + (kind || "plain"), kindLabel(kind || "plain", total));
        k.dataset.testid = "total-" + name;
        foot.appendChild(k);
      }
      if (s.action && !s.result) foot.appendChild(el("span", "last-action", actionName(s.action)));
      if (s.result) {
        const r = el("span", "badge result result-" + s.result, t("result." + s.result) + (s.net !== null ? " " + fmtNet(s.net) : ""));
        r.dataset.testid = "result-" + name;
        foot.appendChild(r);
      }
      if (name === "dealer" && model && model.void) foot.appendChild(el("span", "badge result result-void", t("result.void")));
    }
    box.appendChild(foot);
  }

  function renderTable() {
    for (const name of ALL) renderSeat(name);
    rendered.hand = model ? model.hand : null;
    $("mystack").textContent = state ? t("stack.yours", { n: yourStack() }) : "";
  }

  function renderMessage() {
    $("message").textContent = message ? message() : "";
    $("btn-skip").hidden = !animating || speed() === "instant";
  }

  function setDisabled(id, off) {
    const b = $(id);
    b.disabled = off;
  }

  function renderControls() {
    if (!state) {
      for (const id of ["btn-deal", "btn-hit", "btn-stand", "btn-throw", "btn-hint"]) setDisabled(id, true);
      return;
    }
    $("bet-row").hidden = !betting();
    $("act-row").hidden = betting();
    const bettable = canBet();
    setDisabled("btn-deal", !bettable);
    $("bet").disabled = !bettable;
    const { min } = limits();
    const cap = betCap();
    $("bet").min = String(min);
    $("bet").max = String(cap);
    if (!betTouched && document.activeElement !== $("bet")) {
      const last = state.player.last_bet;
      const want = Math.min(Math.max(last || 100, min), cap);
      $("bet").value = String(want);
    }
    const current = Number($("bet").value);
    for (const chip of document.querySelectorAll(".chip")) {
      const v = Number(chip.dataset.v);
      chip.disabled = !bettable || v > cap;
      chip.setAttribute("aria-pressed", String(v === current));
    }
    const l = legal();
    setDisabled("btn-hit", busy || !l.includes("hit"));
    setDisabled("btn-stand", busy || !l.includes("stand"));
    setDisabled("btn-throw", busy || !l.includes("throw"));
    $("btn-hint").hidden = !hintAvailable;
    setDisabled("btn-hint", busy || !yourTurn());
    let reason = "";
    if (yourTurn() && !l.includes("stand") && l.includes("hit")) {
      reason = l.includes("throw") ? t("reason.free_hand") : t("reason.under16");
    }
    $("reason").textContent = reason;
    $("reason").hidden = !reason;
    $("btn-stand").title = reason;
    $("btn-throw").title = yourTurn() && !l.includes("throw") ? t("reason.not_free") : "";
    renderHint();
    renderMessage();
    keepFocus();
  }

  /** A button that had the focus was hidden or disabled (Deal → Hit → Deal): keep the focus
      in the controls, on the row itself, so Tab goes on from there and a stray Space or
      Enter does not press a button the player did not choose. */
  function keepFocus() {
    if (document.querySelector("dialog[open]")) return;
    const a = document.activeElement;
    const inControls = a && $("controls").contains(a);
    const lost = inControls && (a.disabled || a.closest("[hidden]"));
    if (lost || (a === document.body && focusInControls)) {
      const row = betting() ? $("bet-row") : $("act-row");
      row.focus({ preventScroll: true });
    }
    focusInControls = $("controls").contains(document.activeElement);
  }

  function fmtEv(x) {
    const s = new Intl.NumberFormat(LOCALE[lang] || "en-US", { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: "always" }).format(x);
    return s;
  }

  function renderHint() {
    const box = $("hint");
    const table = state && state.table;
    if (!hintInfo || !table || hintInfo.hand !== table.hand || hintInfo.step !== table.step || !yourTurn()) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const h = hintInfo.hint || {};
    box.hidden = false;
    box.replaceChildren();
    box.appendChild(el("strong", "", t("hint.best", { action: actionName(h.best) })));
    const ul = el("ul");
    const evs = Object.entries(h.ev || {}).sort((a, b) => b[1] - a[1]);
    for (const [a, v] of evs) ul.appendChild(el("li", "", t("hint.ev", { action: actionName(a), ev: fmtEv(v) })));
    box.appendChild(ul);
  }

  function render() {
    renderTable();
    renderControls();
    renderNotices();
    renderError();
  }

  // ---- language ------------------------------------------------------------------------
  function applyLanguage() {
    document.documentElement.lang = lang === "zh" ? "zh-CN" : lang;
    document.title = t("title");
    for (const n of document.querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
    for (const chip of document.querySelectorAll(".chip")) chip.setAttribute("aria-label", t("bet.chip", { n: Number(chip.dataset.v) }));
    $("bet").setAttribute("aria-label", t("bet.label"));
    const rules = RULES[lang] || RULES.en;
    const rt = $("rules-text");
    rt.replaceChildren();
    for (const p of rules.rules) rt.appendChild(el("p", "", p));
    rt.appendChild(el("p", "", rules.chips));
    $("chips-note").textContent = rules.chips;
    renderHelp();
    syncSettingsForm();
  }

  function renderHelp() {
    const rows = [
      ["D", t("btn.deal")], ["H", t("btn.hit")], ["S", t("btn.stand")], ["T", t("btn.throw")],
      ["I", t("btn.hint")], ["1–6", t("bet")], ["Enter", t("help.bet")], ["Space", t("help.skip")],
      ["R", t("btn.rules")], ["L", t("btn.history")], ["O", t("btn.settings")], ["?", t("help.title")],
      ["Esc", t("help.close")],
    ];
    const dl = $("help-list");
    dl.replaceChildren();
    for (const [k, d] of rows) {
      const dt = el("dt");
      dt.appendChild(el("kbd", "", k));
      dl.appendChild(dt);
      dl.appendChild(el("dd", "", d));
    }
  }

  // ---- dialogs -------------------------------------------------------------------------
  function syncSettingsForm() {
    if (!state) return;
    const st = state.player.settings || {};
    const decks = state.player.pending_decks ?? st.decks;
    for (const r of document.querySelectorAll('input[name="decks"]')) r.checked = Number(r.value) === decks;
    for (const r of document.querySelectorAll('input[name="speed"]')) r.checked = r.value === (st.speed || "normal");
    for (const r of document.querySelectorAll('input[name="language"]')) r.checked = r.value === lang;
    const pending = state.player.pending_decks;
    const p = $("decks-pending");
    p.hidden = pending === null || pending === undefined;
    p.textContent = p.hidden ? "" : t("settings.decks.pending", { label: decksLabel(pending) });
  }

  function openDialog(id) {
    const d = $(id);
    if (d.open) return;
    for (const other of document.querySelectorAll("dialog[open]")) other.close();
    d.showModal();
    if (id !== "dlg-settings") {
      // Start reading at the top: the browser would focus the first button (Close, at the
      // bottom of the rules) and scroll the text away. The title takes the focus instead.
      const h = d.querySelector("h2");
      h.setAttribute("tabindex", "-1");
      h.focus({ preventScroll: true });
      d.scrollTop = 0;
    }
  }

  function miniCards(codes) {
    const span = el("span", "mini");
    for (const c of codes || []) {
      const card = el("span", "card");
      card.setAttribute("role", "img");
      card.setAttribute("aria-label", cardName(c));
      card.innerHTML = c ? Cards.face(c) : Cards.back();
      span.appendChild(card);
    }
    return span;
  }

  function downloadLink(hand) {
    const a = el("a", "dl", t("btn.download"));
    a.href = `/api/history/${encodeURIComponent(hand)}/replay.json`;
    a.setAttribute("download", `banluck-hand-${hand}.json`);
    a.setAttribute("aria-label", t("btn.download") + " · " + t("history.hand", { n: hand }));
    return a;
  }

  async function openHistory() {
    openDialog("dlg-history");
    const body = $("history-body");
    body.replaceChildren(el("p", "", t("history.loading")));
    try {
      const data = await request("GET", "/api/history");
      showHistoryList(data.hands || []);
    } catch (err) {
      body.replaceChildren(el("p", "", errorText({ status: err.status, error: err.error })));
    }
  }

  function showHistoryList(hands) {
    const body = $("history-body");
    body.replaceChildren();
    if (!hands.length) {
      body.appendChild(el("p", "", t("history.empty")));
      return;
    }
    const ol = el("ol");
    for (const h of hands) {
      const li = el("li");
      li.dataset.hand = h.hand;
      const main = el("div", "h-main");
      const result = h.void ? t("result.void") : t("result." + h.result);
      const title = el("span", "", t("history.row", { hand: h.hand, bet: h.bet, result, net: fmtNet(h.net) }));
      title.className = h.net > 0 ? "net-plus" : h.net < 0 ? "net-minus" : "";
      main.appendChild(title);
      const sub = el("span", "h-sub");
      // One line per hand: yours, then the dealer's.
      for (const [who, hh] of [["you", h.you], ["dealer", h.dealer]]) {
        if (!hh) continue;
        const line = el("span", "h-line");
        line.appendChild(el("span", "h-who", seatName(who)));
        line.appendChild(miniCards(hh.cards));
        line.appendChild(el("span", "h-total", handLabel(hh)));
        sub.appendChild(line);
      }
      if (h.time) {
        const d = new Date(h.time);
        if (!isNaN(d)) {
          const when = el("span", "h-time", d.toLocaleString(LOCALE[lang], { dateStyle: "short", timeStyle: "short" }));
          sub.appendChild(when);
        }
      }
      main.appendChild(sub);
      li.appendChild(main);
      const view = el("button", "", t("btn.view"));
      view.type = "button";
      view.setAttribute("aria-label", t("btn.view") + " · " + t("history.hand", { n: h.hand }));
      view.addEventListener("click", () => showHistoryHand(h.hand, hands));
      li.appendChild(view);
      li.appendChild(downloadLink(h.hand));
      ol.appendChild(li);
    }
    body.appendChild(ol);
  }

  /** A hand's total in the history, or its name when it is a special hand (T4, T5, T6). */
  function handLabel(h) {
    if (!h || h.total === null || h.total === undefined) return "";
    return h.kind && h.kind !== "plain" ? kindLabel(h.kind, h.total) : String(h.total);
  }

  async function showHistoryHand(hand, hands) {
    const body = $("history-body");
    body.replaceChildren(el("p", "", t("history.loading")));
    let data;
    try {
      data = await request("GET", `/api/history/${encodeURIComponent(hand)}`);
    } catch (err) {
      body.replaceChildren(el("p", "", errorText({ status: err.status, error: err.error })));
      return;
    }
    const res = data.result || {};
    const box = el("div", "h-detail");
    box.appendChild(el("h3", "", t("history.hand", { n: hand }) + (res.void ? " · " + t("result.void") : "")));
    const tbl = el("table");
    const rows = [];
    if (res.dealer) rows.push({ name: "dealer", cards: res.dealer.cards, total: res.dealer.total, hand: res.dealer.hand });
    for (const s of res.seats || []) rows.push(s);
    for (const r of rows) {
      const tr = el("tr");
      tr.appendChild(el("th", "", seatName(r.name)));
      const tdc = el("td");
      tdc.appendChild(miniCards(r.cards));
      tr.appendChild(tdc);
      tr.appendChild(el("td", "h-kind", r.hand ? kindLabel(r.hand, r.total) : String(r.total ?? "")));
      // Result and the stack after it in one cell, so the table fits a 360-pixel phone.
      const tdr = el("td", "h-result");
      if (r.result) {
        const cls = typeof r.net === "number" ? (r.net > 0 ? "net-plus" : r.net < 0 ? "net-minus" : "") : "";
        tdr.appendChild(el("span", cls, t("result." + r.result) + (typeof r.net === "number" ? " " + fmtNet(r.net) : "")));
      }
      if (typeof r.stack === "number") tdr.appendChild(el("span", "h-stack", t("stack") + " " + fmtNum(r.stack)));
      tr.appendChild(tdr);
      tbl.appendChild(tr);
    }
    box.appendChild(tbl);
    const actions = el("div", "actions");
    const back = el("button", "", t("btn.back"));
    back.type = "button";
    back.addEventListener("click", () => showHistoryList(hands));
    actions.appendChild(back);
    actions.appendChild(downloadLink(hand));
    box.appendChild(actions);
    body.replaceChildren(box);
  }

  // ---- wiring --------------------------------------------------------------------------
  function setBet(v) {
    if (!canBet()) return;
    $("bet").value = String(v);
    $("bet").removeAttribute("aria-invalid");
    if (errorInfo && errorInfo.error && String(errorInfo.error.code).startsWith("bad_bet")) clearError();
    betTouched = true;
    renderControls();
  }

  function wire() {
    const chips = $("chips");
    for (const v of CHIPS) {
      const b = el("button", "chip", String(v));
      b.type = "button";
      b.dataset.v = String(v);
      b.addEventListener("click", () => setBet(v));
      chips.appendChild(b);
    }
    $("bet").addEventListener("input", () => {
      betTouched = true;
      $("bet").removeAttribute("aria-invalid");
      if (errorInfo && errorInfo.error && String(errorInfo.error.code).startsWith("bad_bet")) clearError();
      renderControls();
    });
    $("bet").addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); deal(); }
    });
    $("btn-deal").addEventListener("click", deal);
    $("btn-hit").addEventListener("click", () => act("hit"));
    $("btn-stand").addEventListener("click", () => act("stand"));
    $("btn-throw").addEventListener("click", () => act("throw"));
    $("btn-hint").addEventListener("click", hint);
    $("btn-skip").addEventListener("click", skip);
    $("btn-rules").addEventListener("click", () => openDialog("dlg-rules"));
    $("btn-help").addEventListener("click", () => openDialog("dlg-help"));
    $("btn-history").addEventListener("click", openHistory);
    $("btn-settings").addEventListener("click", () => { syncSettingsForm(); openDialog("dlg-settings"); });
    $("error-dismiss").addEventListener("click", clearError);
    for (const r of document.querySelectorAll('input[name="decks"]')) r.addEventListener("change", () => putSettings({ decks: Number(r.value) }));
    for (const r of document.querySelectorAll('input[name="speed"]')) r.addEventListener("change", () => putSettings({ speed: r.value }));
    for (const r of document.querySelectorAll('input[name="language"]')) {
      r.addEventListener("change", () => {
        lang = r.value; // at once; the server's answer confirms it
        applyLanguage();
        render();
        putSettings({ language: r.value });
      });
    }

    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector("dialog[open]")) return; // Esc closes it (native)
      const tag = e.target && e.target.tagName;
      if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
      const k = e.key;
      const lower = k.length === 1 ? k.toLowerCase() : k;
      const keys = {
        d: deal, h: () => act("hit"), s: () => act("stand"), t: () => act("throw"), i: hint,
        r: () => openDialog("dlg-rules"), l: openHistory, o: () => { syncSettingsForm(); openDialog("dlg-settings"); },
        "?": () => openDialog("dlg-help"),
      };
      if (keys[lower]) {
        e.preventDefault();
        keys[lower]();
        return;
      }
      if (k === " " && animating) {
        e.preventDefault();
        skip();
        return;
      }
      if (/^[1-6]$/.test(k)) {
        e.preventDefault();
        setBet(CHIPS[Number(k) - 1]);
      }
    });
  }

  async function start() {
    lang = browserLanguage();
    wire();
    applyLanguage();
    message = () => t("msg.welcome");
    render();
    // The CJK glyphs are the page's own font (style.css): load it at once, so Chinese text
    // (the 中文 of the language setting on any page) is never shaped before it is there.
    if (document.fonts && document.fonts.load) document.fonts.load("1em BanluckCJK", "中文").catch(() => {});
    let features = null;
    try {
      const s = await request("GET", "/api/state");
      features = s.features || null;
      receive(s, true);
    } catch (err) {
      showError(err);
    }
    if (features && typeof features.hint === "boolean") {
      // The server says whether it gives hints: no probe (and no 4xx in the console).
      hintAvailable = features.hint;
      renderControls();
    } else {
      probeHint();
    }
  }

  // For the browser tests and for curious players: what the page holds (never more than
  // the server sent).
  window.banluckDebug = () => ({ animating, busy, shown, hand: model && model.hand, lang });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
