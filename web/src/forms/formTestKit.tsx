/**
 * Test harness of the form renderer: a kitchen-sink form kept in useFormState the way a screen keeps it,
 * German labels for the fixture's display keys, Erika as the patient and a small network directory.
 */
import type { DataFieldDefinition, DataFieldInstance } from '@ecrf/rules';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMockEnvironment } from 'relay-test-utils';
import userEvent from '@testing-library/user-event';
import { erikaContext, erikaData, institutes, kitchenSinkDefinition, personas } from '@ecrf/rules/test-utils';
import { DocumentationForm, type DocumentationFormProps, type FormEvaluation } from './DocumentationForm';
import type { NetworkDirectory } from './formContext';
import { useFormState, type FormState } from './useFormState';

const labels: Record<string, string> = {
  'field.diag_date': 'Diagnosedatum',
  'field.icd10': 'ICD-10',
  'field.morphology': 'Morphologie',
  'field.stage': 'Stadium',
  'field.t': 'T',
  'field.n': 'N',
  'field.m': 'M',
  'field.uicc': 'UICC-Stadium',
  'field.pdl1_tps': 'PD-L1 TPS',
  'hint.morphology.malignant': 'Maligne Morphologie: Diagnose prüfen',
  'hint.icd10.notLung': 'Das Register erfasst nur Lungenkarzinome (C34.x).',
  'redirect.molecular.immunotherapy': 'Bitte die Immuntherapie dokumentieren',
  'field.therapy_lines': 'Therapielinien',
  'field.therapy_line': 'Therapielinie',
  'field.line_no': 'Linie',
  'field.start': 'Beginn',
  'field.end': 'Ende',
  'field.end_reason': 'Grund des Endes',
  'field.adverse_events': 'Nebenwirkungen',
  'field.ae_pneumonitis': 'Pneumonitis',
  'field.ae_other': 'Andere Nebenwirkung',
  'field.pneumonitis_follow_up': 'Verlauf der Pneumonitis',
  'field.therapy_summary': 'Zusammenfassung',
  'field.therapy_comment': 'Kommentar',
  'field.regimen_code': 'Regime-Code',
  'field.status': 'Status',
  'field.deceased': 'Verstorben',
  'field.vital_state': 'Vitalstatus',
  'field.death_date': 'Sterbedatum',
  'field.last_contact_date': 'Letzter Kontakt',
  yes: 'Ja',
  no: 'Nein',
  'field.treating_location': 'Behandelnder Standort',
  'field.care_partner': 'Betreuender Partner',
  'field.consent_missing_note': 'Einwilligung fehlt',
  'field.nngm_case_note': 'nNGM-Notiz',
};
export const text = (key: string): string => labels[key] ?? key;

/** The value, or a failed test when it is missing. */
export function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

export const network: NetworkDirectory = {
  organizations: [
    { id: 'org-koeln', displayName: 'Uniklinik Köln' },
    { id: 'org-bonn', displayName: 'Uniklinik Bonn' },
  ],
  persons: [
    { id: 'p-paula', firstName: 'Paula', lastName: 'Pneumo', organizationIds: ['org-koeln'] },
    { id: 'p-bernd', title: 'Dr.', firstName: 'Bernd', lastName: 'Bonn', organizationIds: ['org-bonn'] },
  ],
};

export const evaluation: FormEvaluation = {
  patientContext: erikaContext(),
  patient: erikaData,
  user: personas.caseManager,
  selectedInstitute: institutes.berlin,
  today: '2025-06-01',
};

type Options = Partial<Omit<DocumentationFormProps, 'formFields' | 'fields' | 'onChange' | 'definition'>> & {
  /** Answers the graph queries of fields that load data (terminology pickers). */
  environment?: ReturnType<typeof createMockEnvironment>;
};

/** Renders the form of `formFields` over `initial`; `latest()` is the form state after the last render. */
export function renderForm(formFields: readonly DataFieldDefinition[], initial: readonly DataFieldInstance[] = [], options: Options = {}) {
  let state: FormState | null = null;
  function Harness() {
    const form = useFormState(formFields, initial);
    state = form;
    return (
      <DocumentationForm
        definition={kitchenSinkDefinition}
        formFields={formFields}
        fields={form.fields}
        onChange={form.setFields}
        evaluation={options.evaluation ?? evaluation}
        text={text}
        network={options.network ?? network}
        serverErrors={options.serverErrors}
        readOnly={options.readOnly}
        allowsOngoing={options.allowsOngoing}
        onSetLock={options.onSetLock}
        validated={options.validated}
        saveAttempt={options.saveAttempt}
        redirectHref={options.redirectHref}
      />
    );
  }
  const view = render(
    <RelayEnvironmentProvider environment={options.environment ?? createMockEnvironment()}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </RelayEnvironmentProvider>,
  );
  const latest = (): FormState => {
    if (state === null) throw new Error('not rendered');
    return state;
  };
  /** The live instances of a definition anywhere in the edited tree. */
  const instancesOf = (definitionId: string): DataFieldInstance[] => {
    const walk = (fields: readonly DataFieldInstance[]): DataFieldInstance[] =>
      fields.flatMap((f) => [...(f.definitionId === definitionId && f.isDeleted !== true ? [f] : []), ...walk(f.childFields)]);
    return walk(latest().fields);
  };
  return { ...view, user: userEvent.setup(), latest, instancesOf };
}
