import { describe, expect, it } from 'vitest';
import type { DataFieldInstance } from '@ecrf/rules';
import { omitDefinitions, toFieldInputs } from './instances';
import { defined } from './formTestKit';

const field = (
  id: string,
  definitionId: string,
  value: string | null,
  childFields: DataFieldInstance[] = [],
  extra: Partial<DataFieldInstance> = {},
): DataFieldInstance => ({
  id,
  definitionId,
  values: value === null ? [] : [{ value }],
  order: 10,
  childFields,
  ...extra,
});

describe('toFieldInputs', () => {
  const original = [
    field('i-diag', 'f-diag_date', '2024-03-01'),
    field('i-lines', 'f-therapy_lines', null, [
      field('i-line-1', 'f-therapy_line', null, [field('i-start-1', 'f-start', '2024-04-01')], { order: 10 }),
      field('i-line-2', 'f-therapy_line', null, [field('i-start-2', 'f-start', '2024-06-01')], { order: 20 }),
    ]),
  ];

  it('sends nothing when nothing changed', () => {
    expect(toFieldInputs(original, original)).toEqual([]);
  });

  it('sends a changed value with its id, and a nested change under its parent entry', () => {
    const edited = [
      field('i-diag', 'f-diag_date', '2024-03-02'),
      field('i-lines', 'f-therapy_lines', null, [
        field('i-line-1', 'f-therapy_line', null, [field('i-start-1', 'f-start', '2024-04-02')], { order: 10 }),
        defined(defined(original[1]).childFields[1]),
      ]),
    ];
    expect(toFieldInputs(original, edited)).toEqual([
      {
        id: 'i-diag',
        definitionKey: 'f-diag_date',
        values: [{ value: '2024-03-02', unit: null, organizationId: null, personId: null }],
      },
      {
        id: 'i-lines',
        definitionKey: 'f-therapy_lines',
        childFields: [
          {
            id: 'i-line-1',
            definitionKey: 'f-therapy_line',
            childFields: [
              {
                id: 'i-start-1',
                definitionKey: 'f-start',
                values: [{ value: '2024-04-02', unit: null, organizationId: null, personId: null }],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('sends a new entry without id and removed entries as deleted', () => {
    const edited = [
      defined(original[0]),
      field('i-lines', 'f-therapy_lines', null, [
        { ...defined(defined(original[1]).childFields[0]), isDeleted: true },
        field(
          'new:1',
          'f-therapy_line',
          null,
          [field('new:2', 'f-start', '2025-01-01', [], { isNewField: true }), field('new:3', 'f-end', null, [], { isNewField: true })],
          { order: 30, isNewField: true },
        ),
      ]),
    ];
    expect(toFieldInputs(original, edited)).toEqual([
      {
        id: 'i-lines',
        definitionKey: 'f-therapy_lines',
        childFields: [
          { id: 'i-line-1', definitionKey: 'f-therapy_line', isDeleted: true },
          {
            definitionKey: 'f-therapy_line',
            order: 30,
            childFields: [
              { definitionKey: 'f-start', order: 10, values: [{ value: '2025-01-01', unit: null, organizationId: null, personId: null }] },
            ],
          },
          { id: 'i-line-2', definitionKey: 'f-therapy_line', isDeleted: true },
        ],
      },
    ]);
  });

  it('leaves out untouched placeholders and the emptying of invisible fields, and sends network choices by id', () => {
    const placeholder = field('new:9', 'f-icd10', null, [], { isNewField: true });
    const partner = field('new:10', 'f-family_physician', null, [], { isNewField: true });
    const before = [...original, placeholder, partner];
    const edited = [
      { ...defined(original[0]), values: [], isVisible: false },
      defined(original[1]),
      placeholder,
      { ...partner, values: [{ value: null, organization: { id: 'org-1' }, person: { id: 'p-1' } }] },
    ];
    expect(toFieldInputs(before, edited)).toEqual([
      { definitionKey: 'f-family_physician', order: 10, values: [{ value: null, unit: null, organizationId: 'org-1', personId: 'p-1' }] },
    ]);
  });
});

describe('omitDefinitions', () => {
  it('drops the fields of the given definitions at any depth and keeps the rest', () => {
    const inputs = [
      { definitionKey: 'uicc', values: [{ value: 'IVB' }] },
      {
        definitionKey: 'tnm',
        childFields: [
          { definitionKey: 'm', values: [{ value: '1c' }] },
          { definitionKey: 'uicc', values: [{ value: 'IVB' }] },
        ],
      },
    ];
    expect(omitDefinitions(inputs, new Set(['uicc']))).toEqual([
      { definitionKey: 'tnm', childFields: [{ definitionKey: 'm', values: [{ value: '1c' }] }] },
    ]);
  });
});
