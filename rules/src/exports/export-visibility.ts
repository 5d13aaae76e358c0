/**
 * Who sees an export job and its file (docs/backend.md "Exports"): the holder of the kind's files right, when
 * every location the file holds is one they may read. A file of every location needs the all-patients right
 * (locations null). The backend lists and serves files by it; the gateway authorises job events by it.
 */
import { hasRight, type HeldRights } from '../rights/has-right.js';
import type { RightName } from '../rights/rights-catalogue.js';

export type ExportViewer = {
  rights: HeldRights;
  /** The locations the viewer may read; null: every location. */
  locations: ReadonlySet<string> | null;
};

export type ExportJobFacts = {
  /** The right that shows files of the job's kind. */
  filesRight: RightName;
  /** The locations the file holds; null: every location. */
  locationIds: readonly string[] | null;
};

export function exportJobVisible(viewer: ExportViewer, job: ExportJobFacts): boolean {
  if (!hasRight(viewer.rights, job.filesRight)) return false;
  const readable = viewer.locations;
  if (readable === null) return true;
  return job.locationIds !== null && job.locationIds.every((id) => readable.has(id));
}
