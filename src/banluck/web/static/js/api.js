/* The HTTP client of docs/API.md: one function per endpoint, no DOM, no state.
   Every answer is the server's JSON; every failure is an ApiError carrying the server's
   {code, message, params} (or "network" when the server cannot be reached). */

export class ApiError extends Error {
  constructor(status, error) {
    super((error && error.message) || "HTTP " + status);
    this.status = status;
    this.error = error; // {code, message, params} or null
  }
}

/** One request; resolves to the JSON body, rejects with an ApiError. */
/** Whether a failed request never reached the server (as against a refusal it sent). */
export const offline = (err) => !!(err && err.error && err.error.code === "network");

export async function request(method, path, body) {
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
      const code = res.status === 404 ? "not_found" : "bad_request";
      error = { code, message: JSON.stringify(data.detail), params: {} };
    }
    throw new ApiError(res.status, error);
  }
  return data;
}

/* Every game's routes are under /api/games/{game}/ (docs/API.md, "Games"); a server
   without the lobby has only the table's, under /api/. */
let base = "/api";

/** Which game the requests below are for; null: the old routes of a server without games. */
export function useGame(game) {
  base = game ? `/api/games/${encodeURIComponent(game)}` : "/api";
}

/* A room's chart and drill are the room's own (its game, decks and house): asked at its
   routes once the room says where (`teachAt`). */
let teachBase = null;

/** Where the chart and the drill are asked from now on (a room's routes). */
export function teachAt(prefix) {
  teachBase = prefix;
}

const teach = () => teachBase || base;

/** The Lobby, or null from a server that has none (404). */
export async function getLobby() {
  try {
    return await request("GET", "/api/games");
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const getState = () => request("GET", `${base}/state`);

/** `hand` is State.next_hand: a stale second deal gets 409 and changes nothing. */
export const postDeal = (bet, hand, extra) =>
  request("POST", `${base}/deal`, Object.assign(bet === null ? {} : { bet }, extra || {}, { hand }));

/** `hand` and `step` are State.table's: a double click gets 409 and changes nothing. */
export const postAction = (action, hand, step) =>
  request("POST", `${base}/action`, { action, hand, step });

export const putSettings = (change) => request("PUT", `${base}/settings`, change);

/** The guided first hand: the lesson's views and the choices it asks for. */
export const getGuide = () => request("GET", `${base}/guide`);

/** Your seed for the next shoe (docs/FAIRNESS.md). */
export const postSeed = (seed) => request("POST", `${base}/seed`, { seed });

/** The table's fair history (docs/FAIRNESS.md), for Verify and to download. */
export const fairUrl = () => `${base}/fair.json`;

export const getHistory = () => request("GET", `${base}/history`);

export const getHistoryHand = (hand) =>
  request("GET", `${base}/history/${encodeURIComponent(hand)}`);

export const replayUrl = (hand) => `${base}/history/${encodeURIComponent(hand)}/replay.json`;

export const getHint = (hand, step) =>
  request("GET", `${base}/hint?hand=${encodeURIComponent(hand)}&step=${encodeURIComponent(step)}`);

export const getStats = () => request("GET", `${base}/stats`);

/** A drill spot: the chart cell {row, column} dealt as a hand (none: one at random). */
export const getDrill = (cell) =>
  request("GET", cell ? `${teach()}/drill?row=${encodeURIComponent(cell.row)}&column=${encodeURIComponent(cell.column)}`
    : `${teach()}/drill`);

/** The solved chart; with hand and step, your current cell is marked. */
export const getChart = (hand, step) =>
  request("GET", hand === null || hand === undefined ? `${teach()}/chart`
    : `${teach()}/chart?hand=${encodeURIComponent(hand)}&step=${encodeURIComponent(step)}`);

/** For a server without State.features: true unless GET /api/hint is not there at all (a
    route that is missing answers FastAPI's plain {"detail": "Not Found"}). */
export async function hintRouteExists() {
  try {
    const res = await fetch(`${base}/hint`, { credentials: "same-origin", cache: "no-store" });
    if (res.status !== 404) return true;
    let body = null;
    try { body = await res.json(); } catch (err) { body = null; }
    return !!(body && body.error && body.error.code !== "not_found");
  } catch (err) {
    return true; // the state request reports a network problem
  }
}
