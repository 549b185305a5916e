/* Who comes into a room (rooms/door.py), as the page shows it: the passcode asked with a
   new person's name, "at the door" while the host decides, the host's panel (lock, knock,
   passcode, how many may watch, the family's call link) and the people waiting, the
   buttons that hand the host's role or the bank to a named person, and the bank offered
   to you. Everything drawn from the server's frame; every change is a frame to it. */

import { $, el } from "../dom.js";
import { t } from "../messages.js";

let send = () => {};
let paused = false; // the room's timer is paused (the last frame's)

function button(label, onClick, aria) {
  const b = el("button", "", label);
  b.type = "button";
  if (aria) b.setAttribute("aria-label", aria);
  b.addEventListener("click", onClick);
  return b;
}

/** The buttons the room's own host has beside a person of the room (not themself). */
export function personButtons(room, you, person) {
  const out = [];
  if (!you.host || person.name === you.name || room.phase === "playing") return out;
  if (!you.holding) {
    const label = t("room.make_host");
    out.push(button(label, () => send({ type: "make_host", name: person.name }), `${label} ${person.name}`));
  }
  if (person.seat && room.settings.bank === "rotate" && room.banker !== person.seat && room.bank_offer !== person.name) {
    const label = t("room.bank.offer");
    out.push(button(label, () => send({ type: "offer_bank", name: person.name }), `${label} ${person.name}`));
  }
  return out;
}

/** The join form's passcode field: asked of a new person when the room has one. */
function drawJoin(room, you) {
  const door = room.door || {};
  $("passcode-label").hidden = !(door.passcode && !you.name);
  $("knock-note").hidden = !you.knocking;
  $("banned-note").hidden = !you.banned;
  $("join-form").hidden = Boolean(you.banned);
  $("watch-only-note").hidden = !you.watch_only;
}

function drawKnocks(you) {
  const knocks = you.knocks || [];
  $("knocks").hidden = !knocks.length;
  const list = $("knock-list");
  list.replaceChildren();
  for (const name of knocks) {
    const li = el("li", "", name + " ");
    const letIn = t("room.door.let_in");
    const away = t("room.door.turn_away");
    li.append(
      button(letIn, () => send({ type: "admit", name }), `${letIn} ${name}`), " ",
      button(away, () => send({ type: "refuse", name }), `${away} ${name}`),
    );
    list.append(li);
  }
}

function drawPanel(room, you) {
  const panel = $("door");
  panel.hidden = !you.host;
  if (!you.host) return;
  const door = room.door || { lock: "open", passcode: false, knock: false };
  const idle = (id) => document.activeElement !== $(id);
  if (idle("door-lock")) $("door-lock").value = door.lock;
  $("door-knock").checked = door.knock;
  $("door-code-state").textContent = t(door.passcode ? "room.door.code.on" : "room.door.code.off");
  $("door-code-clear").hidden = !door.passcode;
  if (idle("door-watchers")) $("door-watchers").value = String(room.settings.watchers);
  if (idle("door-call") && !$("door-call").value) $("door-call").value = room.call || "";
}

/** The host's pace: the timer's seconds (0: none) and Pause / Resume; everyone sees a pause. */
function drawPace(room, you) {
  paused = Boolean(room.paused);
  $("paused-note").hidden = !paused;
  const pause = $("pace-pause");
  // nothing to pause with no timer, or before the first hand (nobody is timed for it)
  const untimed = room.next_hand === 1 && room.phase !== "playing";
  pause.hidden = !(you.host && room.settings.timer > 0 && !untimed);
  pause.dataset.i18n = room.paused ? "room.pace.resume" : "room.pace.pause";
  pause.textContent = t(pause.dataset.i18n);
  if (you.host && document.activeElement !== $("pace-timer")) $("pace-timer").value = String(room.settings.timer);
}

function drawBank(room, you) {
  $("bank-offer").hidden = !you.bank_offered;
  $("bank-offer-to").textContent = room.bank_offer && !you.bank_offered
    ? t("room.bank.offer_to", { name: room.bank_offer }) : "";
}

function drawCall(room) {
  const call = room.call;
  $("call").hidden = !call;
  if (call) $("call-link").href = call;
}

/** The door's parts of the room, drawn from the last frame. */
export function drawDoor(room, you) {
  drawJoin(room, you);
  drawKnocks(you);
  drawPanel(room, you);
  drawPace(room, you);
  drawBank(room, you);
  drawCall(room);
}

/** The passcode typed with a new person's name (none when the room asks for none). */
export function passcode() {
  return $("passcode-label").hidden ? undefined : $("passcode").value;
}

/** Wires the host's panel and the bank offer to `sendFrame`. */
export function wireDoor(sendFrame) {
  send = sendFrame;
  $("door-lock").addEventListener("change", () => send({ type: "door", lock: $("door-lock").value }));
  $("door-knock").addEventListener("change", () => send({ type: "door", knock: $("door-knock").checked }));
  $("door-code-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "door", passcode: $("door-code").value });
    $("door-code").value = "";
  });
  $("door-code-clear").addEventListener("click", () => send({ type: "door", passcode: null }));
  $("door-watchers-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "door", watchers: Number($("door-watchers").value) });
  });
  $("door-call-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "door", call: $("door-call").value.trim() || null });
  });
  $("pace-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    send({ type: "timer", timer: Number($("pace-timer").value) });
  });
  $("pace-pause").addEventListener("click", () => {
    send({ type: "timer", paused: !paused });
  });
  $("bank-take").addEventListener("click", () => send({ type: "take_bank" }));
  $("bank-decline").addEventListener("click", () => send({ type: "decline_bank" }));
}
