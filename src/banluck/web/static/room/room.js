// A room's page (issue 11): a minimal standalone client of /api/rooms/{code}/ws.
// It draws only what the server sends (each socket gets its own seat's view) and writes
// text with textContent, never markup. /room/new makes a room. Its texts are the other
// pages' catalogs (../i18n.js through ../js/messages.js), in the player's language; the
// "Verify" button checks the room's fair history in the browser (verify.js).

import { getState, putSettings, useGame } from "../js/api.js";
import { $ } from "../js/dom.js";
import {
  actionName, browserLanguage, cardName, fmtNet, fmtNum, knownLanguage, language, setLanguage, t,
} from "../js/messages.js";
import { back, face } from "../js/cards.js";
import { canVerify, verifyHistory } from "./verify.js";

const code = decodeURIComponent(location.pathname.split("/").pop() || "");
let socket = null;
let state = null;
let retry = 500;

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/** A refusal of the server in the page's language: the server's own (most precise) words
    in English, else the room's or the other pages' text for its code. */
function errorMessage(e) {
  if (language() !== "en") {
    for (const key of [`room.error.${e.code}`, `error.${e.code}`]) {
      const text = t(key, e.params || {});
      if (text !== key) return text;
    }
  }
  return e.message;
}

/** Frames sent before the socket opened (a quick Join): sent as soon as it opens. */
const pending = [];

function send(frame) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
  else if (pending.length < 8) pending.push(frame);
}

function cards(list) {
  const span = el("span");
  for (const c of list) {
    const card = el("span", undefined, c === null ? "room-card hidden" : "room-card");
    card.innerHTML = c === null ? back() : face(c); // the project's own SVG faces, no text
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", c === null ? t("card.down") : cardName(c));
    span.append(card);
  }
  return span;
}

function handLine(label, list, extra) {
  const div = el("div", undefined, "hand");
  div.append(el("span", `${label}: `), cards(list));
  if (extra) div.append(el("span", ` ${extra}`));
  return div;
}

/** A hand's result in the page's language (the server's word when there is no text). */
function result(r) {
  if (!r) return "";
  const text = t(`result.${r}`);
  return text === `result.${r}` ? r : text;
}

function drawTable(tb, mySeat) {
  const box = $("table");
  box.replaceChildren();
  if (!tb) return;
  box.append(el("h2", t(tb.over ? "room.hand.over" : "room.hand", { hand: tb.hand })));
  if (tb.dealer && tb.seats && !tb.preset) { // a Ban Luck table (table, one-on-one)
    box.append(handLine(t("seat.dealer"), tb.dealer.cards, tb.dealer.total ?? ""));
    for (const h of tb.seats) {
      const line = handLine(seatHolder(state.room, h.name), h.cards, `${h.total ?? ""} ${result(h.result)}`);
      if (h.name === mySeat) line.classList.add("me");
      box.append(line);
    }
  } else if (tb.game === "kampung") {
    box.append(handLine(t("room.bank.seat", { seat: seatHolder(state.room, tb.bank.seat) }), tb.bank.cards, tb.bank.total ?? ""));
    for (const h of tb.players) {
      const line = handLine(seatHolder(state.room, h.seat), h.cards, `${h.total ?? ""} ${result(h.result)}`);
      if (h.seat === mySeat) line.classList.add("me");
      box.append(line);
    }
  } else {
    box.append(handLine(t("seat.dealer"), tb.dealer.cards, tb.dealer.total ?? ""));
    for (const s of tb.seats) {
      for (const h of s.hands) {
        const line = handLine(seatHolder(state.room, s.name), h.cards, `${h.total ?? ""} ${result(h.result)}`);
        if (s.name === mySeat) line.classList.add("me");
        box.append(line);
      }
    }
  }
}

/** A seat as the room numbers them ("seat 2"; the dealer is the dealer). */
function seatLabel(room, seat) {
  if (seat === "dealer") return t("seat.dealer");
  return t("room.seat.n", { n: room.seats.findIndex((x) => x.seat === seat) + 1 });
}

/** Who holds a seat, as a person reads it: their name, or the bot's (never "you"). */
function seatHolder(room, seat) {
  if (!seat) return "…";
  const s = room.seats.find((x) => x.seat === seat);
  if (s && !s.bot && s.name) return s.name;
  if (seat === "dealer") return t("seat.dealer");
  return t("room.bot.named", { seat: seatLabel(room, seat) });
}

/** The banker of the frame before (a change is announced). */
let lastBanker = null;

function draw() {
  const s = state;
  const you = s.you;
  const room = s.room;
  $("house").textContent = houseLine(room.house);
  $("away-note").hidden = !you.away;
  $("freed-note").hidden = !you.freed;
  $("dealt-next").hidden = !(you.seat && room.phase === "playing" && s.table === null);
  // once joined, the same form changes your name (between hands and in them alike)
  $("join-form").hidden = false;
  $("join-button").textContent = you.name ? t("room.rename") : t("room.join");
  if (you.name && document.activeElement !== $("name") && !$("name").value) $("name").value = you.name;
  $("status").textContent = room.phase === "playing"
    ? (room.to_act && room.to_act === you.seat
      ? t("room.status.your_turn", { hand: room.hand })
      : t("room.status.playing", { hand: room.hand, seat: seatHolder(room, room.to_act) }))
    : t("room.status.betting", { hand: room.next_hand });
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of room.seats) {
    const mineSeat = seat.seat === you.seat;
    const who = seatHolder(room, seat.seat);
    const marks = [
      mineSeat ? t("room.you.mark") : "",
      seat.away ? t("room.away") : "",
      !seat.bot && !seat.connected ? t("room.offline") : "",
      seat.ready ? "✓" : "",
    ].filter(Boolean).join(" ");
    const li = el("li", `${who}${marks ? " " + marks : ""} — ${fmtNum(seat.stack)}`);
    if (mineSeat) li.classList.add("me");
    if (room.phase === "playing" && room.to_act === seat.seat) li.classList.add("to-act");
    li.dataset.seat = seat.seat;
    if (seat.bot && you.name && !you.seat && room.phase !== "playing") {
      const b = el("button", t("room.sit"));
      b.dataset.sit = seat.seat;
      b.addEventListener("click", () => send({ type: "sit", seat: seat.seat }));
      li.append(b);
    }
    if (you.host && !seat.bot && seat.seat !== you.seat && room.phase !== "playing") {
      const b = el("button", t("room.free"));
      b.addEventListener("click", () => send({ type: "free", seat: seat.seat }));
      li.append(b);
    }
    seats.append(li);
  }
  if (room.settings.game === "infinite" && you.name && !you.seat && room.phase !== "playing") {
    const b = el("button", t("room.sit.new"));
    b.dataset.sit = "new";
    b.addEventListener("click", () => send({ type: "sit" }));
    const li = el("li");
    li.append(b);
    seats.append(li);
  }
  const watchers = $("watchers");
  watchers.replaceChildren();
  room.watchers.forEach((name, i) => {
    if (i) watchers.append(", ");
    watchers.append(el("span", name));
    if (you.host && name !== you.name && room.phase !== "playing") {
      const b = el("button", t("room.remove"));
      b.type = "button";
      b.setAttribute("aria-label", t("room.remove") + " " + name);
      b.addEventListener("click", () => send({ type: "remove", name }));
      watchers.append(" ", b);
    }
  });
  const mine = room.seats.find((x) => x.seat === you.seat);
  $("bet-form").hidden = !(you.seat && room.phase !== "playing" && mine && !mine.ready);
  // K3: the banker bets nothing; it says it is ready
  const banking = Boolean(you.seat) && room.banker === you.seat;
  $("bet-label").hidden = banking;
  $("bank-ready").hidden = !banking;
  $("bet-button").textContent = banking ? t("room.bank.ready") : t("bet");
  drawSideBets(room.side_bets || []);
  // K2: the bank passing is told to everyone, by name
  if (lastBanker && room.banker && room.banker !== lastBanker) {
    $("bank-pass").textContent = t("room.bank.passed", {
      from: seatHolder(room, lastBanker),
      to: room.banker === you.seat ? t("room.bank.you") : seatHolder(room, room.banker),
    });
  }
  lastBanker = room.banker;
  $("stand-up").hidden = !(you.seat && room.phase !== "playing");
  drawTable(s.table, you.seat);
  drawLastHand(room, s.table);
  drawReactions(room, you);
  yourTurnCue(room.phase === "playing" && Boolean(you.seat) && room.to_act === you.seat);
  drawTally(room, you);
  drawFair(room.fair);
  const actions = $("actions");
  actions.replaceChildren();
  const tb = s.table;
  if (tb && you.seat && tb.to_act === you.seat && !tb.over) {
    for (const a of tb.offered ?? tb.legal) {
      // K14: a hand the banker opens is named by the person in its seat (or its bot)
      const [verb, seat] = a.split(":");
      const label = verb === "open" && seat
        ? t("btn.open", { seat: seatHolder(state.room, seat) }) : actionName(a);
      const b = el("button", label);
      b.dataset.action = a;
      b.addEventListener("click", () => send({ type: "act", hand: tb.hand, step: tb.step, action: a }));
      actions.append(b);
    }
  }
}

/** Whose time the deadline counts: the person to act (you, or their name), or, while
    bets are placed, everyone who has not bet yet. */
function tickTimer() {
  const room = state && state.room;
  const d = room && room.deadline;
  if (!d) {
    $("timer").textContent = "";
    return;
  }
  const n = Math.max(0, Math.round(d - Date.now() / 1000));
  let text;
  if (room.phase === "playing" && room.to_act) {
    text = room.to_act === state.you.seat
      ? t("room.time_left.you", { n }) : t("room.time_left.seat", { n, name: seatHolder(room, room.to_act) });
  } else {
    text = t("room.time_left.bets", { n });
  }
  $("timer").textContent = text;
}

function open() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(code)}/ws`);
  socket.addEventListener("open", () => {
    while (pending.length) socket.send(JSON.stringify(pending.shift()));
  });
  let refused = null; // why the room is not there (the error frame before the close)
  socket.addEventListener("message", (ev) => {
    const f = JSON.parse(ev.data);
    if (f.type === "error") {
      refused = f.error;
      $("error").textContent = errorMessage(f.error);
      return;
    }
    if (state && f.room.version < state.room.version) return;
    $("error").textContent = "";
    state = f;
    retry = 500;
    draw();
  });
  socket.addEventListener("close", (ev) => {
    if (ev.code === 4404) {
      $("error").textContent = refused && refused.code !== "not_found"
        ? errorMessage(refused) : t("room.no_room");
      $("join-form").hidden = true; // nothing to join: no form, no Verify
      $("verify").hidden = true;
      return;
    }
    setTimeout(open, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

/** The named houses (GET /api/houses), offered for the game chosen in the form. */
let namedHouses = [];

async function loadHouses() {
  try {
    const r = await fetch("/api/houses");
    if (r.ok) namedHouses = (await r.json()).houses;
  } catch {
    namedHouses = [];
  }
  offerHouses();
  if (state) draw(); // the house's name in the page's language
}

function offerHouses() {
  const form = $("create-form");
  const choice = $("house-choice");
  const game = form.elements.game.value;
  for (const o of [...choice.options]) if (o.value) o.remove();
  for (const h of namedHouses.filter((x) => x.base === game)) {
    const o = document.createElement("option");
    o.value = h.id;
    const named = t(`house.${h.id}`);
    o.textContent = named === `house.${h.id}` ? h.name : named;
    o.title = h.source;
    choice.append(o);
  }
}

function houseLine(house) {
  if (!house) return "";
  const known = namedHouses.find((h) => h.name === house.name && h.base === house.base);
  if (known && t(`house.${known.id}`) !== `house.${known.id}`) house = { ...house, name: t(`house.${known.id}`) };
  const changes = Object.entries(house.changes).map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
  return t("room.house", { name: house.name || t("room.house.label") }) + (changes.length ? ` (${changes.join(", ")})` : "");
}

async function createRoom(ev) {
  ev.preventDefault();
  const data = new FormData(ev.target);
  const body = {
    game: data.get("game"),
    name: data.get("name"),
    timer: Number(data.get("timer")),
  };
  if (body.game === "kampung") body.bank = data.get("bank");
  const house = namedHouses.find((h) => h.id === data.get("house"));
  if (house) body.house = { base: house.base, name: house.name, rules: house.rules };
  else if (body.game === "table" || body.game === "kampung") body.decks = Number(data.get("decks"));
  const r = await fetch("/api/rooms", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await r.json();
  if (!r.ok) {
    $("error").textContent = errorMessage(answer.error);
    return;
  }
  location.assign(answer.link);
}

/** I10: a field per side bet the room's game offers (the server's list), beside the bet. */
function drawSideBets(names) {
  const box = $("side-bets");
  if (box.childElementCount !== names.length) {
    box.replaceChildren();
    for (const name of names) {
      const label = el("label", undefined, "side-bet");
      const input = el("input");
      input.type = "number";
      input.min = "0";
      input.value = "0";
      input.dataset.side = name;
      label.append(el("span", t(`wager.${name}`) + " "), input);
      box.append(label);
    }
  }
  for (const label of box.children) {
    label.firstChild.textContent = t(`wager.${label.lastChild.dataset.side}`) + " ";
  }
}

/** The side bets typed, those above 0 (the server checks them). */
function sideBets() {
  const out = {};
  for (const input of $("side-bets").querySelectorAll("input[data-side]")) {
    const v = Number(input.value);
    if (input.value.trim() !== "" && v !== 0) out[input.dataset.side] = v;
  }
  return out;
}

/** The last hand's result for every seat, by who holds it (the server's nets), once it
    is over. */
function drawLastHand(room, tb) {
  const shown = tb && tb.over && room.last && room.last.length;
  $("last-hand").textContent = shown
    ? t("room.last_hand", {
      list: room.last.map((x) => `${seatHolder(room, x.seat)} ${fmtNet(x.net)}`).join(" · "),
    })
    : "";
}

// ------------------------------------------------------------------ reactions, your turn

/** The quick reactions (the server's set: rooms/reactions.py), each an emoji and a word
    in the reader's language; never free text. */
export const REACTIONS = ["nice", "unlucky", "wow", "again", "huat", "hurry"];
const EMOJI = { nice: "👍", unlucky: "😅", wow: "😮", again: "🔁", huat: "🧧", hurry: "⏳" };

function reactionText(id) {
  return `${EMOJI[id] || ""} ${t(`room.react.${id}`)}`;
}

function drawReactions(room, you) {
  $("react").hidden = !you.name;
  const row = $("react-buttons");
  if (!row.childElementCount) {
    for (const id of REACTIONS) {
      const b = el("button", undefined);
      b.type = "button";
      b.dataset.reaction = id;
      b.addEventListener("click", () => send({ type: "react", reaction: id }));
      row.append(b);
    }
  }
  for (const b of row.children) {
    b.textContent = EMOJI[b.dataset.reaction];
    b.title = t(`room.react.${b.dataset.reaction}`);
    b.setAttribute("aria-label", b.title);
  }
  const feed = $("reaction-feed");
  feed.replaceChildren();
  for (const r of (room.reactions || []).slice(-4).reverse()) {
    feed.append(el("li", `${r.name}: ${reactionText(r.reaction)}`));
  }
}

const SOUND = "banluck.roomSound";
let wasMyTurn = false;

/** Your turn is obvious: the tab's title says so, and (when you turned it on: browsers
    play no sound before a click) a short tone sounds as it begins. */
function yourTurnCue(mine) {
  document.title = mine ? `● ${t("room.title.turn")}` : t("room.title");
  if (mine && !wasMyTurn && $("sound").checked) beep();
  wasMyTurn = mine;
}

let audio = null;

function beep() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    // no sound in this browser
  }
}

function wireSound() {
  let on = false;
  try { on = localStorage.getItem(SOUND) === "on"; } catch { on = false; }
  $("sound").checked = on;
  $("sound").addEventListener("change", () => {
    try { localStorage.setItem(SOUND, $("sound").checked ? "on" : "off"); } catch { /* private mode */ }
    if ($("sound").checked) beep(); // the click lets the browser play, and says how it sounds
  });
}

// ------------------------------------------------------------------ the invite

/** The invite: its link copied or shared (the Web Share API where the browser has it),
    and its QR code (drawn by the server, segno) for a friend's phone camera. */
function wireInvite() {
  const link = location.href;
  $("qr").src = `/room/${encodeURIComponent(code)}/qr.svg`;
  $("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
      $("copied").textContent = t("room.copied");
    } catch {
      $("copied").textContent = t("room.copy_failed");
    }
  });
  if (navigator.share) {
    $("share-link").hidden = false;
    $("share-link").addEventListener("click", () => {
      navigator.share({ title: t("room.title"), url: link }).catch(() => {});
    });
  }
}

// ------------------------------------------------------------------ settle up

/** The session's settle-up table (the server's, most chips won first); the host may start
    a new session between hands. */
function drawTally(room, you) {
  const rows = $("tally-rows");
  rows.replaceChildren();
  for (const r of room.tally || []) {
    const tr = el("tr");
    const net = r.net > 0 ? `+${fmtNum(r.net)}` : fmtNum(r.net);
    for (const text of [r.name, fmtNum(r.hands), net, fmtNum(r.biggest_win)]) tr.append(el("td", text));
    if (r.name === you.name) tr.classList.add("me");
    rows.append(tr);
  }
  const none = !(room.tally && room.tally.length);
  $("tally-table").hidden = none;
  $("tally-none").hidden = !none;
  $("new-session").hidden = !(you.host && room.phase !== "playing");
}

function newSession() {
  if (window.confirm(t("room.tally.confirm"))) send({ type: "new_session" });
}

// ------------------------------------------------------------------ the fair shuffle

const historyPath = () => `/room/${encodeURIComponent(code)}/history.json`;
let verified = null; // the last results of the Verify button

function drawFair(fair) {
  $("fair-current").textContent = fair
    ? t("room.fair.current", { shoe: fair.shoe, cards: fair.cards, decks: fair.decks }) : "";
  $("fair-commitment").textContent = fair ? fair.commitment : "";
}

function drawVerified() {
  const list = $("fair-results");
  list.replaceChildren();
  if (!verified) return;
  if (!verified.some((r) => r.status !== "pending")) list.append(el("li", t("room.fair.none")));
  for (const r of verified) {
    let text;
    if (r.status === "verified") text = t("room.fair.verified", { shoe: r.shoe });
    else if (r.status === "pending") text = t("room.fair.pending", { shoe: r.shoe });
    else text = t("room.fair.failed", { shoe: r.shoe, why: t(`room.fair.why.${r.why}`, { n: r.n }) });
    const li = el("li", text, r.status);
    li.dataset.shoe = String(r.shoe);
    li.dataset.status = r.status;
    if (r.status === "pending") li.append(el("br"), el("code", r.commitment));
    list.append(li);
  }
}

async function verify() {
  $("error").textContent = "";
  if (!canVerify()) {
    $("error").textContent = t("room.fair.unavailable");
    return;
  }
  let history;
  try {
    const r = await fetch(historyPath(), { credentials: "same-origin", cache: "no-store" });
    if (!r.ok) throw new Error(String(r.status));
    history = await r.json();
  } catch (err) {
    $("error").textContent = t("room.fair.error");
    return;
  }
  verified = await verifyHistory(history);
  drawVerified();
}

// ------------------------------------------------------------------ language

/** Every fixed text (data-i18n) and what is drawn, in the current language. */
function applyLanguage() {
  const lang = language();
  document.documentElement.lang = lang === "zh" ? "zh-CN" : lang;
  for (const n of document.querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
  document.title = wasMyTurn ? `● ${t("room.title.turn")}` : t("room.title");
  $("qr").alt = t("room.qr");
  $("language").value = lang;
  if (state) draw();
  drawVerified();
  tickTimer();
}

/** The player's language: the one kept with their settings (as on the lobby), else the
    browser's; a change here is kept for every page. */
async function chooseLanguage() {
  setLanguage(browserLanguage());
  applyLanguage();
  if (document.fonts && document.fonts.load) document.fonts.load("1em BanluckCJK", "中文").catch(() => {});
  $("language").addEventListener("change", () => {
    setLanguage($("language").value);
    applyLanguage();
    putSettings({ language: language() }).catch(() => {});
  });
  try {
    useGame("table");
    const s = await getState();
    const saved = s.player && s.player.settings ? s.player.settings.language : null;
    if (knownLanguage(saved) && setLanguage(saved)) applyLanguage();
  } catch (err) {
    // the browser's language stays
  }
}

function start() {
  chooseLanguage();
  if (code === "new") {
    $("create").hidden = false;
    $("create-form").addEventListener("submit", createRoom);
    $("create-form").elements.game.addEventListener("change", offerHouses);
    loadHouses();
    return;
  }
  $("room").hidden = false;
  $("link").textContent = location.href;
  wireInvite();
  wireSound();
  loadHouses();
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "join", name: $("name").value });
  });
  $("bet-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const typed = $("bet").value.trim();
    const banking = state.room.banker && state.room.banker === state.you.seat;
    const amount = banking ? 0 : typed === "" ? state.room.min_bet : Number(typed); // empty: the smallest
    const frame = { type: "bet", hand: state.room.next_hand, amount };
    const sides = banking ? {} : sideBets();
    if (Object.keys(sides).length) frame.side_bets = sides;
    send(frame);
  });
  $("stand-up").addEventListener("click", () => send({ type: "stand" }));
  $("back-button").addEventListener("click", () => send({ type: "back" }));
  $("verify").addEventListener("click", verify);
  $("fair-download").href = historyPath();
  const base = `/room/${encodeURIComponent(code)}/settle-up`;
  $("tally-csv").href = `${base}.csv`;
  $("tally-json").href = `${base}.json`;
  $("new-session").addEventListener("click", newSession);
  setInterval(tickTimer, 1000);
  open();
}

start();
