/**
 * The generator's template patients, documented through the backend's services exactly as the REST calls do
 * (rules, states, visit states, audit rows, verification flags, queries): a baseline with its eight
 * instruments and a follow-up with its four (ecrf-core.md §3; docs/definitions.md "The demo lung-cancer
 * registry"), values drawn by seed from the definition's enumerations, unevenly as in real data. A few
 * templates have 20 visits. The generated registry is cloned from these, so every derived column is one the
 * API computed.
 */
import type { DefinitionIndex } from '@ecrf/rules';
import type { Kysely } from 'kysely';
import { createCaseProcessStep } from '../patient-documentation/case-process.service.js';
import type { DB } from '../__generated__/database.js';
import { createDataQuery } from '../data-queries/data-queries.service.js';
import type { CurrentUser } from '../http/route-access.js';
import { createInstrument } from '../patient-documentation/instruments.service.js';
import { formInput } from '../patient-documentation/field-paths.js';
import { createPatient, newPseudonym } from '../patients/patients.service.js';
import { createStudyPatient } from '../study-patients/study-patients.service.js';
import { createVisit } from '../patient-documentation/visits.service.js';
import type { Random } from './seeded-random.js';

export type TemplateRegistry = { studyId: string; index: DefinitionIndex; locations: readonly string[] };

export type Template = { studyPatientId: string; patientId: string; visits: number };

/** Free texts as clinicians write them: umlauts, quotes, semicolons, line breaks, formula-like starts. */
const NOTES = [
  'Verlauf stabil',
  'Pat. in gutem AZ, keine neuen Beschwerden.',
  '„Zustand nach Lobektomie“; Patientin berichtet: "kein Husten"\nKontrolle in 3 Monaten',
  'V. a. Progress li. OL; CT-Thorax angefordert (Dr. Müller-Lüdenscheidt)',
  '=WENN(A1>0) +49 221 @Hausarzt; Rückruf erbeten',
  'Gewichtsverlust 4 kg / 3 Mon.; Ernährungsberatung',
  'ÄZ reduziert – Übernahme auf Palliativstation erwogen',
] as const;

const ICD10 = ['C34.1', 'C34.3', 'C34.9', 'C34.0', 'C34.2', 'C34.8'] as const;

const day = (from: string, days: number): string => {
  const date = new Date(`${from}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

function codesOf(index: DefinitionIndex, identifier: string): string[] {
  const set = index.study.enumValueSets.find((s) => s.identifier === identifier);
  if (!set) throw new Error(`the definition has no enumeration ${identifier}`);
  return [...set.values].sort((a, b) => a.order - b.order).map((v) => v.code);
}

type Documenting = { db: Kysely<DB>; caller: CurrentUser; registry: TemplateRegistry; random: Random };

async function followUp(ctx: Documenting, studyPatientId: string, date: string): Promise<void> {
  const { db, caller, registry, random } = ctx;
  const { index } = registry;
  const visit = await createVisit(db, caller, {
    studyPatientId,
    definitionId: index.visitByIdentifier.get('fu')?.id ?? '',
    visitDate: date,
    fields: formInput(index, 'fu', { fu_date: date, fu_note: random.zipf(NOTES) }),
  });
  const vitalState = random.chance(0.07) ? 'A' : random.chance(0.1) ? 'T' : 'L';
  const instruments: Record<string, Record<string, string>> = {
    staging: { tnm_version: '8', 'tnm.t': random.zipf(codesOf(index, 'tnm_t')), 'tnm.n': random.zipf(codesOf(index, 'tnm_n')) },
    performance: { ecog: random.zipf(codesOf(index, 'ecog')), ecog_date: date },
    disease_status: { assess_date: date, overall: random.zipf(codesOf(index, 'overall_status')) },
    vital_status: { status: random.zipf(codesOf(index, 'vital_status')), vital_state: vitalState, last_contact_date: date },
  };
  for (const [name, values] of Object.entries(instruments)) {
    await createInstrument(db, caller, {
      studyPatientId,
      visitId: visit.id,
      definitionId: index.instrumentByIdentifier.get(name)?.id ?? '',
      fields: formInput(index, name, values),
    });
  }
}

/** One template patient at `location` with a baseline and `followUps` follow-ups. */
export async function documentTemplate(ctx: Documenting, location: string, followUps: number): Promise<Template> {
  const { db, caller, registry, random } = ctx;
  const { index } = registry;
  const registered = day('2019-01-01', random.int(0, 7 * 365));
  const baselineDate = day(registered, random.int(0, 30));
  const pseudonym = newPseudonym(Uint8Array.from({ length: 8 }, () => random.int(0, 255)));
  const patientId = await createPatient(db, caller, { patientId: pseudonym, registrationDate: registered });
  const { id: studyPatientId } = await createStudyPatient(db, caller, { patientId, studyId: registry.studyId, studyInstituteId: location });
  const baseline = await createVisit(db, caller, {
    studyPatientId,
    definitionId: index.visitByIdentifier.get('baseline')?.id ?? '',
    visitDate: baselineDate,
    fields: formInput(index, 'baseline', { baseline_date: baselineDate }),
  });
  const smoking = random.zipf(codesOf(index, 'smoking_status'));
  const instruments: Record<string, Record<string, string>> = {
    consents: {},
    smoking_history: { smoking_status: smoking, pack_years: String(random.int(1, 80)) },
    diagnosis: {
      diag_date: day(baselineDate, -random.int(0, 60)),
      icd10: random.zipf(ICD10),
      morphology: random.zipf(codesOf(index, 'histology')),
    },
    staging: {
      tnm_version: '8',
      'tnm.t': random.zipf(codesOf(index, 'tnm_t')),
      'tnm.n': random.zipf(codesOf(index, 'tnm_n')),
      'tnm.m': random.zipf(codesOf(index, 'tnm_m')),
    },
    performance: { ecog: random.zipf(codesOf(index, 'ecog')), ecog_date: baselineDate },
    molecular: {},
    systemic_therapy: {},
    network: {},
  };
  let diagnosisId = '';
  for (const [name, values] of Object.entries(instruments)) {
    const created = await createInstrument(db, caller, {
      studyPatientId,
      visitId: baseline.id,
      definitionId: index.instrumentByIdentifier.get(name)?.id ?? '',
      fields: formInput(index, name, values),
    });
    if (name === 'diagnosis') diagnosisId = created.id;
  }
  for (let n = 0; n < followUps; n += 1) await followUp(ctx, studyPatientId, day(baselineDate, 90 * (n + 1) + random.int(0, 30)));
  await createCaseProcessStep(db, caller, studyPatientId, {
    visitId: baseline.id,
    definitionIdentifier: 'registration',
    state: 'complete',
    order: 10,
    mainStateIdentifier: 'received',
  });
  if (random.chance(0.3)) {
    await createDataQuery(
      { db, now: new Date() },
      caller,
      { kind: 'Instrument', id: diagnosisId },
      {
        queryTypeIdentifier: 'plausibility',
        title: 'Diagnosedatum prüfen',
        text: random.zipf(NOTES),
      },
    );
  }
  return { studyPatientId, patientId, visits: 1 + followUps };
}
