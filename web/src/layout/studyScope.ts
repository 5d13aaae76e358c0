import { createContext, useContext } from 'react';

/**
 * The study and location the signed-in user documents for: the selected location, or for roles without
 * a location choice their first location. Patient screens read the study id from here, so they need no
 * extra round trip: the shell's query already holds it.
 */
export type StudyScope = { studyId: string; locationId: string };

export const StudyScopeContext = createContext<StudyScope | null>(null);

/** Null when the user has no location at all (nothing to document). */
export function useStudyScope(): StudyScope | null {
  return useContext(StudyScopeContext);
}
