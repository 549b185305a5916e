/* A solo table's fair shuffle (State.fair, docs/FAIRNESS.md): the panel shows it, what the
   page saw is kept for Verify (each shoe's commitment, and each hand with the shoe it was
   dealt from, as the server said them), and your seed for the next shoe is sent with POST
   seed. */

import { ApiError, fairUrl, postSeed } from "../api.js";
import { game } from "../game.js";
import { t } from "../messages.js";
import { page } from "../page.js";
import { clearError, showError } from "../table/status.js";
import { drawFair, drawVerified, wireFair } from "./panel.js";
import { noteSeen } from "./seen.js";

const tableName = () => `solo.${game.name}`;

/** The State `s` in the panel and kept for Verify; a room's State has no `fair` (the room
    shows its own). */
export function showFair(s) {
  if (!s || !("fair" in s)) return;
  const fair = s.fair;
  if (noteSeen(tableName(), fair)) {
    // the server's save of this table went back to an earlier one: its shoes start anew
    showError(new ApiError(0, { code: "fair", message: t("fair.rolled_back"), params: {} }));
  }
  drawFair(fair, { yours: fair ? fair.seed : null });
  drawVerified();
}

/** Wires the panel to this solo table. */
export function wireSoloFair() {
  wireFair({
    name: tableName(),
    history: fairUrl(),
    give: async (seed) => {
      try {
        const s = await postSeed(seed);
        clearError();
        page.state = Object.assign({}, page.state, { fair: s.fair });
        showFair(s);
      } catch (err) {
        showError(err);
      }
    },
    say: (text) => showError(new ApiError(0, { code: "fair", message: text, params: {} })),
  });
}
