/**
 * Exports keep every value (issue 27 item 4): a patient documented through the REST API with a value of every
 * field type is exported as CSV (ZIP), XLSX, SAS (CSVs and program) and ODM by the job runner, and each file is
 * read back by parsers we did not write (export-readers.test-support.ts). Every value must equal what the REST
 * context answers, read the way docs/backend.md "Exports" documents for the format.
 */
import type { DataFieldInstance } from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, demoRegistry, fieldDefinitionId, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn, type TestBackend } from '../test-support/test-backend.js';
import { pseudonymOf } from './contents/contents.test-support.js';
import { readCsvZip, readOdm, readSasExport, readXlsx, validateOdm, type Cell, type Tables } from './export-readers.test-support.js';
import { runExport } from './export-jobs.test-support.js';
import { documentEveryFieldType, VALUE_PLACES, type ValuePlace } from './roundtrip-documentation.test-support.js';

type Context = {
  fields: DataFieldInstance[];
  visits: {
    definitionId: string;
    fields: DataFieldInstance[];
    instruments: { id: string; definitionId: string; fields: DataFieldInstance[]; changeDate: string }[];
  }[];
};

let backend: TestBackend;
let registry: DemoRegistry;
let context: Context;
let pseudonym: string;
const files = new Map<string, Buffer>();
let read: { csv: Tables; xlsx: Tables; sas: Tables };

beforeAll(async () => {
  backend = await createTestBackend({}, undefined, { exportWorkers: true });
  registry = await demoRegistry(backend.database);
  const physician = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
  const client = api(backend.app, (await signIn(backend.app, physician.userName, physician.password)).token);
  const studyPatientId = await documentEveryFieldType(client, registry, backend.database);
  context = (await client.get<Context>(`StudyPatient/${studyPatientId}/context`)).body;
  pseudonym = await pseudonymOf(backend.database, studyPatientId);
  const manager = await createTestUser(backend.database, { role: 'DataManager', institutes: ['1001'] });
  const token = (await signIn(backend.app, manager.userName, manager.password)).token;
  const exported = async (kind: string, parameters: object = {}) =>
    (await runExport(backend, token, `study/${registry.studyId}/${kind}`, parameters)).file;
  files.set('csv', await exported('csv-export'));
  files.set('xlsx', await exported('csv-export', { asXlsx: true }));
  files.set('sas', await exported('sas-export'));
  files.set('odm', await exported('odm-export'));
  read = { csv: readCsvZip(fileOf('csv')), xlsx: readXlsx(fileOf('xlsx')), sas: readSasExport(fileOf('sas')).tables };
}, 180_000);
afterAll(() => backend.close());

const fileOf = (format: string): Buffer => {
  const file = files.get(format);
  if (!file) throw new Error(`no ${format} file`);
  return file;
};

/** The stored instances of a place's field in the REST context, in form order (list entries one each). */
function storedInstances(place: ValuePlace): DataFieldInstance[] {
  const definitionId = fieldDefinitionId(registry.index, place.form, place.path);
  const forms =
    place.form === 'patient' ? [context.fields] : context.visits.flatMap((v) => [v.fields, ...v.instruments.map((i) => i.fields)]);
  const found: DataFieldInstance[] = [];
  const walk = (level: readonly DataFieldInstance[]) => {
    for (const field of [...level].filter((f) => f.isDeleted !== true).sort((a, b) => a.order - b.order)) {
      if (field.definitionId === definitionId) found.push(field);
      walk(field.childFields);
    }
  };
  forms.forEach(walk);
  return found;
}

/** What the REST context holds for a place, as one text per value (a network choice as `person@organization`). */
function storedTexts(place: ValuePlace): string[] {
  // A list entry's field is the n-th instance of its definition, n being the entry's place among entries of its type.
  const instance = storedInstances(place)[place.entry ? Number(place.entry.repeatKey) - 1 : 0];
  // A value the API did not store (a hidden field) would make the round trip prove nothing.
  if (!instance || instance.values.length === 0) throw new Error(`nothing stored for ${place.form} ${place.path}`);
  return instance.values.map((v) =>
    place.kind === 'network' ? [v.person?.id, v.organization?.id].filter(Boolean).join('@') : (v.value ?? ''),
  );
}

/** The value a format must hold for a place (ODM: numbers with a point, partial dates without placeholders). */
function expected(place: ValuePlace, format: 'csv' | 'xlsx' | 'sas' | 'odm'): Cell {
  const texts = storedTexts(place);
  if (place.kind === 'number') return Number((texts[0] ?? '').replace(',', '.'));
  if (format === 'odm') return place.kind === 'date' ? (texts[0] ?? '').replace(/(-XX)+$/, '') : texts.join(',');
  return texts.join('|');
}

/** A table's row of the patient (and of the list entry). */
function rowOf(tables: Tables, place: Pick<ValuePlace, 'table' | 'entry' | 'visit'>) {
  const table = tables.get(place.table);
  if (!table) throw new Error(`no table ${place.table}; tables: ${[...tables.keys()].join(', ')}`);
  const rows = table.rows.filter(
    (r) =>
      r.patient_id === pseudonym &&
      (!place.entry || String(r.entry_no) === String(place.entry.no)) &&
      (!place.visit || r.visit === place.visit),
  );
  expect(rows, `${place.table} rows of the patient`).toHaveLength(1);
  return rows[0] ?? {};
}

/** A CSV cell as documented: one leading apostrophe before a formula start (after any further ones) is the escape. */
const unescaped = (text: Cell) => (typeof text === 'string' ? text.replace(/^'(?='*[=+\-@\t\r])/, '') : text);
const asRead = (place: ValuePlace, cell: Cell) => (place.kind === 'number' && typeof cell === 'string' ? Number(cell) : cell);

describe('the export round trip', () => {
  it.each(VALUE_PLACES.map((p) => [`${p.table}.${p.column}${p.entry ? ` #${p.entry.no}` : ''}`, p] as const))(
    'keeps %s in CSV, XLSX, SAS and ODM',
    (_name, place) => {
      const want = { csv: expected(place, 'csv'), xlsx: expected(place, 'xlsx'), sas: expected(place, 'sas') };
      expect.soft(asRead(place, unescaped(rowOf(read.csv, place)[place.column] ?? null)), 'CSV').toEqual(want.csv);
      expect.soft(rowOf(read.xlsx, place)[place.column], 'XLSX').toEqual(want.xlsx);
      expect.soft(rowOf(read.sas, place)[place.column], 'SAS').toEqual(want.sas);
      const odm = readOdm(fileOf('odm').toString('utf8'));
      try {
        const group = place.entry ? `[@ItemGroupRepeatKey="${place.entry.repeatKey}"]` : '';
        const item = `//odm:SubjectData[@SubjectKey="${pseudonym}"]//odm:ItemGroupData${group}/odm:ItemData[@ItemOID="${place.odmItem}"]`;
        expect.soft(odm.count(item), `ODM ${item}`).toBe(1);
        const value = odm.text(`${item}/@Value`);
        expect.soft(place.kind === 'number' ? Number(value) : value, 'ODM').toEqual(expected(place, 'odm'));
      } finally {
        odm.dispose();
      }
    },
  );

  it('keeps the time of the last change to the millisecond in CSV and SAS (UTC, SAS without the zone)', () => {
    const therapy = context.visits
      .flatMap((v) => v.instruments)
      .find((i) => i.definitionId === registry.index.instrumentByIdentifier.get('systemic_therapy')?.id);
    const place = { table: 'systemic_therapy' };
    expect(therapy?.changeDate).toMatch(/\.\d{3}Z$/);
    expect(rowOf(read.csv, place).changed_at).toBe(therapy?.changeDate);
    expect(rowOf(read.sas, place).changed_at).toBe(therapy?.changeDate.slice(0, 23));
  });

  it('writes an ODM document the official schema accepts', async () => {
    expect(await validateOdm(fileOf('odm').toString('utf8'))).toEqual([]);
  });

  it('reads the SAS CSVs with the variables of the program, in its order', () => {
    const csv = readCsvZip(fileOf('sas'));
    expect([...read.sas.keys()].sort()).toEqual([...csv.keys()].sort());
    for (const [name, table] of read.sas) expect(table.header, name).toEqual(csv.get(name)?.header);
  });
});
