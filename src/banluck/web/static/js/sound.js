/* Sound (issue 18): the table's sounds, made here with the Web Audio API (no recording is
   used): a card dealt, a hand turned over, chips paid or taken, and a moment for a hand
   the server names special. Off until the player turns them on in Settings (browsers let a
   page sound only after a gesture: the switch is one); the volume is theirs; both are kept
   in this browser. */

import { keep, stored } from "./kept.js";

const KEY = "banluck.sound";
// the hand kinds a moment sounds for, as the server names them (docs/API.md)
const SPECIAL = new Set(["ban-ban", "ban-luck", "five-dragon", "blackjack", "seven-seven-seven"]);

function load() {
  const v = stored(localStorage, KEY, null);
  if (v && typeof v.on === "boolean" && typeof v.volume === "number") return v;
  return { on: false, volume: 0.6 }; // nothing kept, or unreadable: the defaults
}

export const sound = load();
let ctx = null;
// what has sounded, newest last (for the page's tests: a short list)
export const played = [];

/** The player turns sound on or off, or sets its volume (0 to 1). */
export function setSound(change) {
  Object.assign(sound, change);
  keep(localStorage, KEY, sound); // refused (private mode): this page only
  wake();
}

/** The audio context, made (or resumed) once sound is on: within a gesture, it may play. */
function wake() {
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (sound.on && !ctx && Audio) ctx = new Audio();
  if (ctx && ctx.state === "suspended") ctx.resume();
}

function tone(freq, start, length, type = "sine", level = 0.25) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  const t0 = ctx.currentTime + start;
  gain.gain.setValueAtTime(level * sound.volume, t0);
  gain.gain.exponentialRampToValueAtTime(0.001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length);
}

const SOUNDS = {
  deal: () => tone(320, 0, 0.06, "triangle", 0.2),
  flip: () => tone(900, 0, 0.04, "square", 0.08),
  chips: () => { tone(1500, 0, 0.05); tone(1900, 0.06, 0.05); },
  moment: () => [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.09, 0.18, "sine", 0.22)),
};

/** Plays sound `name` when sound is on. */
export function playSound(name) {
  if (!sound.on || !SOUNDS[name]) return;
  played.push(name);
  if (played.length > 50) played.shift();
  wake();
  if (ctx) SOUNDS[name]();
}

/** The sound of one event of a hand shown (`kind`: the hand's kind the event reveals). */
export function soundOf(e) {
  switch (e.type) {
    case "dealt": return "deal";
    case "revealed": case "turned": return SPECIAL.has(e.kind) ? "moment" : "flip";
    case "settled": return SPECIAL.has(e.result) ? "moment" : "chips";
    default: return null;
  }
}

/** Whether an event shows a special hand (a moment for the eye too). */
export const special = (e) => SPECIAL.has(e.kind) || SPECIAL.has(e.result);
