import { describe, expect, it } from 'vitest';
import { applyError, generateStored, germanPopulation } from '../../bench/generate.js';
import { matchDataOf } from '../patients/fields.js';
import { compare, compareBirthDates, compareNames, linkageRecord, type ComparisonVector } from './comparisons.js';
import { DEFAULT_TRANSFORMS } from './default-config.js';
import {
  corroborated,
  createFellegiSunterMatcher,
  estimateM,
  LOOKUP_PAIRS_ALONE,
  priorFrequency,
  REFERENCE_M,
  REFERENCE_U,
  trainModel,
  weightOf,
} from './fellegi-sunter.js';
import { jaroWinkler } from './jaro-winkler.js';
import { prepareMatchData, type MatchValue } from './prepare.js';
import { seededRandom } from './seeded-random.js';

const data = (fields: Record<string, string>) => prepareMatchData(fields, DEFAULT_TRANSFORMS);
const record = (fields: Record<string, string>) => linkageRecord(data(fields));
const person = { vorname: 'Peter', nachname: 'Müller', geburtstag: '12', geburtsmonat: '08', geburtsjahr: '1964' };
const date = (day: string, month: string, year: string) => ({ day, month, year });

describe('Jaro-Winkler', () => {
  it('gives the textbook figures', () => {
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('DWAYNE', 'DUANE')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('ABC', 'XYZ')).toBe(0);
    expect(jaroWinkler('SAME', 'SAME')).toBe(1);
  });
});

describe('comparisons', () => {
  const name = (text: string) => record({ vorname: text }).vorname;
  it('grades names: exact after folding, phonetic, close, similar, different', () => {
    expect(compareNames(name('Müller'), name('Mueller'))?.level).toBe(0);
    expect(compareNames(name('Meier'), name('Meyer'))?.level).toBe(1);
    expect(compareNames(name('Schmidt'), name('Schmitt'))?.level).toBe(1);
    expect(compareNames(name('Hoffmann'), name('Hoffmarn'))?.level).toBe(2);
    expect(compareNames(name('Anna-Lena'), name('Anna'))?.level).toBe(2);
    expect(compareNames(name('Müller'), name('Zwiebel'))?.level).toBe(4);
    expect(compareNames(name('Müller'), null)).toBeNull();
  });

  it('grades birth dates: exact, day and month swapped, one digit, one part, different', () => {
    expect(compareBirthDates(date('3', '7', '1950'), date('3', '7', '1950'))?.level).toBe(0);
    expect(compareBirthDates(date('3', '7', '1950'), date('7', '3', '1950'))?.level).toBe(1);
    expect(compareBirthDates(date('3', '7', '1950'), date('3', '7', '1958'))?.level).toBe(2);
    expect(compareBirthDates(date('13', '7', '1950'), date('23', '7', '1950'))?.level).toBe(2);
    expect(compareBirthDates(date('3', '7', '1950'), date('3', '7', '1972'))?.level).toBe(3);
    expect(compareBirthDates(date('3', '7', '1950'), date('9', '11', '1972'))?.level).toBe(4);
  });

  it('finds a surname changed at marriage through the birth name, and swapped names as a second arrangement', () => {
    const married = record({ ...person, nachname: 'Schulz', geburtsname: 'Müller' });
    expect(compare(married, record(person))[0]?.surname?.level).toBe(0);
    const swapped = compare(record({ ...person, vorname: 'Müller', nachname: 'Peter' }), record(person));
    expect(swapped).toHaveLength(2);
    expect(swapped[1]?.firstName?.level).toBe(0);
    expect(swapped[1]?.surname?.level).toBe(0);
  });
});

describe('Fellegi–Sunter model', () => {
  // Distinct spellings and sounds: letters from the number.
  const word = (i: number): string => `${[...String(i)].map((digit) => 'BDFGKLMNRT'.charAt(Number(digit))).join('a')}er`;
  const population = (n: number, surname: (i: number) => string) =>
    Array.from({ length: n }, (_, i) =>
      data({
        vorname: `Vorname${i % 50}`,
        nachname: surname(i),
        geburtstag: String((i % 28) + 1),
        geburtsmonat: String((i % 12) + 1),
        geburtsjahr: String(1930 + (i % 80)),
      }),
    );

  it('weighs agreement on a rare surname more than on a common one (u from value frequencies)', () => {
    const model = trainModel(population(2_000, (i) => (i % 2 === 0 ? 'Müller' : `Selten${word(i)}`)));
    const agree = (value: string): ComparisonVector => ({
      firstName: null,
      surname: { level: 0, value },
      birthDate: null,
      insurance: null,
      address: null,
    });
    expect(weightOf(model, agree(`SELTEN${word(1).toUpperCase()}`))).toBeGreaterThan(weightOf(model, agree('MUELLER')) + 5);
  });

  it('weighs a same-sounding name by how many stored names share its sound (issue 29)', () => {
    // A quarter of the store is named Anna (Kölner Phonetik 06): sounding like it (Haomo) says little; Jorte/Harte (072) is rare.
    const anna = data({ vorname: 'Anna' }).vorname as MatchValue;
    const model = trainModel(population(2_000, word).map((item, i) => (i % 4 === 0 ? { ...item, vorname: anna } : item)));
    const firstNames = (a: string, b: string) => compare(record({ vorname: a }), record({ vorname: b }))[0] as ComparisonVector;
    expect(firstNames('Haomo', 'Anna').firstName?.level).toBe(1);
    expect(firstNames('Jorte', 'Harte').firstName?.level).toBe(1);
    expect(weightOf(model, firstNames('Haomo', 'Anna'))).toBeLessThan(weightOf(model, firstNames('Jorte', 'Harte')) - 5);
  });

  it('uses the reference m while the data are small, and keeps the value counts current', () => {
    const matcher = createFellegiSunterMatcher(trainModel(population(10, (i) => `Name${i}`)), {
      thresholdMatch: 0.99,
      thresholdNonMatch: 0.2,
    });
    expect(matcher.model.learnedM).toBe(false);
    expect(matcher.model.u).toBe(REFERENCE_U);
    matcher.observe(data(person), 1);
    expect(matcher.model.total).toBe(11);
    expect(matcher.model.counts.surname.get('MUELLER')).toBe(1);
    matcher.observe(data(person), -1);
    expect(matcher.model.counts.surname.has('MUELLER')).toBe(false);
  });

  it('estimates m by EM when the pairs hold a match class, and refuses when they do not', () => {
    const vector = (first: number, surname: number, birth: number): ComparisonVector => ({
      firstName: { level: first, value: null },
      surname: { level: surname, value: null },
      birthDate: { level: birth, value: null },
      insurance: null,
      address: null,
    });
    const u = {
      ...REFERENCE_U,
      firstName: [0.02, 0.02, 0.02, 0.04, 0.9],
      surname: [0.01, 0.01, 0.02, 0.06, 0.9],
      birthDate: [0.01, 0.01, 0.02, 0.06, 0.9],
    };
    const matches = Array.from({ length: 200 }, (_, i) => vector(i % 10 === 0 ? 2 : 0, i % 7 === 0 ? 1 : 0, i % 9 === 0 ? 3 : 0));
    const others = Array.from({ length: 5_000 }, (_, i) => vector(i % 50 === 0 ? 0 : 4, i % 100 === 7 ? 0 : 4, i % 16 === 3 ? 3 : 4));
    const chance = { ...trainModel([]), u };
    const m = estimateM([...matches, ...others], chance);
    // The pairs agree exactly more often than the prior says: the estimate moves towards them.
    expect(m?.firstName?.[0]).toBeGreaterThan(REFERENCE_M.firstName[0] ?? 1);
    expect(m?.surname?.[0]).toBeGreaterThan(REFERENCE_M.surname[0] ?? 1);
    expect(estimateM([...matches, ...others], chance, 'surname')?.surname).toBeNull();
    expect(estimateM(others, chance)).toBeNull();
  });

  it('weighs each pair in EM at the chance of its agreed value, so namesakes sharing a common surname are not taken for one person (issue 29)', () => {
    const agreement = (level: number, value: string | null = null) => ({ level, value });
    // Returning people: both names exact (rare names), born the same day (the blocking key, held out).
    const people = Array.from({ length: 400 }, (_, i) => ({
      firstName: agreement(i % 10 === 0 ? 1 : 0, i % 10 === 0 ? '~0815' : 'QUIRIN'),
      surname: agreement(0, 'QUANDTBERGER'),
      birthDate: agreement(0, '1964-08-12'),
      insurance: null,
      address: null,
    }));
    // Different people born the same day who share the most common surname (as often as chance gives: 0.85 % of the
    // pairs), first names wholly different.
    const muellers = Array.from({ length: 100 }, () => ({
      firstName: agreement(4),
      surname: agreement(0, 'MUELLER'),
      birthDate: agreement(0, '1964-08-12'),
      insurance: null,
      address: null,
    }));
    const strangers = Array.from({ length: 11_500 }, () => ({
      firstName: agreement(4),
      surname: agreement(4),
      birthDate: agreement(0, '1964-08-12'),
      insurance: null,
      address: null,
    }));
    // The levels' average u of an exact surname agreement is far below MÜLLER's frequency (0.85 %).
    const u = { ...REFERENCE_U, surname: [0.0005, 0.003, 0.002, 0.03, 0.9645] };
    const m = estimateM([...people, ...muellers, ...strangers], { ...trainModel([]), u }, 'birthDate');
    expect(m?.firstName?.[4]).toBeLessThan(2 * (REFERENCE_M.firstName[4] ?? 0));
  });

  it('learns m from the lookups alone once they hold enough pairs: the stored duplicates are the ones the lookups missed (issue 29)', () => {
    const random = seededRandom(7);
    const population = germanPopulation(random);
    const people = generateStored(random, population, 2_000, 0).stored;
    // The store holds what a linking registry keeps: returning people it did not find, here all with a first-name typo.
    const stored = [...people, ...people.slice(0, 600).map((fields) => applyError(random, population, fields, 'typoFirstName'))].map(
      (fields) => matchDataOf(fields),
    );
    // The lookups born the same day as their candidate: returning people with both names exact, and strangers.
    const agreement = (level: number, u: number) => ({ level, value: null, u });
    const lookups = (size: number): ComparisonVector[] =>
      Array.from({ length: size }, (_, i) => ({
        firstName: i % 20 === 0 ? agreement(0, 0.0001) : { level: 4, value: null },
        surname: i % 20 === 0 ? agreement(0, 0.0001) : { level: 4, value: null },
        birthDate: agreement(0, 0.00003),
        insurance: null,
        address: null,
      }));
    const typo = (model: ReturnType<typeof trainModel>): number => (model.m.firstName[2] ?? 0) + (model.m.firstName[3] ?? 0);
    const reference = (REFERENCE_M.firstName[2] ?? 0) + (REFERENCE_M.firstName[3] ?? 0);
    expect(typo(trainModel(stored, [], lookups(LOOKUP_PAIRS_ALONE - 1)))).toBeGreaterThan(reference);
    expect(typo(trainModel(stored, [], lookups(LOOKUP_PAIRS_ALONE)))).toBeLessThan(reference);
  });

  it('finds the person despite one error, and stays below definite when two stored people fit equally', () => {
    const stored = population(3_000, word);
    const matcher = createFellegiSunterMatcher(trainModel([...stored, data(person)]), { thresholdMatch: 0.99, thresholdNonMatch: 0.2 });
    const candidates = [...stored.slice(0, 20), data(person)].map((item, key) => ({ key, data: item }));
    const typo = matcher.bestMatch(data({ ...person, nachname: 'Müllar' }), candidates);
    expect(typo).toMatchObject({ best: 20 });
    expect(typo.score).toBeGreaterThan(0.2);
    expect(matcher.bestMatch(data({ ...person, geburtstag: '08', geburtsmonat: '12' }), candidates)).toMatchObject({
      type: 'MATCH',
      best: 20,
    });
    const twins = [data(person), data(person)].map((item, key) => ({ key, data: item }));
    expect(matcher.bestMatch(data(person), twins).type).toBe('POSSIBLE_MATCH');
  });
});

describe('the verdicts the registry relies on', () => {
  const stored = { ...person, nachname: 'Quandtberger', plz: '45127', ort: 'Essen', versicherungsnummer: 'A123456780' };
  // A registry of one: the prior counts the identities really stored (issue 29).
  const matcher = createFellegiSunterMatcher(trainModel([data(stored)]), { thresholdMatch: 0.98, thresholdNonMatch: 0.2 });
  const verdict = (fields: Record<string, string>) => matcher.bestMatch(data(fields), [{ key: 'stored', data: data(stored) }]).type;
  const relative = { ...stored, vorname: 'Konrad', geburtstag: '3', geburtsmonat: '11', geburtsjahr: '1975' };

  it('never takes the insurance number alone for the same person: another person sharing it is a possible match', () => {
    expect(verdict(relative)).toBe('POSSIBLE_MATCH');
    expect(verdict(stored)).toBe('MATCH');
  });

  it('needs two identifying fields for a definite match, even in a registry of one', () => {
    // Surname and address alike, first name and birth date different: a relative, never the same person for sure.
    expect(verdict({ ...relative, versicherungsnummer: '' })).not.toBe('MATCH');
    expect(corroborated(compare(record(stored), record({ ...relative, versicherungsnummer: '' }))[0] as ComparisonVector)).toBe(false);
    // Names that only sound alike (Kölner Phonetik) do not count: Hans Meicher is not Jonas Muger born the same day.
    const hans = { vorname: 'Hans', nachname: 'Meicher', geburtstag: '23', geburtsmonat: '03', geburtsjahr: '1946' };
    const [straight] = compare(record(hans), record({ ...hans, vorname: 'Jonas', nachname: 'Muger' }));
    expect([straight?.firstName?.level, straight?.surname?.level, straight?.birthDate?.level]).toEqual([1, 1, 0]);
    expect(corroborated(straight as ComparisonVector)).toBe(false);
    // One typo, or one wrong date part, keeps two fields agreeing: definite from the first record on.
    expect(verdict({ ...stored, nachname: 'Quandtbreger', versicherungsnummer: '' })).toBe('MATCH');
    expect(verdict({ ...stored, geburtsjahr: '1946', versicherungsnummer: '' })).toBe('MATCH');
  });

  it("weighs a surname agreeing only with the other side's birth name less, and never lets it sound alike for a definite", () => {
    const ira = { vorname: 'Ira', nachname: 'Schmidt', geburtstag: '24', geburtsmonat: '11', geburtsjahr: '1977' };
    const married = { ...ira, nachname: 'Stranhofer', geburtsname: 'Schmidt' };
    const [throughBirthName] = compare(record(ira), record(married));
    expect(throughBirthName?.surname).toMatchObject({ level: 0, birthName: true });
    const [direct] = compare(record(ira), record(ira));
    const model = trainModel([data(married), data(ira)]);
    expect(weightOf(model, { ...(direct as ComparisonVector), surname: throughBirthName?.surname ?? null })).toBeCloseTo(
      weightOf(model, direct as ComparisonVector) + Math.log2(0.4),
      6,
    );
    // Sounding like the birth name (Schmitt/Schmidt) beside an exact first name is no second identifying field.
    const [sounding] = compare(record({ ...ira, nachname: 'Schmitt' }), record(married));
    expect(sounding?.surname).toMatchObject({ level: 1, birthName: true });
    expect(corroborated({ ...(sounding as ComparisonVector), birthDate: { level: 2, value: null } })).toBe(false);
    expect(
      corroborated({ ...(sounding as ComparisonVector), surname: { level: 1, value: null }, birthDate: { level: 2, value: null } }),
    ).toBe(true);
  });

  it('with a field missing on either side, needs both others exact for a definite match', () => {
    const agreement = (level: number) => ({ level, value: null });
    const vector = (firstName: number, surname: number): ComparisonVector => ({
      firstName: agreement(firstName),
      surname: agreement(surname),
      birthDate: null,
      insurance: null,
      address: null,
    });
    expect(corroborated(vector(0, 0))).toBe(true);
    // Julia Berger stored without a birth date is not Eilia Berger (the same Kölner Phonetik).
    expect(corroborated(vector(1, 0))).toBe(false);
  });

  it('compares a single name with either name of the other side, as a possible match only', () => {
    const ralf = { ...stored, vorname: 'Ralf', versicherungsnummer: '' };
    const single = { nachname: 'Ralf', geburtstag: ralf.geburtstag, geburtsmonat: ralf.geburtsmonat, geburtsjahr: ralf.geburtsjahr };
    const arrangements = compare(record(single), record(ralf));
    expect(arrangements).toHaveLength(2);
    expect(arrangements[1]?.firstName?.level).toBe(0);
    const alone = createFellegiSunterMatcher(trainModel([data(ralf)]), { thresholdMatch: 0.98, thresholdNonMatch: 0.2 });
    const result = alone.bestMatch(data(single), [{ key: 'stored', data: data(ralf) }]);
    expect(result.type).toBe('POSSIBLE_MATCH');
    expect(result.score).toBeLessThan(0.98);
    // Taken for the other field's name and born in another year: two guesses, no lead (issue 29).
    const otherYear = { ...single, geburtsjahr: String(Number(ralf.geburtsjahr) + 3) };
    expect(alone.bestMatch(data(otherYear), [{ key: 'stored', data: data(ralf) }])).toMatchObject({ type: 'NON_MATCH', best: null });
  });

  it('reports a score below definite for a pair it keeps from being definite, so a caller judging by score agrees', () => {
    // Both names exact, the whole birth date different: strong evidence, not corroborated.
    const namesake = { ...stored, geburtstag: '28', geburtsmonat: '08', geburtsjahr: '1971', versicherungsnummer: '' };
    const result = matcher.bestMatch(data(namesake), [{ key: 'stored', data: data(stored) }]);
    expect(result.type).toBe('POSSIBLE_MATCH');
    expect(result.score).toBeLessThan(0.98);
    expect(result.score).toBeGreaterThan(0.9);
    expect(
      matcher.bestMatch(data({ ...stored, versicherungsnummer: '' }), [{ key: 'stored', data: data(stored) }]).score,
    ).toBeGreaterThanOrEqual(0.98);
  });

  it('weighs agreeing on a common name less than on a rare one before any identity is stored', () => {
    const empty = trainModel([]);
    const surnameOnly = (name: string): ComparisonVector =>
      compare(record({ nachname: name }), record({ nachname: name }))[0] as ComparisonVector;
    expect(priorFrequency('surname', 'MUELLER')).toBeCloseTo(256_000 / 30_000_000, 6);
    expect(weightOf(empty, surnameOnly('Müller'))).toBeLessThan(weightOf(empty, surnameOnly('Quandtberger')) - 8);
  });
});
