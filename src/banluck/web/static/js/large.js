/* Large cards and buttons (Settings, Display): this browser's choice, kept for every table
   and room, applied as the page starts. */

import { $ } from "./dom.js";
import { keep, stored } from "./kept.js";

const LARGE = "banluck.large";

function apply(on) {
  document.documentElement.classList.toggle("large", on);
  $("large-on").checked = on;
}

export function wireLarge() {
  apply(stored(localStorage, LARGE, false) === true);
  $("large-on").addEventListener("change", () => {
    const on = $("large-on").checked;
    apply(on);
    keep(localStorage, LARGE, on);
  });
}
