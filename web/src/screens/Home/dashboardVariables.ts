/**
 * What the dashboard of /home asks for, by the study of the viewer's scope and their rights (issue 11):
 * the figures need a right to list patients, "Meine letzten Queries" the right to the own queries. Parts
 * the viewer may not read are left out of the query, so they never answer FORBIDDEN.
 */
import { hasAnyRight, hasRight } from '@ecrf/rules';

export type DashboardVariables = { studyId: string; withDashboard: boolean; withQueries: boolean };

export function dashboardVariables(studyId: string | null, rights: readonly string[] | null): DashboardVariables {
  const held = rights ?? [];
  return {
    // Unused while withDashboard is false; the variable is declared non-null.
    studyId: studyId ?? '',
    withDashboard: studyId !== null && hasAnyRight(held, ['StudyPatientGetMyCmd', 'StudyPatientGetAllCmd']),
    withQueries: hasRight(held, 'QueryGetMyCmd'),
  };
}

/** The loaded dashboard is the one wanted now (same study, same parts). */
export function sameDashboard(loaded: DashboardVariables, wanted: DashboardVariables): boolean {
  if (!loaded.withDashboard || !wanted.withDashboard) return loaded.withDashboard === wanted.withDashboard;
  return loaded.studyId === wanted.studyId && loaded.withQueries === wanted.withQueries;
}
