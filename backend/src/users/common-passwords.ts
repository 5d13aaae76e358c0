/**
 * Common passwords are refused (issue 15 item 6; BSI IT-Grundschutz ORP.4.A22, NIST SP 800-63B 5.1.1.2:
 * "passwords obtained from previous breach corpuses, dictionary words"), checked offline against zxcvbn-ts's
 * lists: the common passwords and the German dictionary. Two tests, since the rules of ecrf-core.md §5
 * (upper, lower, digit) are easy to meet with a common word:
 * - the password's core — without the digits and special characters around it, in lower case — is a common
 *   password or a common German word (`Passwort123!`, `Sommer2024!`);
 * - zxcvbn's estimate is below 2 ("too guessable": `Hallo123`, `Abc12345`).
 * Compound passwords like the demo `Demo-Passwort1` pass: their core is no listed word and zxcvbn rates them 3.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as german from '@zxcvbn-ts/language-de';

export const COMMON_PASSWORD_MESSAGE = 'Dieses Passwort ist zu verbreitet und leicht zu erraten. Bitte wählen Sie ein anderes.';

/** zxcvbn's scores run 0–4; below this the password is "too guessable". */
const MIN_SCORE = 2;

const estimator = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...german.dictionary },
  graphs: common.adjacencyGraphs,
});

const commonWords = new Set(
  [...common.dictionary['passwords-common'], ...german.dictionary.commonWords].map((word) => String(word).toLowerCase()),
);

function coreOf(password: string): string {
  return password.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toLowerCase();
}

/** The German message when the password is common, else null. */
export function commonPasswordError(password: string): string | null {
  if (commonWords.has(coreOf(password)) || commonWords.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  return estimator.check(password).score < MIN_SCORE ? COMMON_PASSWORD_MESSAGE : null;
}
