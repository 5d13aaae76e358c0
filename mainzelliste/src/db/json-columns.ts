/**
 * Shapes of jsonb columns that have no other home (the matcher's MatchData lives with the matcher):
 * scripts/table-types.mjs declares a shape for each jsonb column, and the generated table types import it.
 */

/** A pseudonym: an id of one id type (pid, intid) of a patient (mainzelliste-api.md §1). */
export type Pseudonym = { idType: string; idString: string };
