/**
 * The access code of a questionnaire access (docs/decisions.md "Questionnaire accesses"): the one credential a
 * patient holds, printed as a code and as a link. 20 characters of Crockford's base32 (100 random bits), shown
 * in groups of four; typing is forgiving: case, spaces and hyphens do not matter, O reads as 0 and I, L as 1.
 * The backend draws the code and stores only its hash; the web normalises what a patient types.
 */

/** Crockford's base32: digits and letters without I, L, O and U. */
export const ACCESS_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ACCESS_CODE_LENGTH = 20;

const LOOKALIKES: Record<string, string> = { O: '0', I: '1', L: '1' };

/** The code as stored and hashed: upper case, separators dropped, look-alikes mapped; null when it cannot be a code. */
export function normalizeAccessCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[OIL]/g, (c) => LOOKALIKES[c] ?? c);
  if (code.length !== ACCESS_CODE_LENGTH) return null;
  return [...code].every((c) => ACCESS_CODE_ALPHABET.includes(c)) ? code : null;
}

/** Groups of four for reading aloud and printing: `7K3M-…`. */
export function formatAccessCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** A code from random bytes (one byte per character; 256 is a multiple of 32, so every character is equally likely). */
export function accessCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < ACCESS_CODE_LENGTH) throw new Error(`an access code needs ${ACCESS_CODE_LENGTH} random bytes`);
  return [...bytes.slice(0, ACCESS_CODE_LENGTH)].map((b) => ACCESS_CODE_ALPHABET[b % 32]).join('');
}
