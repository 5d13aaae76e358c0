/**
 * A generated registry for the export benchmarks: a few patients documented through the REST API as a user
 * would (baseline, diagnosis, staging, therapy lines, consent, smoking history, follow-ups), then cloned in SQL
 * to the wanted size. `messy` spreads the patients as unevenly as a real network (one large centre, a long tail),
 * gives a few patients many follow-ups, and fills free texts with what real ones hold: umlauts, quotes,
 * semicolons, line breaks and text that starts like a spreadsheet formula.
 */
import pg from 'pg';
import {
  api,
  createInstrument,
  createPatientWithBaseline,
  demoRegistry,
  fieldDefinitionId,
  valueField,
} from '../src/test-support/documentation-fixtures.js';
import { createTestBackend, createTestUser, signIn } from '../src/test-support/test-backend.js';

export type GeneratedRegistry = { studyId: string; patients: number; visits: number; instruments: number };

const MESSY_TEXT =
  '„Zustand nach Lobektomie“; Patientin berichtet: "kein Husten"\nZeile 2: Müller-Lüdenscheidt, Größe 1,68 m; =WENN(A1>0) +49 221 @Hausarzt';

async function documentTemplates(messy: boolean): Promise<string[]> {
  const backend = await createTestBackend();
  try {
    const registry = await demoRegistry(backend.database);
    const user = await createTestUser(backend.database, { role: 'Physician', institutes: ['1001'] });
    const physician = api(backend.app, (await signIn(backend.app, user.userName, user.password)).token);
    const field = (form: string, path: string) => fieldDefinitionId(registry.index, form, path);
    const ids: string[] = [];
    const variants = [
      { icd: 'C34.1', morphology: '8140/3', t: '2a', n: '1', m: '1c', smoking: 'former', packYears: '35', followUps: 2 },
      { icd: 'C34.3', morphology: '8070/3', t: '3', n: '2', m: '0', smoking: 'current', packYears: '50', followUps: 4 },
      { icd: 'C34.9', morphology: '8041/3', t: '4', n: '3', m: '1b', smoking: 'never', packYears: '0', followUps: 1 },
      { icd: 'C34.2', morphology: '8140/3', t: '1b', n: '0', m: '0', smoking: 'former', packYears: '12', followUps: messy ? 12 : 3 },
    ];
    for (const variant of variants) {
      const patient = await createPatientWithBaseline(physician, registry, '1001', '2023-02-01');
      const visitId = patient.baseline.id;
      const at = (form: string, fields: Parameters<typeof createInstrument>[5]) =>
        createInstrument(physician, registry, patient.studyPatientId, visitId, form, fields);
      await at('diagnosis', [
        valueField(field('diagnosis', 'diag_date'), '2023-01-20'),
        valueField(field('diagnosis', 'icd10'), variant.icd),
        valueField(field('diagnosis', 'morphology'), variant.morphology),
      ]);
      await at('staging', [
        valueField(field('staging', 'tnm_version'), '8'),
        {
          definitionId: field('staging', 'tnm'),
          childFields: [
            valueField(field('staging', 'tnm.t'), variant.t),
            valueField(field('staging', 'tnm.n'), variant.n),
            valueField(field('staging', 'tnm.m'), variant.m),
          ],
        },
      ]);
      const line = (no: string, start: string) => ({
        definitionId: field('systemic_therapy', 'therapy_lines.therapy_line'),
        childFields: [
          valueField(field('systemic_therapy', 'therapy_lines.therapy_line.line_no'), no),
          valueField(field('systemic_therapy', 'therapy_lines.therapy_line.start'), start),
        ],
      });
      await at('systemic_therapy', [
        { definitionId: field('systemic_therapy', 'therapy_lines'), childFields: [line('1', '2023-03-01'), line('2', '2023-09-XX')] },
      ]);
      await at('smoking_history', [
        valueField(field('smoking_history', 'smoking_status'), variant.smoking),
        valueField(field('smoking_history', 'pack_years'), variant.packYears),
      ]);
      for (let n = 0; n < variant.followUps; n += 1) {
        const date = `2024-${String((n % 12) + 1).padStart(2, '0')}-15`;
        const followUp = await physician.send<{ id: string }>('POST', 'Visit', {
          studyPatientId: patient.studyPatientId,
          definitionId: registry.index.visitByIdentifier.get('fu')?.id,
          visitDate: date,
          fields: [valueField(field('fu', 'fu_date'), date), valueField(field('fu', 'fu_note'), messy ? MESSY_TEXT : 'Verlauf stabil')],
        });
        if (followUp.status !== 201) throw new Error(`follow-up not created: ${JSON.stringify(followUp.body)}`);
        await createInstrument(physician, registry, patient.studyPatientId, followUp.body.id, 'vital_status', [
          valueField(field('vital_status', 'vital_state'), 'A'),
        ]);
      }
      ids.push(patient.studyPatientId);
    }
    return ids;
  } finally {
    await backend.close();
  }
}

async function columnsOf(db: pg.Client, table: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position',
    [table],
  );
  return rows.map((row) => row.column_name);
}

/** INSERT … SELECT of every column of `table` from `source`, with the given columns replaced by expressions. */
async function copy(db: pg.Client, table: string, source: string, replaced: Record<string, string>): Promise<number> {
  const columns = await columnsOf(db, table);
  const select = columns.map((column) => replaced[column] ?? `t.${column}`).join(', ');
  const result = await db.query(`INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM ${source}`);
  return result.rowCount ?? 0;
}

/** The registry in `databaseUrl` (migrated and seeded by the test backend) grown to `patients` study patients. */
export async function generateRegistry(databaseUrl: string, patients: number, messy: boolean): Promise<GeneratedRegistry> {
  process.env.DATABASE_URL = databaseUrl;
  const templates = await documentTemplates(messy);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows: studies } = await db.query<{ id: string }>("SELECT id FROM study WHERE identifier = 'NNGM'");
    const studyId = studies[0]?.id ?? '';
    const { rows: locations } = await db.query<{ id: string }>('SELECT id FROM study_institute WHERE study_id = $1 ORDER BY id', [studyId]);
    // Clean: round robin over the locations. Messy: Zipf-like, the first location holds about half the patients.
    const locationOf = (g: number) => {
      if (!messy) return locations[g % locations.length]?.id;
      const r = ((g * 2654435761) % 1000) / 1000;
      const rank = Math.min(locations.length - 1, Math.floor(Math.pow(locations.length + 1, r) - 1));
      return locations[rank]?.id;
    };
    await db.query('CREATE TEMP TABLE bench_map (g int, template uuid, patient_id uuid, sp_id uuid, location uuid)');
    const values: string[] = [];
    for (let g = 1; g <= patients; g += 1)
      values.push(`(${g}, '${templates[g % templates.length]}', gen_random_uuid(), gen_random_uuid(), '${locationOf(g)}')`);
    for (let i = 0; i < values.length; i += 5000) await db.query(`INSERT INTO bench_map VALUES ${values.slice(i, i + 5000).join(',')}`);
    await db.query('BEGIN');
    await copy(db, 'patient', 'bench_map m JOIN study_patient sp ON sp.id = m.template JOIN patient t ON t.id = sp.patient_id', {
      id: 'm.patient_id',
      pseudonym: `'BENCH-' || lpad(m.g::text, 6, '0')`,
      registration_date: `to_char(date '2022-01-01' + (m.g % 1000), 'YYYY-MM-DD')`,
    });
    await copy(db, 'study_patient', 'bench_map m JOIN study_patient t ON t.id = m.template', {
      id: 'm.sp_id',
      patient_id: 'm.patient_id',
      pseudonym: `'BENCH-' || lpad(m.g::text, 6, '0')`,
      study_institute_id: 'm.location',
    });
    await db.query(
      'CREATE TEMP TABLE bench_visit AS SELECT m.sp_id, m.location, v.id AS old_id, gen_random_uuid() AS new_id FROM bench_map m JOIN visit v ON v.study_patient_id = m.template',
    );
    const visits = await copy(db, 'visit', 'bench_visit b JOIN visit t ON t.id = b.old_id', {
      id: 'b.new_id',
      study_patient_id: 'b.sp_id',
    });
    const instruments = await copy(
      db,
      'instrument',
      'bench_map m JOIN instrument t ON t.study_patient_id = m.template LEFT JOIN bench_visit b ON b.old_id = t.visit_id AND b.sp_id = m.sp_id',
      { id: 'gen_random_uuid()', study_patient_id: 'm.sp_id', visit_id: 'b.new_id' },
    );
    await db.query('COMMIT');
    await db.query('ANALYZE');
    return { studyId, patients, visits, instruments };
  } finally {
    await db.end();
  }
}
