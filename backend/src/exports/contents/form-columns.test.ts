import { indexStudyDefinition, type DataFieldDefinition, type DataFieldInstance, type StudyDefinition } from '@ecrf/rules';
import { describe, expect, it } from 'vitest';
import type { ExportDefinition } from './export-scope.sql.js';
import { formPlan, instancesByDefinition, listIdsOf, listInstances } from './form-columns.js';

const field = (
  id: string,
  type: DataFieldDefinition['definitionType'],
  parent: string | null,
  settings = {},
  order = 10,
): DataFieldDefinition => ({
  id,
  identifier: id,
  definitionType: type,
  displayKey: `form.${id}`,
  order,
  parentFieldDefinitionId: parent,
  rules: [],
  definition: settings,
});

const fields = [
  field('grade', 'TableEntry', null, { enumValueSetIdentifier: 'grade' }, 10),
  field('tnm', 'Table', null, {}, 20),
  field('t', 'TableEntry', 'tnm', {}, 10),
  field('events', 'EventReportList', null, {}, 30),
  field('ae', 'EventReportListEntry', 'events', {}, 10),
  field('ae_grade', 'TableEntry', 'ae', { valueType: 'number' }, 10),
  field('sae', 'EventReportListEntry', 'events', {}, 20),
  field('sae_term', 'TableEntry', 'sae', {}, 10),
  field('centre', 'NngmNetworkLocation', null, {}, 40),
];
const study: StudyDefinition = {
  id: 'd',
  identifier: 'd',
  patient: { id: 'p', identifier: 'patient', fields },
  visits: [],
  instruments: [],
  standaloneInstruments: [],
  enumValueSets: [{ id: 'e', identifier: 'grade', values: [{ code: '1', displayKey: 'enum.grade.1', order: 10 }] }],
  constraints: [],
  queryTypes: [],
  verificationFlagTypes: [],
};
const definition: ExportDefinition = {
  id: 'd',
  identifier: 'd',
  version: 1,
  index: indexStudyDefinition(study),
  texts: new Map([
    ['form.grade', 'Grad'],
    ['form.tnm', 'TNM'],
    ['form.t', 'T'],
    ['enum.grade.1', 'gut'],
  ]),
};
const instance = (definitionId: string, value: string | null, childFields: DataFieldInstance[] = [], extra = {}): DataFieldInstance => ({
  id: `${definitionId}-${Math.random()}`,
  definitionId,
  values: value === null ? [] : [{ value }],
  order: 10,
  childFields,
  ...extra,
});

describe('flattening a form into columns and list tables', () => {
  const plan = formPlan(definition, fields);

  it('names columns by identifier path, adds the texts of choices and keeps lists apart', () => {
    expect(plan.columns.map((c) => [c.key, c.label, c.type])).toEqual([
      ['grade', 'Grad', 'string'],
      ['grade_txt', 'Grad (Text)', 'string'],
      ['tnm_t', 'TNM: T', 'string'],
      ['centre', 'form.centre', 'string'],
    ]);
    expect(plan.lists).toHaveLength(1);
    expect(plan.lists[0]?.path).toBe('events');
    expect([...(plan.lists[0]?.entryTypes.values() ?? [])]).toEqual(['ae', 'sae']);
    expect(plan.lists[0]?.columns.map((c) => [c.key, c.type])).toEqual([
      ['ae_grade', 'number'],
      ['sae_term', 'string'],
    ]);
  });

  it('reads the values of a stored form, skipping deleted fields and list entries', () => {
    const stored = [
      instance('grade', '1'),
      instance('tnm', null, [instance('t', '2a')]),
      instance('centre', null, [], {
        values: [{ value: null, organization: { id: 'o', displayName: 'Köln' }, person: { id: 'x', lastName: 'Muster' } }],
      }),
      instance('events', null, [instance('ae', null, [instance('ae_grade', '3')]), instance('sae', null, [], { isDeleted: true })]),
    ];
    const found = instancesByDefinition(stored, listIdsOf(plan));
    expect(Object.fromEntries(plan.columns.map((c) => [c.key, c.cell(found.get(c.definitionId))]))).toEqual({
      grade: '1',
      grade_txt: 'gut',
      tnm_t: '2a',
      centre: 'x@o',
    });
    expect(found.has('ae_grade')).toBe(false);
    const [events] = listInstances(stored, 'events');
    const ae = events?.childFields.find((e) => e.definitionId === 'ae');
    const grade = plan.lists[0]?.columns.find((c) => c.key === 'ae_grade');
    expect(grade?.cell(instancesByDefinition(ae?.childFields ?? [], new Set()).get('ae_grade'))).toBe(3);
  });
});
