/* A room's link (../link.js) over its socket, /api/rooms/{code}/ws (docs/API.md, "Rooms"):
   each frame the server sends is this person's view of the room; the page takes it as a
   State (`asState`), so the room's table is the solo table's page: the same cards,
   animation, dialogs, languages and keys. A bet or a choice is a frame; its answer is the
   next frame (the State comes by itself) or an error frame (an ApiError). The socket comes
   back by itself when it drops; a room that is not there closes it with 4404, and a person
   the host removed or turned away is told so by the last frame and closed with 4403. */

import { ApiError, getState, putSettings, useGame } from "../api.js";
import { t } from "../messages.js";

/** Refusals that mean the table moved on (the page catches up, as after a 409). */
const MOVED_ON = new Set(["stale", "not_your_turn", "no_hand", "hand_in_progress"]);

function refusal(error) {
  return new ApiError(MOVED_ON.has(error && error.code) ? 409 : 422, error);
}

/** The page's State for a room's frame: the table as this seat sees it, the room's stacks
    by seat, the bets this seat may place (the server's `you.limits`), the Hint when the
    host allowed it, and what a room has not (statistics, history: a solo table's).
    `settings` are the person's own. */
export function asState(frame, settings) {
  const { room, you } = frame;
  const mine = room.seats.find((s) => s.seat === you.seat);
  const betting = room.phase !== "playing";
  return {
    table: frame.table,
    next_hand: room.next_hand,
    player: {
      stacks: Object.fromEntries(room.seats.map((s) => [s.seat, s.stack])),
      last_bet: you.bet,
      banker: room.banker,
      settings,
      notices: [],
      decks_in_play: null,
    },
    limits: you.limits,
    // the game's buttons as the room's house has them; what a solo table has besides, not
    features: {
      ...room.features, hint: Boolean(room.settings.hints), stats: false, chart: Boolean(room.features.chart), bank: false, history: false, decks: false,
    },
    plays: Boolean(you.seat),
    can_bet: Boolean(mine) && betting && !mine.ready,
    room,
    you,
  };
}

/** Opens the room's socket; `onFrame(frame)` hears every state frame in order,
    `onError(error)` every refusal nobody waited for, `onGone(error)` a room that is not
    there. Returns the link, whose `state()` is the last frame's State. */
export function openRoom(code, { onFrame, onError, onGone }) {
  let socket = null;
  let retry = 500;
  let last = null;
  let waiting = null; // the request whose answer is the next frame
  const pending = []; // frames sent before the socket opened
  const hints = new Map(); // id → the Hint request waiting for its answer
  let nextHint = 1;
  const settings = { speed: "normal", language: null };

  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    else if (pending.length < 8) pending.push(frame);
  }

  function answer(fn) {
    const w = waiting;
    waiting = null;
    if (w) fn(w);
    return Boolean(w);
  }

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/rooms/${encodeURIComponent(code)}/ws`);
    socket.addEventListener("open", () => {
      while (pending.length) socket.send(JSON.stringify(pending.shift()));
    });
    let refused = null;
    let framed = false; // a refusal before this socket's first frame is why it closes: told then
    socket.addEventListener("message", (ev) => {
      const f = JSON.parse(ev.data);
      if (f.type === "hint") { // the answer to one of this page's Hint requests
        const w = hints.get(f.reply);
        hints.delete(f.reply);
        if (w && f.error) w.reject(new ApiError(MOVED_ON.has(f.error.code) ? 409 : 422, f.error));
        else if (w) w.resolve(f.hint);
        return;
      }
      if (f.type === "error") {
        refused = f.error;
        if (!answer((w) => w.reject(refusal(f.error))) && framed) onError(f.error);
        return;
      }
      if (f.type !== "state") return;
      framed = true;
      if (last && f.room.version < last.room.version) return;
      last = f;
      retry = 500;
      onFrame(f);
      answer((w) => w.resolve(null));
    });
    socket.addEventListener("close", (ev) => {
      const closed = () => new ApiError(0, { code: "network", message: "the connection closed", params: {} });
      answer((w) => w.reject(closed()));
      for (const w of hints.values()) w.reject(closed());
      hints.clear();
      if (ev.code === 4403) return; // removed or turned away: the last frame says so, for good
      if (ev.code === 4404) {
        onGone(refused && refused.code !== "not_found" ? refused : { code: "room_gone", params: {} });
        return;
      }
      if (refused && !framed) onError(refused);
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 10000);
    });
  }

  /** Sends a frame; a promise of its answer (null: the State came as a frame). */
  function request(frame) {
    if (waiting) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      send(frame);
    });
  }

  const link = {
    /** The room's frames say who may see what; the page's State is the last one's. */
    state: async () => (last ? asState(last, Object.assign({}, settings)) : null),
    deal: (bet, hand, extra) => {
      const frame = { type: "bet", hand, amount: bet === null ? 0 : bet };
      const sides = extra && extra.side_bets;
      if (sides && Object.keys(sides).length) frame.side_bets = sides;
      return request(frame);
    },
    act: (action, hand, step) => request({ type: "act", hand, step, action }),
    /** The solver's values of your choices (the room's host allowed hints): its own frame,
        answered to you alone. */
    hint: (hand, step) => new Promise((resolve, reject) => {
      const id = nextHint;
      nextHint += 1;
      hints.set(id, { resolve, reject });
      send({ type: "hint", id, hand, step });
    }),
    /** The play-chips note under the table: a room keeps no stack of yours. */
    chipsNote: "chips.note.short",
    /** The table's line once your bet is placed: the hand waits for every bet. */
    dealing: () => t("room.waiting"),
    /** Your speed and language are yours, kept with your settings of this game; the room's
        own settings are its host's, made with the room. */
    settings: async (change) => {
      await putSettings(change);
      Object.assign(settings, change);
      return link.state();
    },
    /** A frame of the room's own (join, sit, react, …): sent, nobody waits for it. */
    send,
    /** Your saved speed and language, from your settings of the room's game. */
    async load(game) {
      useGame(game);
      try {
        const s = await getState();
        Object.assign(settings, (s.player && s.player.settings) || {});
      } catch (err) {
        // the defaults stay
      }
      return Object.assign({}, settings);
    },
    currentSettings: () => Object.assign({}, settings),
  };
  open();
  return link;
}
