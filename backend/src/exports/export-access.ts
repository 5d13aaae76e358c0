/**
 * The viewer of export files: their rights and readable locations, for the rules' exportJobVisible. A file's
 * locations are fixed when its job starts: the starter's readable locations (docs/backend.md "Exports").
 */
import { exportJobVisible as visibleByRules, hasRight, type ExportViewer } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { EXPORT_KINDS, type ExportKind } from './export-kinds.js';

export const ALL_PATIENTS_RIGHT = 'StudyPatientGetAllCmd';

/** null: every location; else the locations the user may read. */
export async function readableLocations(db: Kysely<DB>, user: CurrentUser): Promise<string[] | null> {
  return hasRight(user.rights, ALL_PATIENTS_RIGHT) ? null : callerLocationIds(db, user);
}

export async function exportViewerOf(db: Kysely<DB>, user: CurrentUser): Promise<ExportViewer> {
  const locations = await readableLocations(db, user);
  return { rights: user.rights, locations: locations === null ? null : new Set(locations) };
}

export function exportJobVisible(viewer: ExportViewer, job: { kind: string; location_ids: string[] | null }): boolean {
  const kind = EXPORT_KINDS[job.kind as ExportKind];
  return kind !== undefined && visibleByRules(viewer, { filesRight: kind.files, locationIds: job.location_ids });
}

/** The kinds whose files the viewer may list. */
export const kindsWithFilesRight = (rights: ReadonlySet<string>): ExportKind[] =>
  (Object.keys(EXPORT_KINDS) as ExportKind[]).filter((kind) => hasRight(rights, EXPORT_KINDS[kind].files));
