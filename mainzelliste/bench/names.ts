/**
 * Name frequencies for the linkage benchmark, from public knowledge of German names (docs/benchmarks.md
 * "Record linkage"). Surnames: the 100 most common with their approximate counts of German telephone
 * directory entries (about 30 million entries in all), so Müller is borne by about 0.85 % of people and
 * the 100 together by about 13 %; the long tail is composed from syllables (population.ts). First names:
 * common names of the birth cohorts 1925–2015 with rough weights per 10,000 of their sex.
 */
export { COMMON_SURNAMES, DIRECTORY_ENTRIES, FIRST_NAMES_FEMALE, FIRST_NAMES_MALE } from '../src/matching/name-frequencies.js';

/** Syllables of the composed long tail: onset + vowel + coda, then an ending (Brunnhauer, Lindtner …). */
export const SURNAME_ONSETS = [
  'B',
  'Br',
  'D',
  'Dr',
  'F',
  'Fr',
  'G',
  'Gr',
  'H',
  'K',
  'Kl',
  'Kr',
  'L',
  'M',
  'N',
  'P',
  'R',
  'S',
  'Sch',
  'Schl',
  'Schw',
  'St',
  'Str',
  'T',
  'W',
  'Z',
];
export const SURNAME_VOWELS = ['a', 'e', 'i', 'o', 'u', 'ä', 'ö', 'ü', 'ei', 'au', 'ie', 'eu'];
export const SURNAME_CODAS = [
  'b',
  'ch',
  'ck',
  'd',
  'f',
  'g',
  'k',
  'l',
  'ld',
  'lm',
  'n',
  'nd',
  'ng',
  'nk',
  'r',
  'rg',
  'rn',
  's',
  'st',
  't',
  'tz',
];
export const SURNAME_ENDINGS = [
  '',
  'e',
  'er',
  'el',
  'mann',
  'ner',
  'ler',
  'inger',
  'hauer',
  'hofer',
  'berger',
  'meier',
  'bach',
  'feld',
  'kamp',
  'horst',
  'stedt',
  'hagen',
  'rath',
  'hardt',
  'ke',
  'sch',
  'ow',
  'itz',
];

/** Syllables of rare first names (the part of each sex not covered by the lists above). */
export const FIRST_NAME_SYLLABLES = [
  'Al',
  'Be',
  'Ca',
  'Da',
  'E',
  'Fe',
  'Gi',
  'Ha',
  'I',
  'Jo',
  'Ka',
  'Li',
  'Ma',
  'Ni',
  'O',
  'Ra',
  'Se',
  'Ti',
  'Va',
  'Wi',
];
export const FIRST_NAME_ENDINGS_FEMALE = ['na', 'ra', 'la', 'lia', 'nja', 'ke', 'rte', 'ne', 'ndra', 'ssa'];
export const FIRST_NAME_ENDINGS_MALE = ['n', 'rt', 'lf', 'rd', 'ko', 'mo', 'nz', 'lt', 'ns', 'rik'];
