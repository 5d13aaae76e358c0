/**
 * Screen logic of the safety review: the day reports start from, the configuration's field lists as the text the
 * editor shows (one field per line), and the user errors of a save by list.
 */
import { registryToday } from '@ecrf/rules';
import { dateText } from '../patients/dates';

/** Reports start a week back by default: the review runs weekly (ecrf-calls.md §9 screening from the current day). */
export function defaultFromDate(now: Date): string {
  const day = registryToday(now);
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date - 7)).toISOString().slice(0, 10);
}

export const SCREENING_LISTS = ['studyPatientFields', 'visitFields', 'instrumentFields'] as const;
export type ScreeningList = (typeof SCREENING_LISTS)[number];

/** The editor's text → the names it holds: one per line, blanks dropped. */
export function fieldListFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function fieldListText(names: readonly string[]): string {
  return names.join('\n');
}

export type PathError = { message: string; path: readonly string[] | null };

/** Messages of a save per list (the error's path starts with the list's input name); others under `general`. */
export function errorsByList(errors: readonly PathError[]): Record<ScreeningList | 'general', string[]> {
  const result: Record<ScreeningList | 'general', string[]> = {
    studyPatientFields: [],
    visitFields: [],
    instrumentFields: [],
    general: [],
  };
  for (const error of errors) {
    const list = SCREENING_LISTS.find((name) => name === error.path?.[0]);
    result[list ?? 'general'].push(error.message);
  }
  return result;
}

/** A value of the screening report as users read it: dates (yyyy-MM-dd, also partial) as dd.MM.yyyy, nothing as a dash. */
export function screeningValueText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return /^\d{4}-(\d{2}|XX|UK)-(\d{2}|XX|UK)$/.test(value) ? dateText(value) : value;
}
