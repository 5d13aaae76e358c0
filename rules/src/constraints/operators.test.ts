import { describe, expect, it } from 'vitest';
import { C } from '../__testUtils__/kitchen-sink-constraints.js';
import { entriesOf, fieldOf } from '../__testUtils__/builders.js';
import { erikaContext, erikaData, institutes, kitchenSinkContext, personas } from '../__testUtils__/personas.js';
import type { KitchenSinkContextOptions } from '../__testUtils__/personas.js';
import type { DataFieldInstance } from '../definition/instances.js';
import { evaluateConstraint } from './evaluate.js';
import { parseDecimal, parseQuotedList } from './operands.js';

function holds(id: string, options: KitchenSinkContextOptions = {}): boolean {
  const context = kitchenSinkContext(options);
  const definition = context.constraint(id);
  if (definition === undefined) throw new Error(`no constraint ${id}`);
  return evaluateConstraint(definition, context);
}
const onForm = (id: string, current: DataFieldInstance[], options: KitchenSinkContextOptions = {}) => holds(id, { ...options, current });

describe('operands', () => {
  it('reads quoted lists, tolerating spaces, and plain comma lists', () => {
    expect(parseQuotedList('"A","B"')).toEqual(['A', 'B']);
    expect(parseQuotedList('"A", "B, C"')).toEqual(['A', 'B, C']);
    expect(parseQuotedList('A, B')).toEqual(['A', 'B']);
    expect(parseQuotedList('')).toEqual([]);
    expect(parseQuotedList(null)).toEqual([]);
  });
  it('reads decimal points and decimal commas', () => {
    expect(parseDecimal('3,5')).toBe(3.5);
    expect(parseDecimal('3.5')).toBe(3.5);
    expect(parseDecimal('-2')).toBe(-2);
    expect(parseDecimal('3,5,1')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('')).toBeNull();
  });
});

describe('value operators (ecrf-core.md §5)', () => {
  it('empty / notEmpty: blank values count as empty', () => {
    expect(holds(C.insuranceStatusGiven)).toBe(true);
    const blank = erikaContext();
    const patientContext = { ...blank, fields: [fieldOf('insurance_status', '  ')] };
    expect(holds(C.insuranceStatusGiven, { patientContext })).toBe(false);
    expect(holds(C.noVitalStatus)).toBe(false);
    expect(holds(C.noVitalStatus, { patientContext: { ...blank, visits: [] } })).toBe(true);
  });
  it('equals / notEquals compare whole values; notEquals holds on an empty field', () => {
    expect(onForm(C.deceasedYes, [fieldOf('deceased', 'yes')])).toBe(true);
    expect(onForm(C.deceasedYes, [fieldOf('deceased', 'yesterday')])).toBe(false);
    expect(onForm(C.statusNotAlive, [fieldOf('status', 'alive')])).toBe(false);
    expect(onForm(C.statusNotAlive, [fieldOf('status', 'deceased')])).toBe(true);
    expect(onForm(C.statusNotAlive, [])).toBe(true);
  });
  it('greaterThan is strict and accepts a decimal comma', () => {
    expect(onForm(C.pdl1High, [fieldOf('pdl1_tps', '50')])).toBe(true);
    expect(onForm(C.pdl1High, [fieldOf('pdl1_tps', '49')])).toBe(false);
    expect(onForm(C.pdl1High, [fieldOf('pdl1_tps', '49,5')])).toBe(true);
    expect(onForm(C.pdl1High, [fieldOf('pdl1_tps', '49,0')])).toBe(false);
    expect(onForm(C.pdl1High, [fieldOf('pdl1_tps', 'n/a')])).toBe(false);
    expect(onForm(C.pdl1High, [])).toBe(false);
  });
  it("greaterThan with a decimal comma on both sides: '3,5' > '3'", () => {
    const context = kitchenSinkContext({ current: [fieldOf('pdl1_tps', '3,5')] });
    const base = { id: 'x', type: 'SimpleFieldValue', fieldPath: 'pdl1_tps' };
    expect(evaluateConstraint({ ...base, operator: 'greaterThan', value: '3' }, context)).toBe(true);
    expect(evaluateConstraint({ ...base, operator: 'greaterThan', value: '3,5' }, context)).toBe(false);
    expect(evaluateConstraint({ ...base, operator: 'lessThan', value: '3,6' }, context)).toBe(true);
    expect(evaluateConstraint({ ...base, operator: 'lessThan', value: '3,5' }, context)).toBe(false);
  });
  it('greaterThan on dates compares as partial dates; "today" is the injected day; unknown parts are neutral', () => {
    const line = (start: string) => [fieldOf('start', start)];
    expect(onForm(C.startInFuture, line('2025-06-02'))).toBe(true);
    expect(onForm(C.startInFuture, line('2025-06-01'))).toBe(false);
    expect(onForm(C.startInFuture, line('2025-06-XX'))).toBe(false);
    expect(onForm(C.startInFuture, line('2025-06-02'), { today: '2025-06-02' })).toBe(false);
    expect(holds(C.baselineDateAfter2020)).toBe(true);
  });
  it('the hard-lock constant date compares today with the constant', () => {
    expect(holds(C.beforeHardlock, { today: '2029-12-31' })).toBe(true);
    expect(holds(C.beforeHardlock, { today: '2030-01-01' })).toBe(false);
  });
  it('contains looks for a substring of any value', () => {
    expect(onForm(C.morphologyMalignant, [fieldOf('morphology', '8140/3')])).toBe(true);
    expect(onForm(C.morphologyMalignant, [fieldOf('morphology', '8140/2')])).toBe(false);
    expect(onForm(C.morphologyMalignant, [])).toBe(false);
  });
  it('insideList / notInsideList match whole quoted entries', () => {
    const stage = (m: string) => [fieldOf('stage', null, [fieldOf('t', '2a'), fieldOf('m', m)])];
    expect(onForm(C.stageM1c, stage('1c'))).toBe(true);
    expect(onForm(C.stageM1ab, stage('1b'))).toBe(true);
    expect(onForm(C.stageM1ab, stage('1'))).toBe(false);
    expect(onForm(C.icdNotLung, [fieldOf('icd10', 'C34.1')])).toBe(false);
    expect(onForm(C.icdNotLung, [fieldOf('icd10', 'C34.10')])).toBe(true);
    expect(onForm(C.icdNotLung, [fieldOf('icd10', 'C50.9')])).toBe(true);
  });
  it('minCount counts live list entries, at the boundary', () => {
    const lines = (n: number, deleted = 0) => [
      fieldOf('therapy_lines', null, [
        ...entriesOf(
          'therapy_line',
          Array.from({ length: n }, () => []),
        ),
        ...Array.from({ length: deleted }, () => fieldOf('therapy_line', null, [], { isDeleted: true })),
      ]),
    ];
    expect(onForm(C.threeLines, lines(3))).toBe(true);
    expect(onForm(C.threeLines, lines(2, 1))).toBe(false);
    expect(onForm(C.threeLines, lines(4))).toBe(true);
    expect(holds(C.baselineExists)).toBe(true);
    expect(holds(C.baselineExists, { patientContext: { ...erikaContext(), visits: [] } })).toBe(false);
  });
  it('hasAnyListEntryWithType looks at the entry types of an event report list', () => {
    const events = (...types: string[]) => [
      fieldOf(
        'adverse_events',
        null,
        types.map((t) => fieldOf(t)),
      ),
    ];
    expect(onForm(C.pneumonitisReported, events('ae_other', 'ae_pneumonitis'))).toBe(true);
    expect(onForm(C.pneumonitisReported, events('ae_other'))).toBe(false);
    expect(
      onForm(C.pneumonitisReported, [fieldOf('adverse_events', null, [fieldOf('ae_pneumonitis', null, [], { isDeleted: true })])]),
    ).toBe(false);
  });
  it('isFhirImport reads the patient flag or the tags of fields', () => {
    expect(holds(C.fhirImport)).toBe(false);
    expect(holds(C.fhirImport, { patient: { ...erikaData, isFhirImport: true } })).toBe(true);
    const context = kitchenSinkContext({ current: [fieldOf('icd10', 'C34.1', [], { tags: ['FhirImport'] })] });
    expect(evaluateConstraint({ id: 'x', type: 'SimpleFieldValue', operator: 'isFhirImport', fieldPath: 'icd10' }, context)).toBe(true);
  });
  it('reads instrument fields of another visit', () => {
    expect(holds(C.diagnosisCoded)).toBe(true);
    const patientContext = erikaContext();
    const [baseline] = patientContext.visits;
    const withoutDiagnosis = { ...patientContext, visits: baseline ? [{ ...baseline, instruments: [] }] : [] };
    expect(holds(C.diagnosisCoded, { patientContext: withoutDiagnosis })).toBe(false);
  });
});

describe('context operators (ecrf-core.md §5, §6)', () => {
  it('hasConsent4 follows the consents instrument', () => {
    expect(holds(C.consent4)).toBe(true);
    expect(holds(C.consent4, { patientContext: erikaContext({ consentAnswer: 'no' }) })).toBe(false);
  });
  it('hasConsent4DigiNetField reads the follow-up record', () => {
    expect(holds(C.consent4DigiNet)).toBe(false);
    expect(holds(C.consent4DigiNet, { followUp: { consent4DigiNetField: true } })).toBe(true);
  });
  it('isSelectedInstituteDigiNet reads the selected institute; no institute is false', () => {
    expect(holds(C.instituteDigiNet)).toBe(false);
    expect(holds(C.instituteDigiNet, { selectedInstitute: institutes.cologne })).toBe(true);
    expect(holds(C.instituteDigiNet, { selectedInstitute: null })).toBe(false);
  });
  it('assignment operators compare the selected institute with the patient assignments', () => {
    const assignments = { nngmCaseInstituteIds: ['inst-1001'], digiNetVisitInstituteIds: ['inst-2001'] };
    expect(holds(C.assignedNngmCase, { assignments })).toBe(true);
    expect(holds(C.assignedDigiNetVisit, { assignments })).toBe(false);
    expect(holds(C.assignedDigiNetVisit, { assignments, selectedInstitute: institutes.cologne })).toBe(true);
    expect(holds(C.assignedNngmCase, { assignments, selectedInstitute: null })).toBe(false);
  });
  it('isDigiNetFollowUpVisible: flagged or assigned institute, or a data-management role', () => {
    const none = { nngmCaseInstituteIds: [], digiNetVisitInstituteIds: [] };
    expect(holds(C.followUpVisible, { assignments: none })).toBe(false);
    expect(holds(C.followUpVisible, { assignments: none, selectedInstitute: institutes.cologne })).toBe(true);
    expect(holds(C.followUpVisible, { assignments: { ...none, digiNetVisitInstituteIds: ['inst-1001'] } })).toBe(true);
    expect(holds(C.followUpVisible, { assignments: none, user: personas.dataManager })).toBe(true);
    expect(holds(C.followUpVisible, { assignments: none, user: { ...personas.dataManager, roleIdentifier: 'MasterDataManager' } })).toBe(
      true,
    );
  });
  it('roleIdentifierMatches matches the user role against a quoted list, exactly', () => {
    expect(holds(C.physicianOrDataManager)).toBe(false);
    expect(holds(C.physicianOrDataManager, { user: personas.digiNetPhysician })).toBe(true);
    expect(holds(C.physicianOrDataManager, { user: { ...personas.caseManager, roleIdentifier: 'physician' } })).toBe(false);
  });
  it('birth year checks are strict at the boundary and false without a year', () => {
    const born = (birthDate: string | null) => ({ patient: { ...erikaData, birthDate } });
    expect(holds(C.born1950)).toBe(true);
    expect(holds(C.bornBefore2007, born('2006-12-31'))).toBe(true);
    expect(holds(C.bornBefore2007, born('2007-01-01'))).toBe(false);
    expect(holds(C.bornAfter1930, born('1931-XX-XX'))).toBe(true);
    expect(holds(C.bornAfter1930, born('1930-12-31'))).toBe(false);
    expect(holds(C.bornBefore2007, born('UK-UK-UK'))).toBe(false);
    expect(holds(C.bornBefore2007, born(null))).toBe(false);
  });
  it('sexEquals compares the patient sex code', () => {
    expect(holds(C.female)).toBe(true);
    expect(holds(C.female, { patient: { ...erikaData, sex: 'M' } })).toBe(false);
    expect(holds(C.female, { patient: { ...erikaData, sex: null } })).toBe(false);
  });
  it('institute data: a property of the selected institute', () => {
    expect(holds(C.institute1001)).toBe(true);
    expect(holds(C.institute1001, { selectedInstitute: institutes.cologne })).toBe(false);
  });
});

describe('unknown constraint operators and types (ecrf-core.md §5)', () => {
  it('are logged and false', () => {
    const warnings: string[] = [];
    const logger = { warn: (m: string) => warnings.push(m) };
    expect(holds(C.unknownOperator, { logger, current: [fieldOf('pdl1_tps', '50')] })).toBe(false);
    expect(holds(C.unknownType, { logger, current: [fieldOf('pdl1_tps', '50')] })).toBe(false);
    expect(warnings).toEqual([
      "Unknown constraint operator 'isPrime' in constraint c-unknown-operator",
      "Unknown constraint type 'RadiologyDataValue' in constraint c-unknown-type",
    ]);
  });
});
