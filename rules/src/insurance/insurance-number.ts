/**
 * Insurance numbers (ecrf-calls.md §5, §9).
 *
 * Statutory (GKV, the German Krankenversichertennummer, KVNR): one uppercase letter and 9 digits. The
 * letter counts as its alphabet position written with two digits (A = 01 ... Z = 26); together with the
 * first 8 digits that gives 10 digits, weighted alternately 1, 2, 1, 2, ...; a two-digit product is
 * replaced by its digit sum; the total mod 10 must equal the last digit. Example: A123456780 is valid.
 * The placeholder numbers are accepted unless the insurance status says the number is known (GKV).
 *
 * Private: 1 to 15 characters and not a placeholder.
 */
import { validatorMessages } from '../validators/messages.js';

export const INSURANCE_PLACEHOLDERS: readonly string[] = ['970000011', '970001001', '970100001', '970000022', '970000099'];

/** The insurance status under which a placeholder is not accepted. */
export const INSURANCE_STATUS_KNOWN_GKV = 'KV-Nummer bekannt (GKV)';

export const PRIVATE_INSURANCE_NUMBER_MAX_LENGTH = 15;

/** The check digit the KVNR scheme gives for a letter and the 8 digits after it. */
export function kvnrCheckDigit(letter: string, eightDigits: string): number {
  const position = letter.charCodeAt(0) - 'A'.charCodeAt(0) + 1;
  const digits = [...String(position).padStart(2, '0'), ...eightDigits].map(Number);
  const sum = digits.reduce((total, digit, i) => {
    const product = digit * (i % 2 === 0 ? 1 : 2);
    return total + (product > 9 ? Math.floor(product / 10) + (product % 10) : product);
  }, 0);
  return sum % 10;
}

/** Whether a text is a well-formed KVNR with a correct check digit. */
export function isValidKvnr(value: string): boolean {
  const match = /^([A-Z])(\d{8})(\d)$/.exec(value);
  if (!match || match[1] === undefined || match[2] === undefined) return false;
  return kvnrCheckDigit(match[1], match[2]) === Number(match[3]);
}

/** Validates a statutory insurance number; returns 'Ungültige KVNr.' or null. */
export function validateStatutoryInsuranceNumber(value: string | null | undefined, insuranceStatus?: string | null): string | null {
  const text = (value ?? '').trim();
  if (INSURANCE_PLACEHOLDERS.includes(text)) {
    return insuranceStatus === INSURANCE_STATUS_KNOWN_GKV ? validatorMessages.insuranceNumber : null;
  }
  return isValidKvnr(text) ? null : validatorMessages.insuranceNumber;
}

/** Validates a private insurance number; returns 'Ungültige KVNr.' or null. */
export function validatePrivateInsuranceNumber(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  const length = [...text].length;
  const valid = length >= 1 && length <= PRIVATE_INSURANCE_NUMBER_MAX_LENGTH && !INSURANCE_PLACEHOLDERS.includes(text);
  return valid ? null : validatorMessages.insuranceNumber;
}
