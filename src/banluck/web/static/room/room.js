// A room's page (issue 11): a minimal standalone client of /api/rooms/{code}/ws.
// It draws only what the server sends (each socket gets its own seat's view) and writes
// text with textContent, never markup. /room/new makes a room.

const $ = (id) => document.getElementById(id);
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

function send(frame) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

function cards(list) {
  const span = el("span");
  for (const c of list) {
    span.append(c === null ? el("span", "??", "card hidden") : el("span", c, "card"));
  }
  return span;
}

function handLine(label, list, extra) {
  const div = el("div", undefined, "hand");
  div.append(el("span", `${label}: `), cards(list));
  if (extra) div.append(el("span", ` ${extra}`));
  return div;
}

function drawTable(t, mySeat) {
  const box = $("table");
  box.replaceChildren();
  if (!t) return;
  box.append(el("h2", `Hand ${t.hand}${t.over ? " (over)" : ""}`));
  if (t.game === "table") {
    box.append(handLine("dealer", t.dealer.cards, t.dealer.total ?? ""));
    for (const h of t.seats) {
      const line = handLine(h.name, h.cards, `${h.total ?? ""} ${h.result ?? ""}`);
      if (h.name === mySeat) line.classList.add("me");
      box.append(line);
    }
  } else if (t.game === "kampung") {
    box.append(handLine(`bank (${t.bank.seat})`, t.bank.cards, t.bank.total ?? ""));
    for (const h of t.players) {
      const line = handLine(h.seat, h.cards, `${h.total ?? ""} ${h.result ?? ""}`);
      if (h.seat === mySeat) line.classList.add("me");
      box.append(line);
    }
  } else {
    box.append(handLine("dealer", t.dealer.cards, t.dealer.total ?? ""));
    for (const s of t.seats) {
      for (const h of s.hands) {
        const line = handLine(s.name, h.cards, `${h.total ?? ""} ${h.result ?? ""}`);
        if (s.name === mySeat) line.classList.add("me");
        box.append(line);
      }
    }
  }
}

function draw() {
  const s = state;
  const you = s.you;
  const room = s.room;
  $("join-form").hidden = Boolean(you.name);
  $("status").textContent = room.phase === "playing"
    ? `Hand ${room.hand}: ${room.to_act ?? "…"} to act`
    : `Waiting for bets for hand ${room.next_hand}`;
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of room.seats) {
    const li = el("li", `${seat.seat}: ${seat.bot ? "bot" : seat.name}`
      + `${seat.away ? " (away)" : ""}${seat.ready ? " ✓" : ""} — ${seat.stack}`);
    li.dataset.seat = seat.seat;
    if (seat.bot && you.name && !you.seat && room.phase !== "playing") {
      const b = el("button", "Sit here");
      b.dataset.sit = seat.seat;
      b.addEventListener("click", () => send({ type: "sit", seat: seat.seat }));
      li.append(b);
    }
    if (you.host && !seat.bot && seat.seat !== you.seat && room.phase !== "playing") {
      const b = el("button", "Free seat");
      b.addEventListener("click", () => send({ type: "free", seat: seat.seat }));
      li.append(b);
    }
    seats.append(li);
  }
  if (room.settings.game === "infinite" && you.name && !you.seat && room.phase !== "playing") {
    const b = el("button", "Sit down");
    b.dataset.sit = "new";
    b.addEventListener("click", () => send({ type: "sit" }));
    seats.append(el("li")).append(b);
  }
  $("watchers").textContent = room.watchers.join(", ");
  const mine = room.seats.find((x) => x.seat === you.seat);
  $("bet-form").hidden = !(you.seat && room.phase !== "playing" && mine && !mine.ready);
  $("stand-up").hidden = !(you.seat && room.phase !== "playing");
  drawTable(s.table, you.seat);
  const actions = $("actions");
  actions.replaceChildren();
  const t = s.table;
  if (t && you.seat && t.to_act === you.seat && !t.over) {
    for (const a of t.offered ?? t.legal) {
      const b = el("button", a);
      b.dataset.action = a;
      b.addEventListener("click", () => send({ type: "act", hand: t.hand, step: t.step, action: a }));
      actions.append(b);
    }
  }
}

function tickTimer() {
  const d = state && state.room.deadline;
  $("timer").textContent = d ? `Time left: ${Math.max(0, Math.round(d - Date.now() / 1000))} s` : "";
}

function open() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(code)}/ws`);
  socket.addEventListener("message", (ev) => {
    const f = JSON.parse(ev.data);
    if (f.type === "error") {
      $("error").textContent = f.error.message;
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
      $("error").textContent = "There is no room at this link.";
      return;
    }
    setTimeout(open, retry);
    retry = Math.min(retry * 2, 10000);
  });
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
  const r = await fetch("/api/rooms", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await r.json();
  if (!r.ok) {
    $("error").textContent = answer.error.message;
    return;
  }
  location.assign(answer.link);
}

function start() {
  if (code === "new") {
    $("create").hidden = false;
    $("create-form").addEventListener("submit", createRoom);
    return;
  }
  $("room").hidden = false;
  $("link").textContent = location.href;
  $("join-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "join", name: $("name").value });
  });
  $("bet-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "bet", hand: state.room.next_hand, amount: Number($("bet").value) });
  });
  $("stand-up").addEventListener("click", () => send({ type: "stand" }));
  setInterval(tickTimer, 1000);
  open();
}

start();
