import type { DataFieldInstance } from '@ecrf/rules';
import { indexStudyDefinition } from '@ecrf/rules';
import type { Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldDefinitionId } from '../../patient-documentation/field-paths.js';
import { loadDefinitionFile, shippedDefinitionsDir } from '../../study-definitions/format/definition-file.js';
import { decimal, fhirDate } from './fhir-form.js';
import { patientResources } from './fhir-resources.js';
import type { FhirPatientSource } from './fhir-source.js';

const { compiled } = loadDefinitionFile(join(shippedDefinitionsDir, 'nngm-lung.definition.json'));
const index = indexStudyDefinition(compiled.definition);
let ids = 0;

/** A field instance of `form` at `path` (its last segment) with a value or children. */
function field(form: string, path: string, value: string | null, childFields: DataFieldInstance[] = [], order = 10): DataFieldInstance {
  ids += 1;
  return {
    id: `00000000-0000-4000-8000-${String(ids).padStart(12, '0')}`,
    definitionId: fieldDefinitionId(index, form, path),
    values: value === null ? [] : [{ value }],
    order,
    childFields,
  };
}

const OLD = new Date('2024-01-01T00:00:00Z');
const NEW = new Date('2025-06-01T00:00:00Z');
const lines = 'therapy_lines.therapy_line';

function source(): FhirPatientSource {
  const staging = [
    field('staging', 'tnm', null, [field('staging', 'tnm.prefix', 'p'), field('staging', 'tnm.t', '1b'), field('staging', 'tnm.n', '0')]),
    field('staging', 'uicc_stage', 'IA2'),
  ];
  const line = (no: string, order: number) =>
    field(
      'systemic_therapy',
      lines,
      null,
      [field('systemic_therapy', `${lines}.line_no`, no), field('systemic_therapy', `${lines}.start`, '2024-03-XX')],
      order,
    );
  return {
    id: 'sp-1',
    pseudonym: 'PSEUDO1',
    changedAt: OLD,
    fields: [field('patient', 'sex', 'D')],
    visits: [
      {
        id: 'v-1',
        definitionId: index.visitByIdentifier.get('baseline')?.id ?? '',
        changedAt: OLD,
        visitDate: '2024-02-01',
        fields: [],
        instruments: [
          { id: 'i-staging', definitionId: index.instrumentByIdentifier.get('staging')?.id ?? '', changedAt: NEW, fields: staging },
          {
            id: 'i-therapy',
            definitionId: index.instrumentByIdentifier.get('systemic_therapy')?.id ?? '',
            changedAt: OLD,
            fields: [field('systemic_therapy', 'therapy_lines', null, [line('1', 10), line('2', 20)])],
          },
        ],
      },
    ],
    standaloneInstruments: [],
  };
}

describe('the FHIR mapping of one patient', () => {
  it('writes pathological TNM with the p codes, the stage as its value, and no Condition to focus without a diagnosis', () => {
    const resources = patientResources(source(), { index, definition: 'nngm_lung', since: null });
    const tnm = resources.find((r): r is Observation => r.resourceType === 'Observation' && r.id === 'i-staging-tnm');
    expect(tnm?.code.coding?.[0]?.code).toBe('21902-2');
    expect(tnm?.valueCodeableConcept?.coding?.[0]?.code).toBe('IA2');
    expect(tnm?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueCodeableConcept?.coding?.[0]?.display])).toEqual([
      ['21899-0', 'pT1b'],
      ['21900-6', 'pN0'],
    ]);
    expect(tnm?.focus).toBeUndefined();
    expect(resources.find((r) => r.resourceType === 'Patient')).toMatchObject({ gender: 'other', identifier: [{ value: 'PSEUDO1' }] });
  });

  it('numbers list entries in the QuestionnaireResponse of what the mapping does not use', () => {
    const resources = patientResources(source(), { index, definition: 'nngm_lung', since: null });
    const rest = resources.find((r): r is QuestionnaireResponse => r.resourceType === 'QuestionnaireResponse' && r.id === 'i-therapy');
    expect(rest?.item?.map((i) => [i.linkId, i.answer?.[0]?.valueDecimal])).toEqual([
      ['therapy_lines.therapy_line[1].line_no', 1],
      ['therapy_lines.therapy_line[2].line_no', 2],
    ]);
    expect(resources.filter((r) => r.resourceType === 'Procedure').map((p) => ('performedPeriod' in p ? p.performedPeriod : null))).toEqual(
      [{ start: '2024-03' }, { start: '2024-03' }],
    );
  });

  it('with since, only the resources of forms changed after it', () => {
    const resources = patientResources(source(), { index, definition: 'nngm_lung', since: new Date('2025-01-01T00:00:00Z') });
    expect(resources.map((r) => `${r.resourceType}/${r.id ?? ''}`)).toEqual(['Observation/i-staging-tnm']);
  });
});

describe('dates and numbers as documented', () => {
  it('keeps only the known leading parts of a date', () => {
    expect([fhirDate('2023-07-14'), fhirDate('2023-07-XX'), fhirDate('2023-XX-XX'), fhirDate('unknown'), fhirDate(null)]).toEqual([
      '2023-07-14',
      '2023-07',
      '2023',
      null,
      null,
    ]);
  });

  it('reads German decimals', () => {
    expect([decimal('12,5'), decimal('37'), decimal(' '), decimal('abc')]).toEqual([12.5, 37, null, null]);
  });
});
