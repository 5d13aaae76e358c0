/**
 * An export without rows is still a file its readers open (issue 27 item 4): every kind written for a scope
 * without locations, read back by the independent readers of the round trip. The generic export is left out:
 * its table is the one a saved definition names (generic-exports/ tests it).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegistry, type DemoRegistry } from '../test-support/documentation-fixtures.js';
import { createTestBackend, type TestBackend } from '../test-support/test-backend.js';
import { scopeOf } from './contents/contents.test-support.js';
import { fileExtension, writeExport } from './export-execution.js';
import { EXPORT_KINDS, type ExportKind } from './export-kinds.js';
import { FHIR_RESOURCE_TYPES } from './fhir/fhir-resource-types.js';
import { completeParameters } from './export-parameters.js';
import {
  readCsv,
  readCsvZip,
  readOdm,
  readSasExport,
  readXlsx,
  unzipText,
  validateOdm,
  type Tables,
} from './export-readers.test-support.js';
import { registrySources } from './registry-sources.js';

let backend: TestBackend;
let registry: DemoRegistry;

beforeAll(async () => {
  backend = await createTestBackend();
  registry = await demoRegistry(backend.database);
});
afterAll(() => backend.close());

async function written(kind: ExportKind, body: Record<string, unknown>): Promise<{ extension: string; file: Buffer }> {
  const parameters = completeParameters(kind, body, new Date());
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise((resolve) => out.on('finish', resolve));
  await writeExport(kind, { db: backend.database.db, scope: { ...scopeOf(registry, []), parameters } }, registrySources, out, () => {});
  await finished;
  return { extension: fileExtension(kind, parameters), file: Buffer.concat(chunks) };
}

/** Every table has its header and no row; at least one table is there. */
function expectHeadersOnly(tables: Tables) {
  expect(tables.size).toBeGreaterThan(0);
  for (const [name, table] of tables) {
    expect(table.header.length, name).toBeGreaterThan(0);
    expect(table.rows, name).toEqual([]);
  }
}

const kinds = (Object.keys(EXPORT_KINDS) as ExportKind[]).filter((kind) => kind !== 'generic-export');
const cases: [ExportKind, Record<string, unknown>][] = [
  ...kinds.map((kind): [ExportKind, Record<string, unknown>] => [kind, {}]),
  ['csv-export', { asXlsx: true }],
  ['csv-export', { exportEmptyTables: true }],
];

describe('exports without rows', () => {
  it.each(cases)('%s %j is a file its readers open', async (kind, body) => {
    const { extension, file } = await written(kind, body);
    if (extension === 'xml') {
      const xml = file.toString('utf8');
      expect(await validateOdm(xml)).toEqual([]);
      const odm = readOdm(xml);
      try {
        expect([odm.count('/odm:ODM/odm:Study'), odm.count('//odm:SubjectData')]).toEqual([1, 0]);
      } finally {
        odm.dispose();
      }
    } else if (kind === 'fhir-export') {
      // One NDJSON file per resource type, each empty.
      const files = unzipText(file);
      expect([...files.keys()].sort()).toEqual([...FHIR_RESOURCE_TYPES].map((type) => `${type}.ndjson`).sort());
      expect([...files.values()].every((text) => text === '')).toBe(true);
    } else if (extension === 'xlsx') expectHeadersOnly(readXlsx(file));
    else if (extension === 'csv') expectHeadersOnly(new Map([[kind, readCsv(file.toString('utf8'))]]));
    else if (kind === 'sas-export') {
      const { tables } = readSasExport(file);
      expectHeadersOnly(tables);
      expect([...tables.keys()].sort()).toEqual([...readCsvZip(file).keys()].sort());
    } else {
      expectHeadersOnly(readCsvZip(file));
      // Without exportEmptyTables only the first table stays, so the ZIP still says what the export holds.
      expect([...unzipText(file).keys()]).toEqual(
        body.exportEmptyTables ? expect.arrayContaining(['patients.csv', 'visits.csv']) : ['patients.csv'],
      );
    }
  });
});
