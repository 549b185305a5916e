/* The page's language: which one is in use, the browser's preferred one among ours, and the
   fetching of a language's texts the first time it is chosen (../i18n.js). js/messages.js
   gives every text in it. */

import { CATALOGS, LANGUAGES, loadCatalog } from "../i18n.js";

const LOCALE = { en: "en-US", de: "de-DE", zh: "zh-CN", vi: "vi-VN" };
let lang = "en";
let wanted = "en";

export const language = () => lang;
/** The language last asked for: the one in use, or the one whose texts are on their way (a
    language picker shows it, not the one it is leaving). */
export const wantedLanguage = () => wanted;
export const locale = () => LOCALE[lang] || "en-US";
export const knownLanguage = (code) => LANGUAGES.includes(code);
/** Whether the texts of `code` are here (useLanguage fetches them). */
export const languageHere = (code) => !!CATALOGS[code];

/** Sets the language whose texts are here; false when it was already the one in use (or
    its texts are not here yet: useLanguage fetches them first). */
export function setLanguage(code) {
  wanted = code;
  if (!CATALOGS[code]) return false;
  const changed = code !== lang;
  lang = code;
  return changed;
}

/** Fetches the texts of `code` (once) and sets it: resolves true when the language
    changed. Of several asked for in a row, the last one asked wins. An unknown code or a
    failed fetch leaves the language as it was. */
export async function useLanguage(code) {
  wanted = code;
  try {
    await loadCatalog(code);
  } catch (err) {
    if (wanted === code) wanted = lang; // its texts did not come: the page stays as it is
    return false;
  }
  return wanted === code ? setLanguage(code) : false;
}

/** The browser's preferred language among ours (docs/API.md, "Language default"). */
export function browserLanguage() {
  const langs = navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language || "en"];
  for (const l of langs) {
    const p = String(l).toLowerCase();
    if (p.startsWith("de")) return "de";
    if (p.startsWith("zh")) return "zh";
    if (p.startsWith("vi")) return "vi";
    if (p.startsWith("en")) return "en";
  }
  return "en";
}
