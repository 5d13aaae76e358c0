/**
 * Who sees which export job and file: the kind's files right, and every location the file holds must be one
 * the viewer may read (a file of all locations needs the all-patients right). The file's locations are fixed
 * when it starts: the starter's readable locations (docs/backend.md "Exports").
 */
import { hasRight } from '@ecrf/rules';
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

export type ExportViewer = { rights: ReadonlySet<string>; locations: ReadonlySet<string> | null };

export async function exportViewerOf(db: Kysely<DB>, user: CurrentUser): Promise<ExportViewer> {
  const locations = await readableLocations(db, user);
  return { rights: user.rights, locations: locations === null ? null : new Set(locations) };
}

/** Whether the viewer may see a job of the kind whose file holds these locations. */
export function exportJobVisible(viewer: ExportViewer, job: { kind: string; location_ids: string[] | null }): boolean {
  const kind = EXPORT_KINDS[job.kind as ExportKind];
  if (!kind || !hasRight(viewer.rights, kind.files)) return false;
  if (viewer.locations === null) return true;
  const readable = viewer.locations;
  return job.location_ids !== null && job.location_ids.every((id) => readable.has(id));
}

/** The kinds whose files the viewer may list. */
export const kindsWithFilesRight = (rights: ReadonlySet<string>): ExportKind[] =>
  (Object.keys(EXPORT_KINDS) as ExportKind[]).filter((kind) => hasRight(rights, EXPORT_KINDS[kind].files));
