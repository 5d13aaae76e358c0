/**
 * StringNormalizer (mainzelliste-api.md §1 "Normalisation"): trim delimiters, map ä→ae, ö→oe, ü→ue,
 * ß→ss, uppercase. Registry extension: other accented letters (é, ç, ł…) lose their marks, so 'José'
 * and 'Jose' compare equal; Mainzelliste's own name pattern rejects them, the registry's accepts them.
 */

const UMLAUTS: Record<string, string> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', ä: 'AE', ö: 'OE', ü: 'UE', ß: 'SS', ẞ: 'SS' };

/** Characters trimmed from both ends: white space and the punctuation names may carry. */
const DELIMITERS = /^[\s.,;:'"`´\-_]+|[\s.,;:'"`´\-_]+$/g;

export function normalizeString(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[ÄÖÜäöüßẞ]/g, (letter) => UMLAUTS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(DELIMITERS, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/** IntegerField (mainzelliste-api.md §1 "Field types"): "01" equals "1"; non-numbers stay as text. */
export function normalizeInteger(value: string): string {
  const text = value.trim();
  return /^\d+$/.test(text) ? String(Number.parseInt(text, 10)) : text.toUpperCase();
}
