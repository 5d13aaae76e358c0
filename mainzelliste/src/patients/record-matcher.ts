/**
 * The configured record-linkage model (docs/mainzelliste.md "Matching"): the Fellegi–Sunter matcher,
 * trained on the stored identities when the service starts and kept current on every insert, edit and
 * delete, or the reference EpiLink matcher (MAINZELLISTE_MATCHER=epilink) with its fixed weights.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { MainzellisteConfig } from '../config/config.js';
import { defaultMatcherConfig } from '../matching/default-config.js';
import { createMatcher, type Matcher } from '../matching/epilink.js';
import { createFellegiSunterMatcher, trainModel } from '../matching/fellegi-sunter.js';
import type { MatchData } from '../matching/prepare.js';

export type RecordMatcher = Pick<Matcher, 'bestMatch'> & {
  /** Counts an identity in (+1) or out (−1) of what a learning model knows. */
  observe?: (data: MatchData, change: 1 | -1) => void;
};

export async function createRecordMatcher(
  db: Kysely<DB>,
  config: Pick<
    MainzellisteConfig,
    'matcher' | 'thresholdMatch' | 'thresholdNonMatch' | 'fellegiSunterThresholdMatch' | 'fellegiSunterThresholdNonMatch'
  >,
): Promise<RecordMatcher> {
  if (config.matcher === 'epilink') {
    return createMatcher(defaultMatcherConfig({ thresholdMatch: config.thresholdMatch, thresholdNonMatch: config.thresholdNonMatch }));
  }
  // Patients known by external ids alone have no IDAT to learn from.
  const rows = await db
    .selectFrom('patient')
    .select('match_data')
    .where(sql<boolean>`fields <> '{}'::jsonb`)
    .execute();
  return createFellegiSunterMatcher(trainModel(rows.map((row) => row.match_data)), {
    thresholdMatch: config.fellegiSunterThresholdMatch,
    thresholdNonMatch: config.fellegiSunterThresholdNonMatch,
  });
}
