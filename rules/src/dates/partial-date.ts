/**
 * Partial dates (ecrf-core.md §3, §9; ecrf-calls.md §5): year, month and day, each either known or a
 * placeholder (`XXXX`/`XX`: not given, `UK`: unknown), or the whole date `ongoing` or `unknown`.
 * Storage is yyyy-MM-dd, display dd.MM.yyyy. Comparison is neutral when a part it needs is not known.
 * Pure: "today" is always passed in.
 */

/** `X`: placeholder XX / XXXX (not given); `UK`: explicitly unknown. */
export type UnknownPart = 'X' | 'UK';
export type DatePart = number | UnknownPart;

export type PartialDate = { kind: 'date'; year: DatePart; month: DatePart; day: DatePart } | { kind: 'ongoing' } | { kind: 'unknown' };

export type DateComparison = 'before' | 'after' | 'same' | 'neutral';

export const ONGOING = 'ongoing';
export const UNKNOWN = 'unknown';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month; with an unknown year February may have 29. */
export function daysInMonth(month: number, year: DatePart = 'X'): number {
  if (month === 2) return typeof year === 'number' && !isLeapYear(year) ? 28 : 29;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parsePart(text: string, digits: number): DatePart | null {
  if (text === 'UK') return 'UK';
  if (text === 'X'.repeat(digits)) return 'X';
  return new RegExp(`^\\d{${digits}}$`).test(text) ? Number(text) : null;
}

/** A date is valid when known parts are in range and no known part is finer than an unknown one. */
function validDate(year: DatePart, month: DatePart, day: DatePart): PartialDate | null {
  if (typeof year === 'number' && (year < 1 || year > 9999)) return null;
  if (typeof month === 'number' && (month < 1 || month > 12 || typeof year !== 'number')) return null;
  if (typeof day === 'number' && (typeof month !== 'number' || day < 1 || day > daysInMonth(month, year))) return null;
  return { kind: 'date', year, month, day };
}

const STORAGE = /^(\d{4}|XXXX|UK)-(\d{2}|XX|UK)-(\d{2}|XX|UK)(?:T.*)?$/;
const DISPLAY = /^(\d{2}|XX|UK)\.(\d{2}|XX|UK)\.(\d{4}|XXXX|UK)(?: .*)?$/;

/** Parses storage (yyyy-MM-dd, an ISO date-time is cut to its date) or display (dd.MM.yyyy) form; null when invalid. */
export function parsePartialDate(text: string | null | undefined): PartialDate | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === ONGOING) return { kind: 'ongoing' };
  if (trimmed === UNKNOWN) return { kind: 'unknown' };
  const storage = STORAGE.exec(trimmed);
  const display = storage ? null : DISPLAY.exec(trimmed);
  const [y, m, d] = storage ? [storage[1], storage[2], storage[3]] : display ? [display[3], display[2], display[1]] : [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const year = parsePart(y, 4);
  const month = parsePart(m, 2);
  const day = parsePart(d, 2);
  if (year === null || month === null || day === null) return null;
  return validDate(year, month, day);
}

function formatPart(part: DatePart, digits: number): string {
  if (part === 'UK') return 'UK';
  if (part === 'X') return 'X'.repeat(digits);
  return String(part).padStart(digits, '0');
}

/** yyyy-MM-dd with placeholders, or `ongoing` / `unknown`. */
export function formatStorageDate(date: PartialDate): string {
  if (date.kind !== 'date') return date.kind;
  return `${formatPart(date.year, 4)}-${formatPart(date.month, 2)}-${formatPart(date.day, 2)}`;
}

/** dd.MM.yyyy with placeholders (German display, ecrf-core.md §9), or `ongoing` / `unknown`. */
export function formatDisplayDate(date: PartialDate): string {
  if (date.kind !== 'date') return date.kind;
  return `${formatPart(date.day, 2)}.${formatPart(date.month, 2)}.${formatPart(date.year, 4)}`;
}

/** True when year, month and day are all known. */
export function isCompleteDate(date: PartialDate): date is { kind: 'date'; year: number; month: number; day: number } {
  return date.kind === 'date' && typeof date.year === 'number' && typeof date.month === 'number' && typeof date.day === 'number';
}

/**
 * Compares a with b part by part. A part is needed only while the coarser parts are equal; when a needed
 * part is unknown (XX, XXXX, UK) or either date is ongoing/unknown the result is neutral (ecrf-calls.md §5).
 */
export function comparePartialDates(a: PartialDate, b: PartialDate): DateComparison {
  if (a.kind !== 'date' || b.kind !== 'date') return 'neutral';
  for (const key of ['year', 'month', 'day'] as const) {
    const x = a[key];
    const y = b[key];
    if (typeof x !== 'number' || typeof y !== 'number') return 'neutral';
    if (x < y) return 'before';
    if (x > y) return 'after';
  }
  return 'same';
}

/** Compares two date texts; neutral when either does not parse. */
export function compareDateTexts(a: string | null | undefined, b: string | null | undefined): DateComparison {
  const x = parsePartialDate(a);
  const y = parsePartialDate(b);
  return x && y ? comparePartialDates(x, y) : 'neutral';
}

/**
 * Adds whole years (follow-up eligibility: baseline + 2 years, ecrf-core.md §9). 29 February becomes
 * 28 February in a non-leap target year. Dates without a known year are returned unchanged.
 */
export function addYears(date: PartialDate, years: number): PartialDate {
  if (date.kind !== 'date' || typeof date.year !== 'number') return date;
  const year = date.year + years;
  const day = date.month === 2 && date.day === 29 && !isLeapYear(year) ? 28 : date.day;
  return { ...date, year, day };
}

/** Whether `today` has reached `date` (same day or later); false when the comparison is neutral. */
export function hasReached(date: PartialDate, today: PartialDate): boolean {
  const result = comparePartialDates(today, date);
  return result === 'after' || result === 'same';
}
