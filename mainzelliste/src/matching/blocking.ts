/**
 * Blocking keys (mainzelliste-api.md §1 "Blocking": Mainzelliste scans every patient by default). Each
 * stored identity carries a few keys in indexed columns; a lookup reads only the union of the blocks its
 * own keys select, so it stays fast at 100,000 identities and more:
 *
 * - surnameYears: Kölner Phonetik of the first part of nachname and of geburtsname, each + birth year
 *   (a bare code would make blocks of 1,500 at 100,000 identities for Müller/Möller/Miller). The lookup
 *   asks with the codes of all three exchange-group names, so swapped first/last names and a surname
 *   changed at marriage (birth name kept) still meet their record.
 * - names: first-name code + surname code, for records without (or with a wholly wrong) birth date; the
 *   lookup asks with the names swapped and with the birth name as surname too.
 * - birthDate: yyyy-mm-dd; the lookup also asks for the day/month-swapped date.
 * - firstNameYear: code of the first first name + birth year, for a surname typo that changes its code.
 * - firstNameDayMonth / surnameDayMonth: code of the first name or the surname + birth day and month, for a
 *   typo in the other name together with a wrong birth year (issue 17). The lookup asks with every name
 *   code and the swapped day/month too.
 * - firstNameInitial / surnameInitial: code of one name + the initial of the other (issue 29), asked only by
 *   lookups without a birth date: there a typo that changes one name's code leaves no other key (a typo
 *   rarely hits the first letter). Lookups with a date do not ask them, so their blocks cost nothing there.
 * - insurance: the KVNR, exact.
 *
 * Recall trade-off: a duplicate is missed only when every key differs at once, e.g. a surname typo that
 * changes its phonetic code together with a wrong birth date and a different first-name code or year.
 * docs/benchmarks.md measures how often that happens (blocking recall).
 */
import { compoundParts } from './decompose.js';
import { koelnerPhonetik } from './phonetic.js';
import type { MatchData, MatchValue } from './prepare.js';

/** Raised when the keys' meaning changes; rows stored under an older version are re-keyed at start. */
export const BLOCKING_VERSION = 3;

export type BlockingKeys = {
  nachnameYear: string | null;
  geburtsnameYear: string | null;
  names: string | null;
  birthDate: string | null;
  firstNameYear: string | null;
  firstNameDayMonth: string | null;
  surnameDayMonth: string | null;
  firstNameInitial: string | null;
  surnameInitial: string | null;
  insurance: string | null;
};

/** What a lookup asks for: any stored identity with one of these keys is a candidate. */
export type BlockingQuery = {
  surnameYears: string[];
  names: string[];
  birthDates: string[];
  firstNameYears: string[];
  nameDayMonths: string[];
  nameInitials: string[];
  insurances: string[];
};

function firstPartCode(value: MatchValue | undefined): string | null {
  if (value === undefined || typeof value === 'string') return null;
  const first = compoundParts(value)[0];
  const code = first === undefined ? '' : koelnerPhonetik(first);
  return code === '' ? null : code;
}

/** The first letter of a name's first part, or null. */
function initial(value: MatchValue | undefined): string | null {
  if (value === undefined || typeof value === 'string') return null;
  return compoundParts(value)[0]?.charAt(0) || null;
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
const withYear = (code: string | null, year: string): string | null => (code === null || year === '' ? null : `${code}:${year}`);

export function blockingKeys(data: MatchData): BlockingKeys {
  const year = text(data.geburtsjahr);
  const firstCode = firstPartCode(data.vorname);
  const lastCode = firstPartCode(data.nachname);
  const monthDay = dayMonth(text(data.geburtsmonat), text(data.geburtstag));
  return {
    nachnameYear: withYear(lastCode, year),
    geburtsnameYear: withYear(firstPartCode(data.geburtsname), year),
    names: firstCode === null || lastCode === null ? null : `${firstCode}:${lastCode}`,
    birthDate: isoDate(year, text(data.geburtsmonat), text(data.geburtstag)),
    firstNameYear: withYear(firstCode, year),
    firstNameDayMonth: firstCode === null ? null : withCode(firstCode, monthDay),
    surnameDayMonth: lastCode === null ? null : withCode(lastCode, monthDay),
    firstNameInitial: firstCode === null ? null : withCode(firstCode, initial(data.nachname)),
    surnameInitial: lastCode === null ? null : withCode(lastCode, initial(data.vorname)),
    insurance: text(data.versicherungsnummer) || null,
  };
}

const present = (values: (string | null)[]): string[] => [...new Set(values.filter((value): value is string => value !== null))];

export function blockingQuery(data: MatchData): BlockingQuery {
  const keys = blockingKeys(data);
  const year = text(data.geburtsjahr);
  const swapped = isoDate(year, text(data.geburtstag), text(data.geburtsmonat));
  const [firstCode, lastCode, birthCode] = [firstPartCode(data.vorname), firstPartCode(data.nachname), firstPartCode(data.geburtsname)];
  const nameCodes = present([lastCode, birthCode, firstCode]);
  // Swapped names: the stored first name may be the input's last name, so every code is asked with the year.
  const yearKeys = year === '' ? [] : nameCodes.map((code) => `${code}:${year}`);
  const pair = (a: string | null, b: string | null): string | null => (a === null || b === null ? null : `${a}:${b}`);
  return {
    surnameYears: yearKeys,
    names: present([keys.names, pair(lastCode, firstCode), pair(firstCode, birthCode)]),
    birthDates: present([keys.birthDate, swapped]),
    firstNameYears: yearKeys,
    nameDayMonths: present(
      nameCodes.flatMap((code) => [
        withCode(code, dayMonth(text(data.geburtsmonat), text(data.geburtstag))),
        withCode(code, dayMonth(text(data.geburtstag), text(data.geburtsmonat))),
      ]),
    ),
    // Only without a birth date; the names asked as given, swapped, and with the birth name as surname.
    nameInitials:
      keys.birthDate !== null
        ? []
        : present([
            keys.firstNameInitial,
            keys.surnameInitial,
            firstCode === null ? null : withCode(firstCode, initial(data.geburtsname)),
            birthCode === null ? null : withCode(birthCode, initial(data.vorname)),
            lastCode === null ? null : withCode(lastCode, initial(data.vorname)),
            firstCode === null ? null : withCode(firstCode, initial(data.nachname)),
          ]),
    insurances: present([keys.insurance]),
  };
}
