import { useMemo } from 'react';
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
import { DataQueryButton } from '../../dataQueries/DataQueryButton';
import { useDataQueryTargets } from '../../dataQueries/dataQueryTargets';
import { usePatientQueryUpdates } from '../../dataQueries/usePatientQueryUpdates';
import { fieldMarksOf, type FieldMarks } from '../../dataQueries/fieldMarks';
import { verificationFlagsByField } from '../../verification/fieldVerification';
import { useVerificationFlagUpdates } from '../../verification/useVerificationFlagUpdates';

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
        viewer {
          ...dataQueryTargets_viewer
        }
        studyPatient(id: $patientId) {
          ...PatientHeader_studyPatient
          ...documentationContext_studyPatient
          ...dataQueryTargets_studyPatient
          ...DataQueryButton_studyPatient
          # The patient fields down to list entries' children: their verification flags.
          fields {
            ...fieldVerification_dataField
            childFields {
              ...fieldVerification_dataField
              childFields {
                ...fieldVerification_dataField
              }
            }
          }
        }
        ...documentationContext_query
      }
    `,
    useScreenReference(patientEditScreenQuery),
  );
  const { patient, query } = useDocumentation(data.studyPatient, data);
  const targets = useDataQueryTargets(data.studyPatient, data.viewer);
  const storedFields = data.studyPatient?.fields;
  const flagsByField = useMemo(() => verificationFlagsByField(storedFields ?? []), [storedFields]);
  usePatientQueryUpdates(patient?.id ?? '');
  useVerificationFlagUpdates(patient?.id ?? '');
  if (!data.studyPatient || !patient || !targets) return <Banner variant="critical" title={texts.patient.notFound} />;
  return (
    <PatientEditForm
      key={`${patient.id}-${generation}`}
      header={data.studyPatient}
      marks={{ studyPatient: data.studyPatient, targets, flagsByField }}
      patient={patient}
      query={query}
      onReload={reopen}
    />
  );
}

type FormProps = {
  header: NonNullable<PatientEditScreenQuery['response']['studyPatient']>;
  marks: FieldMarks;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  onReload: () => void;
};

function PatientEditForm({ header, marks, onReload, ...current }: FormProps) {
  const { patient, query } = useOpenedWith(current);
  const navigate = useNavigate();
  const [update] = useUpdateStudyPatientMutation();
  const back = `/patient/${encodeURIComponent(patient.id)}`;
  const save = async (fields: FieldInput[], reasonForChange: string | null): Promise<readonly SaveError[]> => {
    const answer = await commitMutationAsync(update, { input: { id: patient.id, version: patient.version, fields, reasonForChange } });
    return answer.updateStudyPatient.errors;
  };
  const target = { locationId: marks.targets.locationId, visit: null };
  return (
    <>
      <PatientHeader studyPatient={header} title={texts.patient.editHeading(patient.pseudonym)}>
        <DataQueryButton
          studyPatient={marks.studyPatient}
          targets={marks.targets}
          subject={{ kind: 'STUDY_PATIENT', id: patient.id, label: patient.pseudonym }}
          target={target}
        />
      </PatientHeader>
      <DocumentationFormPage
        patient={patient}
        query={query}
        place={place}
        formFieldsOf={patientFieldsOf}
        original={patient.fields}
        reasonRequired={reasonForChangeRequired({ formState: null, visit: null })}
        readOnly={!patient.viewerCan.edit}
        save={save}
        savedName={texts.patient.editHeading(patient.pseudonym)}
        onSaved={() => navigate(back)}
        onCancel={() => navigate(back)}
        lockOwnerVersion={patient.version}
        onReload={onReload}
        fieldExtras={fieldMarksOf(marks, target, patient.text)}
      />
    </>
  );
}
