/* A room (/room/{code}): the game page, its table reached through the room's socket
   (link.js), with what a room adds beside the table: who sits where and who watches, your
   name, a seat to take, whose turn and whose time, the house, the last hand's results, the
   reactions, the invite, the settle-up table and the fair shuffle. Seats are named by who
   holds them; the buttons, cards, dialogs and keys are the game page's. */

import { $, el } from "../dom.js";
import { game } from "../game.js";
import { fmtNet, fmtNum, nameSeatsBy, t } from "../messages.js";
import { page } from "../page.js";
import { receive } from "../session.js";
import { ApiError, teachAt } from "../api.js";
import { clearError, showError } from "../table/status.js";
import { asState, openRoom } from "./link.js";
import { drawTally, wireSettle } from "./settle.js";
import { drawFair, drawVerified, wireFair } from "../fair/panel.js";
import { drawHands, wireHands } from "./hands.js";
import { noteSeen } from "../fair/seen.js";
import { drawReactions, wireInvite, wireSound, yourTurnCue } from "./social.js";
import { drawHousePicker, drawRulesHouse, houseName, knownAs, loadHouses, pickedHouse } from "./house.js";
import { changeWords } from "../house/househere.js";
import { errorMessage, seatHolder } from "./words.js";
import { drawDoor, passcode, personButtons, wireDoor } from "./door.js";
import { drawWelcome, wireWelcome } from "./welcome.js";
import { keepAwake, notifyTurn, wirePhone } from "./phone.js";

let frame = null; // the last frame from the server
let link = null;
let lastBanker = null; // the banker of the frame before (a change is announced)

function say(error) {
  showError(new ApiError(0, error));
}

/** The room's house in words ("House: Lucky sevens (seven_seven_seven = 7)"). */
/** The room's house: a named house by its title; another by its name and what it changes,
    in the House rules dialog's words. */
function houseLine(house) {
  if (!house) return "";
  const line = t("room.house", { name: houseName(house) });
  if (knownAs(house)) return line;
  const changes = Object.entries(house.changes).map(([k, v]) => changeWords(k, v));
  return line + (changes.length ? ` (${changes.join("; ")})` : "");
}

function statusLine(room, you) {
  if (room.phase !== "playing") return t("room.status.betting", { hand: room.next_hand });
  if (room.to_act && room.to_act === you.seat) return t("room.status.your_turn", { hand: room.hand });
  return t("room.status.playing", { hand: room.hand, seat: seatHolder(room, room.to_act) });
}

function seatItem(room, you, seat) {
  const mine = seat.seat === you.seat;
  const marks = [
    mine ? t("room.you.mark") : "",
    seat.away ? t("room.away") : "",
    !seat.bot && !seat.connected ? t("room.offline") : "",
    seat.sitting_out ? t("room.sitting_out") : "",
    seat.ready ? "✓" : "",
  ].filter(Boolean).join(" ");
  const holder = seat.sitting_out ? seat.name : seatHolder(room, seat.seat);
  const li = el("li", mine ? "me" : "", `${holder}${marks ? " " + marks : ""} — ${fmtNum(seat.stack)}`);
  if (room.phase === "playing" && room.to_act === seat.seat) li.classList.add("to-act");
  li.dataset.seat = seat.seat;
  const between = room.phase !== "playing";
  if (seat.bot && you.name && !you.seat && between) {
    const b = el("button", "", t("room.sit"));
    b.type = "button";
    b.dataset.sit = seat.seat;
    b.addEventListener("click", () => link.send({ type: "sit", seat: seat.seat }));
    li.append(" ", b);
  }
  if (you.host && !seat.bot && !mine && between) {
    const b = el("button", "", t("room.free"));
    b.type = "button";
    b.addEventListener("click", () => link.send({ type: "free", seat: seat.seat }));
    li.append(" ", b);
  }
  if (!seat.bot) {
    for (const b of personButtons(room, you, { name: seat.name, seat: seat.seat })) li.append(" ", b);
  }
  return li;
}

function drawSeats(room, you) {
  const seats = $("seats");
  seats.replaceChildren(...room.seats.map((s) => seatItem(room, you, s)));
  // a game of open seats (infinite) gives a new one to whoever sits down
  if (room.open_seats && you.name && !you.seat && room.phase !== "playing") {
    const b = el("button", "", t("room.sit.new"));
    b.type = "button";
    b.dataset.sit = "new";
    b.addEventListener("click", () => link.send({ type: "sit" }));
    const li = el("li");
    li.append(b);
    seats.append(li);
  }
  const watchers = $("watchers");
  watchers.replaceChildren();
  room.watchers.forEach((name, i) => {
    if (i) watchers.append(", ");
    watchers.append(el("span", "", name));
    if (you.host && name !== you.name && room.phase !== "playing") {
      const b = el("button", "", t("room.remove"));
      b.type = "button";
      b.setAttribute("aria-label", t("room.remove") + " " + name);
      b.addEventListener("click", () => link.send({ type: "remove", name }));
      watchers.append(" ", b);
    }
    for (const b of personButtons(room, you, { name, seat: null })) watchers.append(" ", b);
  });
}

/** Whose time the deadline counts: the person to act (you, or their name), or, while
    bets are placed, everyone who has not bet yet. */
function tickTimer() {
  const room = frame && frame.room;
  const d = room && room.deadline;
  if (!d) {
    $("timer").textContent = "";
    return;
  }
  const n = Math.max(0, Math.round(d - Date.now() / 1000));
  let text;
  if (room.phase === "playing" && room.to_act) {
    text = room.to_act === frame.you.seat
      ? t("room.time_left.you", { n }) : t("room.time_left.seat", { n, name: seatHolder(room, room.to_act) });
  } else {
    text = t("room.time_left.bets", { n });
  }
  $("timer").textContent = text;
}

/** The room beside the table, drawn from the last frame (in the page's language). */
function draw() {
  if (!frame) return;
  const { room, you } = frame;
  $("house").textContent = houseLine(room.house);
  drawDoor(room, you);
  drawWelcome(room, you);
  drawHousePicker(room, you);
  drawRulesHouse(room);
  $("qr").alt = t("room.qr");
  $("away-note").hidden = !you.away;
  $("freed-note").hidden = !you.freed;
  $("dealt-next").hidden = !(you.seat && room.phase === "playing" && frame.table === null);
  $("join-button").textContent = you.name ? t("room.rename") : t("room.join");
  if (you.name && document.activeElement !== $("name") && !$("name").value) $("name").value = you.name;
  $("status").textContent = statusLine(room, you);
  if (lastBanker && room.banker && room.banker !== lastBanker) {
    $("bank-pass").textContent = t("room.bank.passed", {
      from: seatHolder(room, lastBanker),
      to: room.banker === you.seat ? t("room.bank.you") : seatHolder(room, room.banker),
    });
  }
  lastBanker = room.banker;
  drawSeats(room, you);
  $("stand-up").hidden = !(you.seat && room.phase !== "playing");
  const tb = frame.table;
  const shown = tb && tb.over && room.last && room.last.length;
  $("last-hand").textContent = shown
    ? t("room.last_hand", { list: room.last.map((x) => `${seatHolder(room, x.seat)} ${fmtNet(x.net)}`).join(" · ") })
    : "";
  // the bet button places this seat's bet (a banker's: ready, K3)
  const banking = Boolean(you.seat) && room.banker === you.seat;
  const label = $("btn-deal").querySelector(".lbl");
  label.dataset.i18n = banking ? "room.bank.ready" : "room.bet";
  label.textContent = t(label.dataset.i18n);
  drawReactions(room, you, link);
  const myTurn = room.phase === "playing" && Boolean(you.seat) && room.to_act === you.seat;
  notifyTurn(yourTurnCue(myTurn, t("room.title")), statusLine(room, you));
  keepAwake(room.phase === "playing" && Boolean(frame.table) && Boolean(you.seat));
  drawTally(room, you, link);
  drawHands(room);
  const fair = room.fair;
  drawFair(fair, { seeds: (fair && fair.next && fair.next.seeds) || [], yours: you.shoe_seed, canGive: Boolean(you.name) });
  drawVerified();
  tickTimer();
}

function onFrame(f, first) {
  frame = f;
  const shown = page.errorInfo && page.errorInfo.error;
  if (shown && shown.code === "unavailable") clearError(); // the database is back
  page.me = f.you.seat;
  nameSeatsBy((seat) => (page.me && seat === page.me ? f.you.name : seatHolder(f.room, seat)));
  if (!first) receive(asState(f, link.currentSettings()), false);
}

function wire(code) {
  $("room").hidden = false;
  teachAt(`/api/rooms/${encodeURIComponent(code)}`); // the chart and drill of the room's game
  wireInvite(code);
  wireSound();
  wirePhone();
  wireSettle(code);
  wireFair({
    name: code,
    history: `/room/${encodeURIComponent(code)}/history.json`,
    give: (seed) => link.send({ type: "seed", seed }),
    say: (text) => say({ code: "room", message: text, params: {} }),
  });
  wireHands(code);
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    link.send({ type: "join", name: $("name").value, passcode: passcode() });
  });
  $("stand-up").addEventListener("click", () => link.send({ type: "stand" }));
  wireDoor((f) => link.send(f));
  wireWelcome((f) => link.send(f));
  $("back-button").addEventListener("click", () => link.send({ type: "back" }));
  $("house-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    link.send({ type: "house", house: pickedHouse() });
  });
  setInterval(tickTimer, 1000);
  loadHouses().then(draw);
}

/** Opens room `code` and starts the game page on it: `startGame(name, link)` once the
    first frame names the room's game. */
export function startRoom(code, startGame) {
  let opened = false; // the first frame came: the room's game is known
  let ready = false; // the page plays it: every frame is shown
  link = openRoom(code, {
    onFrame: async (f) => {
      // every frame: what the Verify button holds the history to
      noteSeen(code, f.room.fair);
      onFrame(f, !ready);
      if (opened) return;
      opened = true;
      await link.load(f.room.settings.game);
      game.aside = { render: draw };
      wire(code);
      // the game's page is set up before its first pause: the frames after are its own
      const started = startGame(f.room.settings.game, link);
      ready = true;
      await started;
    },
    onError: (e) => say(e),
    onGone: (e) => {
      const gone = e.code === "room_gone" ? { code: "room", message: t("room.no_room"), params: {} } : e;
      say(gone);
      $("title").textContent = errorMessage(gone);
    },
  });
}
