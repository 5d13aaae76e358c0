/**
 * The computed state of fields inside list entries, against a real backend: rules of an entry's fields
 * read the entry's own fields first, as the backend's save and the browser do (`withinEntry`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/gateway-harness.js';
import { patientFixtures, type PatientFixtures } from '../test-support/patient-fixtures.js';

let harness: Harness;
let fixtures: PatientFixtures;
beforeAll(async () => {
  harness = await startHarness();
  fixtures = patientFixtures(harness, (await harness.signIn('superadmin')).token);
});
afterAll(async () => {
  await harness?.close();
});

type Field = { id: string; definition: { identifier: string } | null; visible: boolean; required: boolean; childFields?: Field[] };
const FIELD = 'id definition { identifier } visible required';

describe('fields in list entries', () => {
  it('evaluate their rules within their own entry', async () => {
    const studyPatientId = await fixtures.createPatient('1001');
    const visit = (await fixtures.createVisit(studyPatientId, 'baseline', '2025-03-01')).visit;
    if (!visit) throw new Error('no baseline');
    const consents = (await fixtures.visitDefinition('baseline')).instruments.find((i) => i.identifier === 'consents');
    if (!consents) throw new Error('no consents instrument');
    const list = consents.fields.find((f) => f.identifier === 'consent_4_1');
    const entry = consents.fields.find((f) => f.identifier === 'consent_entry' && f.parent?.key === list?.key);
    const child = (identifier: string) => {
      const found = consents.fields.find((f) => f.identifier === identifier && f.parent?.key === entry?.key);
      if (!found) throw new Error(`no ${identifier} in the 4.1 entry`);
      return found.key;
    };
    if (!list || !entry) throw new Error('no consent 4.1 list');
    const entryOf = (reason: string) => ({
      definitionKey: entry.key,
      childFields: [
        { definitionKey: child('change_reason'), values: [{ value: reason }] },
        { definitionKey: child('withdrawal_date'), values: [{ value: '2025-03-02' }] },
      ],
    });
    // One entry records a correction, the other a withdrawal: only the withdrawal shows its date.
    const { data } = await fixtures.graph<{ createInstrument: { instrument: { fields: Field[] } | null; errors: unknown[] } }>(
      `mutation($input: CreateInstrumentInput!) { createInstrument(input: $input) { instrument { fields { ${FIELD}
        childFields { ${FIELD} childFields { ${FIELD} } } } } errors { code message } } }`,
      {
        input: {
          studyPatientId,
          visitId: visit.id,
          definitionId: consents.id,
          fields: [{ definitionKey: list.key, childFields: [entryOf('correction'), entryOf('patientWithdrawal')] }],
        },
      },
    );
    const fields = data.createInstrument.instrument?.fields;
    if (!fields) throw new Error(`createInstrument: ${JSON.stringify(data.createInstrument.errors)}`);
    const entries = fields.find((f) => f.definition?.identifier === 'consent_4_1')?.childFields ?? [];
    const withdrawalDate = (index: number) => entries[index]?.childFields?.find((f) => f.definition?.identifier === 'withdrawal_date');
    expect(entries).toHaveLength(2);
    expect(withdrawalDate(0)).toMatchObject({ visible: false, required: false });
    expect(withdrawalDate(1)).toMatchObject({ visible: true, required: true });
  });
});
