/**
 * The synthetic registry (issue 14): `patients` study patients of the demo study at every location, each with a
 * baseline and a follow-up and their twelve instruments, a few with 20 visits, with queries, case process steps
 * and audit rows. A set of template patients is documented through the services (template-patients.ts), the
 * rest are clones of them chosen Zipf-like, so a few histories and the first location dominate as in a real
 * network. The same seed gives the same registry (values, spread, pseudonyms); ids are fresh each run.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../__generated__/database.js';
import { hashPassword } from '../credentials/password-hash.js';
import { loadCaller } from '../http/route-access.js';
import { DEMO_INSTITUTES, DEMO_STUDY } from '../seed/demo-data.js';
import { currentDefinitionOf } from '../study-definitions/study-definitions.sql.js';
import { definitionIndex } from '../patient-documentation/definition-cache.js';
import { studyIdOf } from '../studies/studies.sql.js';
import { analyzeClonedTables, cloneRows, insertClones, readTemplate } from './clone-patients.js';
import { seededRandom } from './seeded-random.js';
import { documentTemplate, type Template, type TemplateRegistry } from './template-patients.js';

export type GeneratorOptions = { patients: number; seed: number; batchSize?: number; onProgress?: (done: number) => void };
export type GeneratedRegistry = {
  studyId: string;
  /** The templates first, then the clones. */
  studyPatientIds: string[];
  templates: number;
  longHistories: number;
};

/** Distinct documented histories; clones repeat them. */
const TEMPLATES = 40;
/** Every this many patients one has 20 visits (a baseline and 19 follow-ups). */
const LONG_HISTORY_EVERY = 1000;
const GENERATOR_USER = 'registry-generator';

/** The generator documents as a data manager of every location: that role may enrol, document and raise queries. */
async function generatorCaller(db: Kysely<DB>, locations: readonly string[]) {
  let user = await db.selectFrom('app_user').select('id').where('user_name', '=', GENERATOR_USER).executeTakeFirst();
  if (!user) {
    const role = await db.selectFrom('role').select('id').where('identifier', '=', 'DataManager').executeTakeFirstOrThrow();
    user = await db
      .insertInto('app_user')
      .values({
        user_name: GENERATOR_USER,
        display_name: 'Registergenerator',
        role_id: role.id,
        // Nobody signs in as the generator.
        password_hash: await hashPassword(randomBytes(32).toString('base64')),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('study_institute_user')
      .values(locations.map((id) => ({ study_institute_id: id, user_id: user?.id ?? '' })))
      .execute();
  }
  const caller = await loadCaller(db, user.id);
  if (!caller) throw new Error('the generator user is deactivated');
  return caller;
}

async function demoRegistry(db: Kysely<DB>): Promise<TemplateRegistry> {
  const studyId = await studyIdOf(db, DEMO_STUDY.identifier, { includeDeleted: false });
  const definition = studyId ? await currentDefinitionOf(db, studyId) : undefined;
  if (!studyId || !definition) throw new Error(`the database has no study ${DEMO_STUDY.identifier} with a definition (seeded?)`);
  const locations = await db
    .selectFrom('study_institute as si')
    .innerJoin('institute as i', 'i.id', 'si.institute_id')
    .select('si.id')
    .where('si.study_id', '=', studyId)
    // The demo network's own locations: others come and go with the network's administration (and its tests).
    .where(
      'i.identifier',
      'in',
      DEMO_INSTITUTES.map((institute) => institute.identifier),
    )
    .where('si.is_deleted', '=', false)
    .orderBy('i.identifier')
    .execute();
  return { studyId, index: await definitionIndex(db, definition.id, definition.version), locations: locations.map((l) => l.id) };
}

export async function generateRegistry(db: Kysely<DB>, options: GeneratorOptions): Promise<GeneratedRegistry> {
  const { patients, seed, batchSize = 500 } = options;
  const random = seededRandom(seed);
  const registry = await demoRegistry(db);
  const ctx = { db, caller: await generatorCaller(db, registry.locations), registry, random };
  if (patients < 2) throw new Error('the generator makes at least 2 patients (a template and a long history)');
  const templateCount = Math.min(TEMPLATES, patients - 1);
  const templates: Template[] = [];
  for (let t = 0; t < templateCount; t += 1) {
    // Every location has patients; beyond that the first ones get more, as in a real network.
    const location = registry.locations[t] ?? random.zipf(registry.locations);
    templates.push(await documentTemplate(ctx, location, 1));
  }
  const long = await documentTemplate(ctx, registry.locations[0] ?? '', 19);
  const texts = await Promise.all(templates.map((t) => readTemplate(db, t)));
  const longText = await readTemplate(db, long);
  const clones = patients - templateCount - 1;
  const studyPatientIds = [...templates, long].map((t) => t.studyPatientId);
  let batch: ReturnType<typeof cloneRows>[] = [];
  for (let n = 1; n <= clones; n += 1) {
    const text = n % LONG_HISTORY_EVERY === 0 ? longText : random.zipf(texts, 0.8);
    const clone = cloneRows(text, seed, n, random);
    studyPatientIds.push(String(clone.study_patient[0]?.id));
    batch.push(clone);
    if (batch.length === batchSize || n === clones) {
      await insertClones(db, batch);
      batch = [];
      options.onProgress?.(templateCount + 1 + n);
    }
  }
  await analyzeClonedTables(db);
  return {
    studyId: registry.studyId,
    studyPatientIds,
    templates: templateCount,
    longHistories: 1 + Math.floor(clones / LONG_HISTORY_EVERY),
  };
}
