/**
 * The default matcher configuration (mainzelliste-api.md §1 "Configuration", weight table): the eight
 * fields of Mainzelliste's default configuration with its frequencies and error rates, the exchange group
 * (vorname, nachname, geburtsname) and the thresholds 0.95 / 0.6.
 *
 * Registry extension: versicherungsnummer (the unchangeable KVNR part), compared exactly. Its frequency
 * 1e-6 (a number is shared by nobody else; the floor keeps the weight finite) and error rate 0.01 give
 * w = log2(0.99 / 1e-6) ≈ 19.9: a different number alone pulls an otherwise identical record (no birth name) to ≈ 0.73,
 * a possible match, which is what the eCRF reports as 'Versichertennummer und weitere Patientendaten
 * passen nicht zusammen.' (ecrf-calls.md §5). Empty or placeholder numbers do not take part.
 */
import type { MatcherConfig, MatchFieldSpec } from './epilink.js';
import type { Transform } from './prepare.js';

export const DEFAULT_THRESHOLD_MATCH = 0.95;
export const DEFAULT_THRESHOLD_NON_MATCH = 0.6;

export const DEFAULT_MATCH_FIELDS: readonly MatchFieldSpec[] = [
  { name: 'vorname', comparator: 'ngram', frequency: 0.000235, errorRate: 0.01 },
  { name: 'nachname', comparator: 'ngram', frequency: 0.0000271, errorRate: 0.008 },
  { name: 'geburtsname', comparator: 'ngram', frequency: 0.0000271, errorRate: 0.008 },
  { name: 'geburtstag', comparator: 'binary', frequency: 0.0333, errorRate: 0.005 },
  { name: 'geburtsmonat', comparator: 'binary', frequency: 0.0833, errorRate: 0.002 },
  { name: 'geburtsjahr', comparator: 'binary', frequency: 0.0286, errorRate: 0.004 },
  { name: 'plz', comparator: 'binary', frequency: 0.01, errorRate: 0.04 },
  { name: 'ort', comparator: 'ngram', frequency: 0.01, errorRate: 0.04 },
  { name: 'versicherungsnummer', comparator: 'binary', frequency: 0.000001, errorRate: 0.01 },
];

/** How each field is transformed before comparison (mainzelliste-api.md §1 "Transformers", "Field types"). */
export const DEFAULT_TRANSFORMS: Readonly<Record<string, Transform>> = {
  vorname: 'firstName',
  nachname: 'lastName',
  geburtsname: 'lastName',
  geburtstag: 'integer',
  geburtsmonat: 'integer',
  geburtsjahr: 'integer',
  plz: 'integer',
  ort: 'text',
  versicherungsnummer: 'exact',
};

export function defaultMatcherConfig(thresholds: Partial<Pick<MatcherConfig, 'thresholdMatch' | 'thresholdNonMatch'>> = {}): MatcherConfig {
  return {
    fields: DEFAULT_MATCH_FIELDS,
    exchangeGroups: [['vorname', 'nachname', 'geburtsname']],
    thresholdMatch: thresholds.thresholdMatch ?? DEFAULT_THRESHOLD_MATCH,
    thresholdNonMatch: thresholds.thresholdNonMatch ?? DEFAULT_THRESHOLD_NON_MATCH,
  };
}
