import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Random lower-case letters, for the names of people a browser test registers: the pseudonymisation service keeps
 * every registered person, so a person of this run must not resemble one of an earlier run.
 */
export const randomLetters = (length: number): string => Array.from({ length }, () => LETTERS.charAt(randomInt(26))).join('');
