/* Every text of the page, one module a language (i18n/LANG.js): a new language is a new
   module and a name in LANGUAGES. English is always here (the fallback of a missing text);
   another language is fetched when a page first uses it (loadCatalog), so a page loads only
   the texts it shows. Wording follows seed 000 (the product's rules text): Geben / 发牌 for
   Deal, 要牌 / 停牌 / 弃牌, 五龙, 天牌 … "{name}" placeholders are filled by t(key, params)
   (js/messages.js). An ES module. */

import en from "./i18n/en.js";

export const LANGUAGES = ["en", "de", "zh", "vi"];
export const CATALOGS = { en };

const loading = {};

/** The texts of `code` (one of LANGUAGES) in CATALOGS: resolves once they are there. */
export function loadCatalog(code) {
  if (CATALOGS[code] || !LANGUAGES.includes(code)) return Promise.resolve();
  if (!loading[code]) {
    loading[code] = import(`./i18n/${code}.js`).then(
      (m) => { CATALOGS[code] = m.default; },
      (err) => { delete loading[code]; throw err; },
    );
  }
  return loading[code];
}
