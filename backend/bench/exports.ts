/**
 * `npm run bench -w backend`: export time and peak RSS of full exports of a generated registry of 20,000
 * patients on PostgreSQL (docs/benchmarks.md "Exports"), once evenly spread with tidy texts and once as unevenly
 * spread and messy as real data. Needs DATABASE_URL (a server where it may create scratch databases) and the
 * built backend (the script builds it); BENCH_PATIENTS changes the size.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshPostgresDatabase } from '../../scripts/services.mjs';
import { generateRegistry } from './registry-generator.js';

const base = process.env.DATABASE_URL;
if (!base) {
  console.log('The export benchmark needs DATABASE_URL (PostgreSQL); skipped.');
  process.exit(0);
}
const patients = Number(process.env.BENCH_PATIENTS ?? 20_000);
const runs: { kind: string; parameters: object; label: string }[] = [
  { kind: 'csv-export', parameters: { exportEmptyTables: false, asXlsx: false }, label: 'Studienexport, ZIP aus CSV' },
  { kind: 'csv-export', parameters: { exportEmptyTables: false, asXlsx: true }, label: 'Studienexport, XLSX' },
  { kind: 'sas-export', parameters: {}, label: 'SAS-Export' },
  { kind: 'odm-export', parameters: {}, label: 'CDISC ODM 1.3.2' },
  { kind: 'fhir-export', parameters: {}, label: 'FHIR R4 (ZIP aus NDJSON)' },
  { kind: 'diginet-consents', parameters: {}, label: 'DigiNet-Einwilligungen (XLSX)' },
];
const script = fileURLToPath(new URL('./export-one.mjs', import.meta.url));

for (const messy of [false, true]) {
  const databaseUrl = await freshPostgresDatabase(base, `bench_exports_${messy ? 'messy' : 'clean'}`);
  const generated = await generateRegistry(databaseUrl, patients, messy);
  console.log(
    `\n${messy ? 'Ungleich verteilt, unordentliche Texte' : 'Gleichmäßig verteilt'}: ${generated.patients} Patienten, ${generated.visits} Visiten, ${generated.instruments} Instrumente`,
  );
  console.log('| Export | Zeilen | Datei | Zeit | Spitzen-RSS |\n|---|---:|---:|---:|---:|');
  for (const run of runs) {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', script, databaseUrl, generated.studyId, run.kind, JSON.stringify(run.parameters)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      seconds: number;
      bytes: number;
      rows: number;
      peakRssMb: number;
    };
    console.log(
      `| ${run.label} | ${result.rows} | ${(result.bytes / 1024 / 1024).toFixed(1)} MB | ${result.seconds.toFixed(1)} s | ${result.peakRssMb.toFixed(0)} MB |`,
    );
  }
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}
