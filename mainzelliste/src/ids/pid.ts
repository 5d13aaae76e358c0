/**
 * Patient identifiers of type pid (mainzelliste-api.md §1 "ID generators": 8 characters over
 * 0123456789ACDEFGHJKLMNPQRTUVWXYZ). The alphabet leaves out B, I, O and S, which are read as 8, 1, 0
 * and 5. Own scheme (Mainzelliste's generator is not copied): 6 random symbols d1…d6 and two check
 * symbols, c1 = Σ d_i mod 32 and c2 = Σ i·d_i mod 32. c1 detects every single wrong symbol; c2 detects
 * every swap of two neighbours (it changes by ±(d_i − d_i+1) ≠ 0). 32^6 ≈ 1.07·10^9 random values make
 * collisions rare; the caller retries on one.
 */
import { randomInt } from 'node:crypto';

export const PID_ALPHABET = '0123456789ACDEFGHJKLMNPQRTUVWXYZ';
export const PID_LENGTH = 8;
const DATA_LENGTH = 6;

function checkSymbols(values: readonly number[]): [number, number] {
  let c1 = 0;
  let c2 = 0;
  values.forEach((value, i) => {
    c1 += value;
    c2 += (i + 1) * value;
  });
  return [c1 % 32, c2 % 32];
}

/** The pid for six symbol values in 0…31 (exposed for tests; use generatePid). */
export function pidFromValues(values: readonly number[]): string {
  if (values.length !== DATA_LENGTH || values.some((value) => !Number.isInteger(value) || value < 0 || value > 31)) {
    throw new Error('a pid needs six values in 0…31');
  }
  return [...values, ...checkSymbols(values)].map((value) => PID_ALPHABET.charAt(value)).join('');
}

export function generatePid(random: (max: number) => number = randomInt): string {
  return pidFromValues(Array.from({ length: DATA_LENGTH }, () => random(32)));
}

/** Whether a text is a well-formed pid with correct check symbols (case-insensitive). */
export function isValidPid(text: string): boolean {
  const upper = text.toUpperCase();
  if (upper.length !== PID_LENGTH) return false;
  const values = [...upper].map((symbol) => PID_ALPHABET.indexOf(symbol));
  if (values.some((value) => value < 0)) return false;
  const [c1, c2] = checkSymbols(values.slice(0, DATA_LENGTH));
  return values[DATA_LENGTH] === c1 && values[DATA_LENGTH + 1] === c2;
}
