/** SQL of the OncoBox imports (migration 0082): the import records with their file, and the accepted key figures. */
import type { KeyFigure } from '@ecrf/rules';
import type { Insertable, Kysely } from 'kysely';
import type { DB, OnkozertImportTable } from '../__generated__/database.js';

const listColumns = [
  'oi.id',
  'oi.study_institute_id',
  'i.identifier as institute_identifier',
  'i.display_name as institute_name',
  'oi.imported_at',
  'oi.imported_by',
  'oi.file_name',
  'oi.size_bytes',
  'oi.sha256',
  'oi.accepted_rows',
  'oi.rejected_rows',
  'oi.rejected',
] as const;

function importsAt(db: Kysely<DB>) {
  return db
    .selectFrom('onkozert_import as oi')
    .innerJoin('study_institute as si', 'si.id', 'oi.study_institute_id')
    .innerJoin('institute as i', 'i.id', 'si.institute_id');
}

export type ImportRow = Awaited<ReturnType<typeof findImports>>[number];

/** The imports of the given locations (null: every location), newest first, with the years their figures cover. */
export async function findImports(db: Kysely<DB>, filter: { locationIds: readonly string[] | null; id?: string }) {
  if (filter.locationIds?.length === 0) return [];
  let query = importsAt(db)
    .select(listColumns)
    .select((eb) =>
      eb
        .selectFrom('onkozert_key_figure as kf')
        .whereRef('kf.import_id', '=', 'oi.id')
        .select((inner) =>
          inner.fn
            .agg<number[] | null>('array_agg', [inner.ref('kf.year')])
            .distinct()
            .as('years'),
        )
        .as('years'),
    )
    .orderBy('oi.imported_at', 'desc')
    .orderBy('oi.id');
  if (filter.locationIds) query = query.where('oi.study_institute_id', 'in', [...filter.locationIds]);
  if (filter.id) query = query.where('oi.id', '=', filter.id);
  return query.execute();
}

/** The stored file of an import with its name and location, for the download. */
export async function findImportFile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('onkozert_import')
    .select(['id', 'study_institute_id', 'file_name', 'content_type', 'content'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertImport(db: Kysely<DB>, record: Insertable<OnkozertImportTable>): Promise<string> {
  const row = await db.insertInto('onkozert_import').values(record).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertKeyFigures(
  db: Kysely<DB>,
  importId: string,
  studyInstituteId: string,
  figures: readonly KeyFigure[],
): Promise<void> {
  if (figures.length === 0) return;
  await db
    .insertInto('onkozert_key_figure')
    .values(
      figures.map((f) => ({
        import_id: importId,
        study_institute_id: studyInstituteId,
        year: f.year,
        key_figure: f.keyFigure,
        label: f.label,
        numerator: f.numerator,
        denominator: f.denominator,
        source_row: f.row,
      })),
    )
    .execute();
}

/** Live locations with their institute's identifier and name (null: every location), by identifier. */
export async function findLocations(db: Kysely<DB>, locationIds: readonly string[] | null) {
  if (locationIds?.length === 0) return [];
  let query = db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select(['si.id', 'i.identifier', 'i.display_name as displayName'])
    .where('si.is_deleted', '=', false)
    .where('i.is_deleted', '=', false)
    .orderBy('i.identifier');
  if (locationIds) query = query.where('si.id', 'in', [...locationIds]);
  return query.execute();
}
