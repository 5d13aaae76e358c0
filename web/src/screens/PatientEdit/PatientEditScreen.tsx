import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { Banner } from '@primer/react';
import { reasonForChangeRequired, type FormPlace, type StudyDefinition } from '@ecrf/rules';
import patientEditScreenQueryNode from '../../__generated__/PatientEditScreenQuery.graphql';
import type { PatientEditScreenQuery } from '../../__generated__/PatientEditScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { useDocumentation, type DocumentationPatient, type DocumentationQuery } from '../../patients/documentationContext';
import { useFormGeneration, useOpenedWith } from '../../patients/formGeneration';
import { DocumentationFormPage, type SaveError } from '../../patients/DocumentationFormPage';
import { NETWORK_PAGE } from '../../patients/network';
import type { FieldInput } from '../../forms/instances';
import { useUpdateStudyPatientMutation } from '../../mutations/UpdateStudyPatientMutation';
import { commitMutationAsync } from '../../relay/commitMutationAsync';
import { texts } from '../../texts';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';

const place: FormPlace = { kind: 'patient' };
const patientFieldsOf = (rules: StudyDefinition) => rules.patient.fields;

/** The route preloads the screen's query with these variables. */
export const patientEditScreenQuery = defineScreenQuery<PatientEditScreenQuery>(patientEditScreenQueryNode, ({ params }) => ({
  patientId: params.patientId ?? '',
  networkPage: NETWORK_PAGE,
}));

/** /patient/edit/{patientId}: the patient fields (master data of the registry, pseudonymous) (ecrf-core.md §2). */
export function PatientEditScreen() {
  const { generation, reopen } = useFormGeneration();
  const data = usePreloadedQuery<PatientEditScreenQuery>(
    graphql`
      query PatientEditScreenQuery($patientId: ID!, $networkPage: Int!) {
        ...AppShell_query
        studyPatient(id: $patientId) {
          ...PatientHeader_studyPatient
          ...documentationContext_studyPatient
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(patientEditScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  if (!data.studyPatient || !patient) return <Banner variant="critical" title={texts.patient.notFound} />;
  return (
    <PatientEditForm key={`${patient.id}-${generation}`} header={data.studyPatient} patient={patient} query={query} onReload={reopen} />
  );
}

type FormProps = {
  header: NonNullable<PatientEditScreenQuery['response']['studyPatient']>;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  onReload: () => void;
};

function PatientEditForm({ header, onReload, ...current }: FormProps) {
  const { patient, query } = useOpenedWith(current);
  const navigate = useNavigate();
  const [update] = useUpdateStudyPatientMutation();
  const back = `/patient/${encodeURIComponent(patient.id)}`;
  const save = async (fields: FieldInput[], reasonForChange: string | null): Promise<readonly SaveError[]> => {
    const answer = await commitMutationAsync(update, { input: { id: patient.id, version: patient.version, fields, reasonForChange } });
    return answer.updateStudyPatient.errors;
  };
  return (
    <>
      <PatientHeader studyPatient={header} title={texts.patient.editHeading(patient.pseudonym)} />
      <DocumentationFormPage
        patient={patient}
        query={query}
        place={place}
        formFieldsOf={patientFieldsOf}
        original={patient.fields}
        reasonRequired={reasonForChangeRequired({ formState: null, visit: null })}
        readOnly={!patient.viewerCan.edit}
        save={save}
        onSaved={() => navigate(back)}
        onCancel={() => navigate(back)}
        lockOwnerVersion={patient.version}
        onReload={onReload}
      />
    </>
  );
}
