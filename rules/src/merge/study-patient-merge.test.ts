import { describe, expect, it } from 'vitest';
import { fieldOf } from '../__testUtils__/builders.js';
import { formFieldIds, patientFormsAgree, studyPatientMergeConflicts, type MergeSide } from './study-patient-merge.js';

const side = (pseudonym: string, extra: Partial<MergeSide> = {}): MergeSide => ({
  pseudonym,
  definitionVersion: { studyDefinitionId: 'def', version: 3 },
  patientFields: [],
  visits: [],
  lockedForms: [],
  openQuestionnaires: [],
  projectAssignments: [],
  openPatientFormQueries: 0,
  ...extra,
});
const baseline = { id: 'v-baseline', name: 'Baseline', definition: { type: 'GenericVisit', max: 1 } } as const;
const followUp = { id: 'v-follow-up', name: 'Verlauf', definition: { type: 'IntermediateVisit' } } as const;
const visit = (definitionId: string, isDeleted = false) => ({ definitionId, isDeleted });

describe('studyPatientMergeConflicts', () => {
  it('lets a duplicate with repeatable visits and empty master data join', () => {
    const duplicate = side('PDUP', { visits: [visit('v-follow-up'), visit('v-baseline', true)] });
    const survivor = side('PSUR', { visits: [visit('v-baseline'), visit('v-follow-up')] });
    expect(studyPatientMergeConflicts(duplicate, survivor, [baseline, followUp])).toEqual([]);
  });

  it('refuses a visit that may occur once when both have it, naming it and what to do', () => {
    const conflicts = studyPatientMergeConflicts(
      side('PDUP', { visits: [visit('v-baseline')] }),
      side('PSUR', { visits: [visit('v-baseline')] }),
      [baseline],
    );
    expect(conflicts).toEqual([
      'Die Visite „Baseline“ ist höchstens 1-mal erlaubt, PDUP und PSUR haben zusammen 2. Bitte löschen Sie die überzählige Visite und entscheiden Sie erneut.',
    ]);
  });

  it('refuses another definition version and compares nothing else', () => {
    const conflicts = studyPatientMergeConflicts(
      side('PDUP', { definitionVersion: { studyDefinitionId: 'def', version: 2 }, lockedForms: ['baseline'] }),
      side('PSUR'),
      [baseline],
    );
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatch(/verschiedenen Versionen der Studiendefinition dokumentiert \(2 und 3\)/);
  });

  it('refuses locked documentation, two open interviews of one questionnaire, overlapping project periods and open master data queries', () => {
    const duplicate = side('PDUP', {
      lockedForms: ['baseline', 'baseline'],
      openQuestionnaires: ['phq-9', 'gad-7'],
      projectAssignments: [{ project: 'LUNG', assignedFrom: '2025-01-01', assignedUntil: null }],
      openPatientFormQueries: 1,
    });
    const survivor = side('PSUR', {
      openQuestionnaires: ['phq-9'],
      projectAssignments: [{ project: 'LUNG', assignedFrom: '2024-01-01', assignedUntil: '2025-01-01' }],
    });
    const conflicts = studyPatientMergeConflicts(duplicate, survivor, []);
    expect(conflicts).toHaveLength(4);
    expect(conflicts[0]).toMatch(/^Bei PDUP ist Dokumentation gesperrt \(„baseline“\)/);
    expect(conflicts[1]).toMatch(/offenen Fragebogen „phq-9“\./);
    expect(conflicts[2]).toMatch(/dem Projekt „LUNG“ im selben Zeitraum/);
    expect(conflicts[3]).toMatch(/^Zu den Stammdaten von PDUP gibt es offene Rückfragen/);
  });

  it('accepts project periods that follow each other', () => {
    const duplicate = side('PDUP', { projectAssignments: [{ project: 'LUNG', assignedFrom: '2025-01-02', assignedUntil: null }] });
    const survivor = side('PSUR', { projectAssignments: [{ project: 'LUNG', assignedFrom: '2024-01-01', assignedUntil: '2025-01-01' }] });
    expect(studyPatientMergeConflicts(duplicate, survivor, [])).toEqual([]);
  });
});

describe('patientFormsAgree', () => {
  it('holds when the duplicate has no values or the survivor holds the same ones', () => {
    expect(patientFormsAgree([fieldOf('height')], [fieldOf('height', '180')])).toBe(true);
    expect(patientFormsAgree([fieldOf('height', '180')], [fieldOf('height', '180'), fieldOf('weight', '80')])).toBe(true);
    expect(patientFormsAgree([fieldOf('height', '180', [], { isDeleted: true })], [])).toBe(true);
  });

  it('fails on a value the survivor lacks or holds otherwise, also in a child field', () => {
    expect(patientFormsAgree([fieldOf('height', '180')], [])).toBe(false);
    expect(patientFormsAgree([fieldOf('height', '181')], [fieldOf('height', '180')])).toBe(false);
    expect(patientFormsAgree([fieldOf('group', null, [fieldOf('x', 'a')])], [fieldOf('group', null, [fieldOf('x', 'b')])])).toBe(false);
  });
});

describe('formFieldIds', () => {
  it('names every instance, children included', () => {
    const child = fieldOf('x', 'a');
    const group = fieldOf('group', null, [child]);
    expect(formFieldIds([group])).toEqual([group.id, child.id]);
  });
});
