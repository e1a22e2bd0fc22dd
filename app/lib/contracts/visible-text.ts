// Characters that show nothing yet change how text reads. Bidirectional controls reorder what
// follows (`cv<U+202E>cod.html` displays as `cv` + `lmth.doc`); zero-width characters make a
// value look empty or make two different names look the same. Required fields need a character a
// person can see, and names that go into mail headers lose these controls.

/** Bidi controls: LRM, RLM, LRE–RLO, LRI–PDI, ALM. */
const bidiControls = "\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C";
/** Zero-width: ZWSP, ZWNJ, ZWJ, word joiner, BOM / zero-width no-break space. */
const zeroWidth = "\u200B-\u200D\u2060\uFEFF";
/**
 * Further characters with no glyph that fonts draw as blank: soft hyphen, Mongolian vowel
 * separator, invisible math operators, Hangul fillers, braille blank.
 * Only for the "is anything visible" check: they are never removed from what was typed.
 */
const otherBlanks = "\u00AD\u180E\u2061-\u2064\u115F\u1160\u3164\uFFA0\u2800";

const invisibleControls = new RegExp(`[${bidiControls}${zeroWidth}]`, "gu");
const blanks = new RegExp(`[${bidiControls}${zeroWidth}${otherBlanks}\\s]`, "gu");

/** The text without bidi controls and zero-width characters (for names that go into mail headers). */
export const withoutInvisibleControls = (text: string) => text.replace(invisibleControls, "");

/** True when the text has at least one character a person can see (whitespace and invisible characters aside). */
export const hasVisibleText = (text: string) => text.replace(blanks, "").length > 0;
