/**
 * Blocking keys (mainzelliste-api.md §1 "Blocking": Mainzelliste scans every patient by default). Each
 * stored identity carries a few keys in indexed columns; a lookup reads only the union of the blocks its
 * own keys select, so it stays fast at 100,000 identities and more:
 *
 * - nameCodes: Kölner Phonetik of the first part of nachname and of geburtsname. The lookup asks with the
 *   codes of all three exchange-group names, so swapped first/last names and a surname changed at
 *   marriage (birth name kept) still meet their record.
 * - birthDate: yyyy-mm-dd; the lookup also asks for the day/month-swapped date.
 * - firstNameYear: code of the first first name + birth year, for a surname typo that changes its code.
 * - firstNameDayMonth: code of the first first name + birth day and month, for a surname typo together
 *   with a wrong birth year (issue 17). The lookup asks with every name code and the swapped day/month too.
 * - insurance: the KVNR, exact.
 *
 * Recall trade-off: a duplicate is missed only when every key differs at once, e.g. a surname typo that
 * changes its phonetic code together with a wrong birth date and a different first-name code or year.
 * docs/benchmarks.md measures how often that happens (blocking recall).
 */
import { compoundParts } from './decompose.js';
import { koelnerPhonetik } from './phonetic.js';
import type { MatchData, MatchValue } from './prepare.js';

export type BlockingKeys = {
  nachnameCode: string | null;
  geburtsnameCode: string | null;
  birthDate: string | null;
  firstNameYear: string | null;
  firstNameDayMonth: string | null;
  insurance: string | null;
};

/** What a lookup asks for: any stored identity with one of these keys is a candidate. */
export type BlockingQuery = {
  nameCodes: string[];
  birthDates: string[];
  firstNameYears: string[];
  firstNameDayMonths: string[];
  insurances: string[];
};

function firstPartCode(value: MatchValue | undefined): string | null {
  if (value === undefined || typeof value === 'string') return null;
  const first = compoundParts(value)[0];
  const code = first === undefined ? '' : koelnerPhonetik(first);
  return code === '' ? null : code;
}

function text(value: MatchValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** mm-dd of a date, or null; the year does not take part. */
function dayMonth(month: string, day: string): string | null {
  return isoDate('2000', month, day)?.slice(5) ?? null;
}

function isoDate(year: string, month: string, day: string): string | null {
  if (!/^\d+$/.test(year) || !/^\d+$/.test(month) || !/^\d+$/.test(day)) return null;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const withCode = (code: string, value: string | null): string | null => (value === null ? null : `${code}:${value}`);

export function blockingKeys(data: MatchData): BlockingKeys {
  const year = text(data.geburtsjahr);
  const firstCode = firstPartCode(data.vorname);
  return {
    nachnameCode: firstPartCode(data.nachname),
    geburtsnameCode: firstPartCode(data.geburtsname),
    birthDate: isoDate(year, text(data.geburtsmonat), text(data.geburtstag)),
    firstNameYear: firstCode !== null && year !== '' ? `${firstCode}:${year}` : null,
    firstNameDayMonth: firstCode === null ? null : withCode(firstCode, dayMonth(text(data.geburtsmonat), text(data.geburtstag))),
    insurance: text(data.versicherungsnummer) || null,
  };
}

const present = (values: (string | null)[]): string[] => [...new Set(values.filter((value): value is string => value !== null))];

export function blockingQuery(data: MatchData): BlockingQuery {
  const keys = blockingKeys(data);
  const year = text(data.geburtsjahr);
  const swapped = isoDate(year, text(data.geburtstag), text(data.geburtsmonat));
  const firstNameCode = firstPartCode(data.vorname);
  const nameCodes = present([keys.nachnameCode, keys.geburtsnameCode, firstNameCode]);
  return {
    nameCodes,
    birthDates: present([keys.birthDate, swapped]),
    // Swapped names: the stored first name may be the input's last name.
    firstNameYears: year === '' ? [] : nameCodes.map((code) => `${code}:${year}`),
    firstNameDayMonths: present(
      nameCodes.flatMap((code) => [
        withCode(code, dayMonth(text(data.geburtsmonat), text(data.geburtstag))),
        withCode(code, dayMonth(text(data.geburtstag), text(data.geburtsmonat))),
      ]),
    ),
    insurances: present([keys.insurance]),
  };
}
