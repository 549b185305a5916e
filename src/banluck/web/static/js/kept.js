/* What this browser keeps for the page (localStorage or sessionStorage), as JSON: read back
   as written, or the fallback when nothing is kept or it cannot be read; a write the browser
   refuses (private mode, a full store) is answered false, never thrown. */

export function stored(storage, key, fallback) {
  try {
    const v = JSON.parse(storage.getItem(key) || "null");
    return v === null ? fallback : v;
  } catch (err) {
    return fallback;
  }
}

export function keep(storage, key, value) {
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (err) {
    return false;
  }
}

/** The houses this browser keeps (the House rules dialog's "Keep"): {"<base>/<name>": house
    object}, in localStorage. */
export const KEPT_HOUSES = "banluck.houses";

export const keptAll = () => stored(localStorage, KEPT_HOUSES, {});

/** The houses kept in this browser for games of `base`: [[name, house object]]. */
export function keptHouses(base) {
  return Object.entries(keptAll())
    .filter(([k]) => k.startsWith(base + "/"))
    .map(([k, house]) => [k.slice(base.length + 1), house]);
}
