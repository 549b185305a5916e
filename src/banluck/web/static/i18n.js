/* Every text of the page in English, German and Chinese, one module a language
   (i18n/LANG.js): a new language is a new module and a line here. Wording follows seed 000
   (the product's rules text): Geben / 发牌 for Deal, 要牌 / 停牌 / 弃牌, 五龙, 天牌 …
   "{name}" placeholders are filled by t(key, params) (js/messages.js). An ES module. */

import de from "./i18n/de.js";
import en from "./i18n/en.js";
import vi from "./i18n/vi.js";
import zh from "./i18n/zh.js";

export const CATALOGS = { en, de, zh, vi };
