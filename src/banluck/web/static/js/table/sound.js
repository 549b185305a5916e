/* Sound (issue 18): the table's sounds, made for the project (static/sounds, by
   banluck.web.sounds: a card dealt, a card turned over, chips, and a moment for a hand the
   server names special), fetched once sound is on and played with the Web Audio API. Off
   until the player turns them on in Settings (browsers let a page sound only after a
   gesture: the switch is one); the volume is theirs; both are kept in this browser. */

import { keep, stored } from "../kept.js";

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
  fetchSounds();
}

const NAMES = ["deal", "flip", "chips", "moment"];
// each sound's decoded samples, once fetched (the page's tests read which)
const buffers = {};
let fetching = false;

/** Fetches and decodes the sounds once, when sound is first on (a failure: tried again). */
function fetchSounds() {
  if (fetching || !ctx) return;
  fetching = true;
  Promise.all(NAMES.map(async (name) => {
    const answer = await fetch(`/static/sounds/${name}.wav`);
    if (!answer.ok) throw new Error(`${name}: ${answer.status}`);
    buffers[name] = await ctx.decodeAudioData(await answer.arrayBuffer());
  })).catch(() => { fetching = false; });
}

/** The sounds ready to play, by name. */
export const soundsReady = () => Object.keys(buffers).sort();

function play(name) {
  const buffer = buffers[name];
  if (!buffer) return; // still on its way: this one is silent
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  // the same card or chip never twice exactly alike
  if (name !== "moment") source.playbackRate.value = 0.94 + Math.random() * 0.12;
  const gain = ctx.createGain();
  gain.gain.value = sound.volume;
  source.connect(gain).connect(ctx.destination);
  source.start();
}

/** Plays sound `name` when sound is on. */
export function playSound(name) {
  if (!sound.on || !NAMES.includes(name)) return;
  played.push(name);
  if (played.length > 50) played.shift();
  wake();
  if (ctx) play(name);
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
