/**
 * OncoBox imports (ecrf-calls.md §7 "Onkozert"): a location's DKG data sheet key figures, uploaded as CSV,
 * checked as a whole and row by row; the accepted rows, the file and the report are stored with the import
 * record and its audit row in one transaction. Imports are seen at the caller's locations only (readableLocationIds).
 */
import { createHash } from 'node:crypto';
import { hasAnyRight, registryToday, validateKeyFigureRows } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { audit } from '../audit/audit.service.js';
import { EcrfError, notFound } from '../errors/errors.js';
import type { CurrentUser } from '../http/route-access.js';
import { callerLocationIds } from '../institutes/institutes.sql.js';
import { readKeyFigureFile } from './onkozert-file.js';
import { IMPORT_MESSAGES } from '../errors/messages.js';
import type { OnkozertImportDto } from './onkozert.schemas.js';
import { findImportFile, findImports, findLocations, insertImport, insertKeyFigures, type ImportRow } from './onkozert.sql.js';

/**
 * The locations whose imports the caller sees and imports for: every one with the all-patients right or the right
 * to list every location (the certification office administers all locations without being assigned to them;
 * key figures are counts, no patient data), else the assigned ones.
 */
export async function readableLocationIds(db: Kysely<DB>, caller: CurrentUser): Promise<string[] | null> {
  return hasAnyRight(caller.rights, ['StudyPatientGetAllCmd', 'StudyInstituteGetAllCmd']) ? null : callerLocationIds(db, caller);
}

function toDto(row: ImportRow): OnkozertImportDto {
  return {
    id: row.id,
    studyInstituteId: row.study_institute_id,
    instituteIdentifier: row.institute_identifier,
    instituteName: row.institute_name,
    importedAt: row.imported_at.toISOString(),
    importedBy: row.imported_by,
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    accepted: row.accepted_rows,
    rejectedRows: row.rejected_rows,
    rejected: row.rejected,
    years: [...(row.years ?? [])].sort((a, b) => a - b),
  };
}

export async function listImports(db: Kysely<DB>, caller: CurrentUser, studyInstituteId?: string): Promise<OnkozertImportDto[]> {
  const readable = await readableLocationIds(db, caller);
  const locationIds = studyInstituteId ? (readable === null || readable.includes(studyInstituteId) ? [studyInstituteId] : []) : readable;
  return (await findImports(db, { locationIds })).map(toDto);
}

/** The locations the caller may import key figures for (the same ones whose imports they see). */
export async function importLocations(db: Kysely<DB>, caller: CurrentUser) {
  return findLocations(db, await readableLocationIds(db, caller));
}

export type UploadedFile = { studyInstituteId: string; fileName: string; contentType: string; content: Buffer };

export async function importKeyFigures(db: Kysely<DB>, caller: CurrentUser, now: Date, file: UploadedFile): Promise<OnkozertImportDto> {
  const readable = await readableLocationIds(db, caller);
  const location = await db
    .selectFrom('study_institute')
    .select('id')
    .where('id', '=', file.studyInstituteId)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
  if (!location || (readable !== null && !readable.includes(location.id)))
    throw new EcrfError('ECRF_ERR_FORBIDDEN', IMPORT_MESSAGES.location);

  const rows = readKeyFigureFile(file.fileName, file.content);
  const { accepted, rejected } = validateKeyFigureRows(rows, Number(registryToday(now).slice(0, 4)));
  const rejectedRows = new Set(rejected.map((p) => p.row)).size;
  const sha256 = createHash('sha256').update(file.content).digest('hex');

  const id = await db.transaction().execute(async (trx) => {
    const importId = await insertImport(trx, {
      study_institute_id: location.id,
      imported_at: now,
      imported_by_id: caller.id,
      imported_by: caller.userName,
      file_name: file.fileName,
      content_type: file.contentType,
      size_bytes: file.content.length,
      sha256,
      content: file.content,
      accepted_rows: accepted.length,
      rejected_rows: rejectedRows,
      rejected: JSON.stringify(rejected),
    });
    await insertKeyFigures(trx, importId, location.id, accepted);
    await audit(trx, {
      actor: { userId: caller.id, userName: caller.userName },
      tableName: 'onkozert_import',
      recordId: importId,
      operation: 'Create',
      oldValue: null,
      newValue: {
        studyInstituteId: location.id,
        fileName: file.fileName,
        sizeBytes: file.content.length,
        sha256,
        accepted: accepted.length,
        rejectedRows,
        keyFigures: accepted.map((f) => `${f.year}/${f.keyFigure}`),
      },
    });
    return importId;
  });
  const [stored] = await findImports(db, { locationIds: null, id });
  if (!stored) throw notFound('import');
  return toDto(stored);
}

/** The original file of an import the caller may see (404 otherwise, so other locations' imports stay unknown). */
export async function importFile(db: Kysely<DB>, caller: CurrentUser, id: string) {
  const file = await findImportFile(db, id);
  const readable = await readableLocationIds(db, caller);
  if (!file || (readable !== null && !readable.includes(file.study_institute_id))) throw notFound('import');
  return { fileName: file.file_name, contentType: file.content_type, content: Buffer.from(file.content) };
}
