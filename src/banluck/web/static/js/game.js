/* Which game this page plays (the address: /play/{game}) and that game's specifics: a
   "spec" from games/*.js that the shared modules (animate, panel, controls, view) ask for
   its model of a hand, the line each event makes, its table and its buttons. */

export const game = {
  name: null, // the game's name (its address, texts and rules); null in the lobby
  legacy: false, // a server without games: the old /api/ routes of the table
  title: null, // the lobby's title of the game (English), until the page has its own
  spec: null,
  link: null, // how the page reaches its table (link.js): HTTP, or a room's socket
  features: {}, // what the server says the game has (State.features): its buttons, decks, …
};

/** The buttons of the game's choices, as the server lists them (State.features.choices). */
export const choices = () => game.features.choices || [];

/** The current game's specifics (games/banluck.js, blackjack.js, kampung.js). */
export const spec = () => game.spec;

/** The room named by an address (/room/{code}), or null. */
export function roomFromPath(path) {
  const m = /^\/room\/([A-Za-z0-9_-]+)\/?$/.exec(path);
  return m ? decodeURIComponent(m[1]) : null;
}

/** The game named by an address (/play/classic), or null (the lobby). */
export function gameFromPath(path) {
  const m = /^\/play\/([a-z][a-z-]*)\/?$/.exec(path);
  return m ? m[1] : null;
}
