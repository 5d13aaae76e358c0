import { useCallback, useMemo } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate, useParams } from 'react-router';
import { Banner } from '@primer/react';
import { reasonForChangeRequired, type FormPlace, type StudyDefinition } from '@ecrf/rules';
import instrumentScreenQueryNode from '../../__generated__/InstrumentScreenQuery.graphql';
import type { InstrumentScreenQuery } from '../../__generated__/InstrumentScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { StateLabel } from '../../patients/StateLabel';
import { useDocumentation, useReload, type DocumentationPatient, type DocumentationQuery } from '../../patients/documentationContext';
import { DocumentationFormPage, NO_FIELDS, type SaveError } from '../../patients/DocumentationFormPage';
import { rulesState } from '../../patients/formEvaluation';
import { textLookup } from '../../forms/definitionModel';
import type { FieldInput } from '../../forms/instances';
import { useCreateInstrumentMutation } from '../../mutations/CreateInstrumentMutation';
import { useUpdateInstrumentMutation } from '../../mutations/UpdateInstrumentMutation';
import { commitMutationAsync } from '../../relay/commitMutationAsync';
import { NETWORK_PAGE } from '../../patients/network';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

/** The route preloads the screen's query with these variables. */
export const instrumentScreenQuery = defineScreenQuery<InstrumentScreenQuery>(instrumentScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  networkPage: NETWORK_PAGE,
}));

/**
 * New and edit instrument, visit-bound and standalone (ecrf-core.md §2):
 * …/visit/{visitId}/instrument/{instrumentId}/edit, …/visit/{visitId}/instrument/{instrumentDefinitionId}/new,
 * …/instrument/{instrumentId}/edit and …/instrument/{instrumentDefinitionId}/new.
 */
export function InstrumentScreen({ mode }: { mode: 'new' | 'edit' }) {
  const { visitId = null, instrumentId = '' } = useParams();
  const reload = useReload();
  const data = usePreloadedQuery<InstrumentScreenQuery>(
    graphql`
      query InstrumentScreenQuery($patientId: ID!, $networkPage: Int!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          ...PatientHeader_studyPatient
          ...documentationContext_studyPatient
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(instrumentScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  if (!data.studyPatient || !patient) return <Banner variant="critical" title={texts.patient.notFound} />;
  const located = locate(patient, mode, visitId, instrumentId);
  if (!located) return <Banner variant="critical" title={texts.instrument.notFound} />;
  return (
    <InstrumentForm
      key={`${located.instrument?.id ?? 'new'}-${located.instrument?.version ?? 0}`}
      header={data.studyPatient}
      patient={patient}
      query={query}
      located={located}
      onReload={reload}
    />
  );
}

type Located = {
  visit: DocumentationPatient['visits'][number] | null;
  /** Null for a new instrument. */
  instrument: DocumentationPatient['standaloneInstruments'][number] | null;
  /** The instrument definition (graph node). */
  definition: { id: string; definitionId: string; displayKey: string };
};

function locate(patient: DocumentationPatient, mode: 'new' | 'edit', visitId: string | null, id: string): Located | null {
  const visit = visitId === null ? null : (patient.visits.find((candidate) => candidate.id === visitId) ?? null);
  if (visitId !== null && !visit) return null;
  const definitions = visit
    ? (patient.studyDefinition.visits.find((candidate) => candidate.definitionId === visit.definition?.definitionId)?.instruments ?? [])
    : patient.studyDefinition.standaloneInstruments;
  if (mode === 'new') {
    const definition = definitions.find((candidate) => candidate.id === id);
    return definition ? { visit, instrument: null, definition } : null;
  }
  const instrument = (visit ? visit.instruments : patient.standaloneInstruments).find((candidate) => candidate.id === id);
  const definition = definitions.find((candidate) => candidate.definitionId === instrument?.definition?.definitionId);
  return instrument && definition ? { visit, instrument, definition } : null;
}

type FormProps = {
  header: NonNullable<InstrumentScreenQuery['response']['studyPatient']>;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  located: Located;
  onReload: () => void;
};

function InstrumentForm({ header, patient, query, located, onReload }: FormProps) {
  const { visit, instrument, definition } = located;
  const navigate = useNavigate();
  const [create] = useCreateInstrumentMutation();
  const [update] = useUpdateInstrumentMutation();
  const text = useMemo(() => textLookup(patient.studyDefinition), [patient.studyDefinition]);
  const back = visit
    ? `/patient/${encodeURIComponent(patient.id)}/visit/${encodeURIComponent(visit.id)}`
    : `/patient/${encodeURIComponent(patient.id)}`;
  const place = useMemo<FormPlace>(
    () =>
      instrument
        ? { kind: 'instrument', instrumentId: instrument.id, state: rulesState(instrument.state) }
        : { kind: 'newInstrument', visitId: visit?.id ?? null, definitionId: definition.definitionId },
    [instrument, visit, definition.definitionId],
  );
  const formFieldsOf = useCallback(
    (rules: StudyDefinition) =>
      [...rules.instruments, ...rules.standaloneInstruments, ...rules.visits.flatMap((v) => v.instruments)].find(
        (candidate) => candidate.id === definition.definitionId,
      )?.fields ?? [],
    [definition.definitionId],
  );
  const save = async (fields: FieldInput[], reasonForChange: string | null): Promise<readonly SaveError[]> => {
    if (instrument) {
      const answer = await commitMutationAsync(update, {
        input: { id: instrument.id, version: instrument.version, fields, reasonForChange },
      });
      return answer.updateInstrument.errors;
    }
    const answer = await commitMutationAsync(create, {
      input: { studyPatientId: patient.id, visitId: visit?.id ?? null, definitionId: definition.id, fields, reasonForChange },
    });
    return answer.createInstrument.errors;
  };
  const name = text(definition.displayKey);
  const readOnly = !patient.viewerCan.document || (instrument?.locked ?? false) || (visit?.locked ?? false);
  const reasonRequired = reasonForChangeRequired({
    formState: instrument ? rulesState(instrument.state) : null,
    visit: visit ? { state: rulesState(visit.state), isSigned: visit.isSigned } : null,
  });
  return (
    <>
      <PatientHeader studyPatient={header} title={instrument ? name : texts.instrument.newHeading(name)} />
      {instrument && (
        <p className={styles.labels}>
          {texts.documentationForm.state}: <StateLabel state={instrument.state} />
        </p>
      )}
      <DocumentationFormPage
        patient={patient}
        query={query}
        place={place}
        formFieldsOf={formFieldsOf}
        original={instrument?.fields ?? NO_FIELDS}
        reasonRequired={reasonRequired}
        readOnly={readOnly}
        save={save}
        onSaved={() => navigate(back)}
        onCancel={() => navigate(back)}
        lockOwnerVersion={instrument?.version ?? null}
        onReload={onReload}
      />
    </>
  );
}
