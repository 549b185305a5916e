/* How the page reaches its table: a link with five calls, each a promise of a State (or
   null when the State comes by itself) that rejects with an ApiError. The solo table's link
   is HTTP (api.js); a room's is its socket (room/link.js). The page knows no other. */

import { getHint, getState, postAction, postDeal, putSettings } from "./api.js";

/** The solo table: every request answers with the whole State. */
export const httpLink = {
  state: getState,
  /** `hand` is State.next_hand: a stale second deal gets 409 and changes nothing. */
  deal: (bet, hand, extra) => postDeal(bet, hand, extra),
  /** `hand` and `step` are State.table's: a double click gets 409 and changes nothing. */
  act: (action, hand, step) => postAction(action, hand, step),
  settings: putSettings,
  /** The solver's values of your choices at `hand` and `step` (a promise; ApiError). */
  hint: getHint,
};
