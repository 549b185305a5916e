/* Why a settled hand moved fewer chips than its rules say: the server's `owed` (what the
   rules move) against its `net` (what moved): the bank paid all it had (kampung, K3 / K23),
   or a loss stopped at the stack (T20). Nothing is recomputed here. */

import { fmtNum, t } from "./messages.js";

/** " The bank paid 1,100 of 2,100: all it had." or " Capped at the stack: …", else "". */
export function shortPaid(e) {
  const moved = Math.abs(e.net || 0);
  if (!e.owed || moved >= e.owed) return "";
  const key = e.net > 0 ? "msg.short.bank" : "msg.short.stack";
  return " " + t(key, { paid: fmtNum(moved), owed: fmtNum(e.owed) });
}
