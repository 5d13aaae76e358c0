/**
 * `StudyPatient.documentation` and `StudyDefinitionVersion.model` are what a client evaluates: with them and
 * `@ecrf/rules` alone it gets the field states the gateway serves (docs/gateway.md "Patient documentation").
 */
import {
  ENTRY_FIELD_TYPES,
  evaluateFieldState,
  formEvaluationContext,
  indexStudyDefinition,
  patientEvaluationInput,
  withinEntry,
  type DataFieldInstance,
  type EvaluationContext,
  type PatientDocumentation,
  type StudyDefinition,
} from '@ecrf/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let fixtures: PatientFixtures;
let token: string;
beforeAll(async () => {
  harness = await startHarness();
  token = (await harness.signIn('superadmin')).token;
  fixtures = patientFixtures(harness, token);
});
afterAll(async () => {
  await harness?.close();
});

type State = { id: string; visible: boolean; editable: boolean; required: boolean; childFields: State[] };
const STATE = 'id visible editable required';
type Answer = {
  viewer: { user: { id: string; userName: string }; role: { identifier: string } };
  node: {
    registrationDate: string;
    pseudonym: string;
    documentation: PatientDocumentation;
    definitionVersion: { model: StudyDefinition };
    visits: { instruments: { id: string; fields: State[] }[] }[];
  };
};
const QUERY = `query($id: ID!) {
  viewer { user { id userName } role { identifier } }
  node(id: $id) { ... on StudyPatient {
    registrationDate pseudonym documentation definitionVersion { model }
    visits { instruments { id fields { ${STATE} childFields { ${STATE} childFields { ${STATE} } } } } }
  } }
}`;

describe('the patient documentation as a document', () => {
  it('evaluated by a client with @ecrf/rules gives the field states the gateway serves', async () => {
    const studyPatientId = await fixtures.createPatient('1001');
    const visit = (await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01')).visit;
    if (!visit) throw new Error('no baseline');
    await fixtures.createStaging(studyPatientId, visit.id, '2a');

    const answer = await harness.request<Answer>(QUERY, { id: studyPatientId }, token);
    expect(answer.errors).toBeUndefined();
    const patient = answer.data?.node;
    const viewer = answer.data?.viewer;
    if (!patient || !viewer) throw new Error('no patient');
    const { documentation } = patient;
    // Records carry the graph's global ids: the typed instruments are found in the document by id.
    const typed = patient.visits.flatMap((v) => v.instruments);
    const stored = documentation.visits.flatMap((v) => v.instruments);
    expect(stored.map((i) => i.id).sort()).toEqual(typed.map((i) => i.id).sort());

    const index = indexStudyDefinition(patient.definitionVersion.model);
    const input = patientEvaluationInput({
      index,
      documentation,
      patient,
      viewer: { id: viewer.user.id, userName: viewer.user.userName, roleIdentifier: viewer.role.identifier },
      now: new Date(),
    });
    const clientStates = (fields: readonly DataFieldInstance[], context: EvaluationContext, parentVisible: boolean): State[] =>
      [...fields]
        .sort((a, b) => a.order - b.order)
        .map((field) => {
          const definition = index.fieldById.get(field.definitionId);
          if (!definition) throw new Error(`no definition ${field.definitionId}`);
          const { visible, editable, required } = evaluateFieldState(definition, field, context, parentVisible);
          const inner = ENTRY_FIELD_TYPES.includes(definition.definitionType) ? withinEntry(context, field) : context;
          return { id: field.id, visible, editable, required, childFields: clientStates(field.childFields, inner, visible) };
        });
    const trimmed = (states: readonly State[]): State[] => states.map((s) => ({ ...s, childFields: trimmed(s.childFields ?? []) }));

    expect(typed.length).toBeGreaterThan(0);
    for (const instrument of stored) {
      const place = { kind: 'instrument', instrumentId: instrument.id, state: instrument.state } as const;
      const client = clientStates(instrument.fields, formEvaluationContext(input, place, instrument.fields), true);
      const served = typed.find((i) => i.id === instrument.id)?.fields ?? [];
      // The graph serves three levels of children here; the client's tree is cut to the same depth.
      const cut = (states: readonly State[], depth: number): State[] =>
        states.map((s) => ({ ...s, childFields: depth === 0 ? [] : cut(s.childFields, depth - 1) }));
      expect(cut(client, 2)).toEqual(cut(trimmed(served), 2));
    }
  });
});
