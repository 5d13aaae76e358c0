import { useState } from 'react';
import { graphql, usePreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Button, LinkButton } from '@primer/react';
import patientScreenQueryNode from '../../__generated__/PatientScreenQuery.graphql';
import type { PatientScreenQuery } from '../../__generated__/PatientScreenQuery.graphql';
import { PatientHeader } from '../../patients/PatientHeader';
import { texts } from '../../texts';
import { VisitList } from './VisitList';
import { StandaloneInstruments } from './StandaloneInstruments';
import { IdentityDialog } from './IdentityDialog';
import { DeletePatientDialog } from './DeletePatientDialog';
import { DeletedPatientBanner } from './DeletedPatientBanner';
import { mayEditIdentity } from '../../patients/identityRights';
import { defineScreenQuery } from '../../layout/AppShell';
import { useScreenReference } from '../../layout/screenQuery';
import { DataQueryButton } from '../../dataQueries/DataQueryButton';
import { useDataQueryTargets } from '../../dataQueries/dataQueryTargets';
import { usePatientQueryUpdates } from '../../dataQueries/usePatientQueryUpdates';
import { QuestionnaireScores } from '../../questionnaires/QuestionnaireScores';

const t = texts.patient;

/** The route preloads the screen's query with these variables. */
export const patientScreenQuery = defineScreenQuery<PatientScreenQuery>(patientScreenQueryNode, ({ params }) => ({
  id: params.patientId ?? '',
}));

/** /patient/{patientId}: the patient's visits with their states and the standalone instruments (ecrf-core.md §2). */
export function PatientScreen() {
  const data = usePreloadedQuery<PatientScreenQuery>(
    graphql`
      query PatientScreenQuery($id: ID!) {
        ...AppShell_query
        ...QuestionnaireScores_query
        viewer {
          rights
          ...dataQueryTargets_viewer
        }
        studyPatient(id: $id) {
          id
          pseudonym
          identity {
            __typename
          }
          viewerCan {
            edit
            delete
          }
          ...PatientHeader_studyPatient
          ...DeletedPatientBanner_studyPatient
          ...VisitList_studyPatient
          ...StandaloneInstruments_studyPatient
          ...dataQueryTargets_studyPatient
          ...DataQueryButton_studyPatient
          ...QuestionnaireScores_studyPatient
        }
      }
    `,
    useScreenReference(patientScreenQuery),
  );
  const patient = data.studyPatient;
  const targets = useDataQueryTargets(patient, data.viewer);
  usePatientQueryUpdates(patient?.id ?? '');
  const [editingIdentity, setEditingIdentity] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!patient) return <Banner variant="critical" title={t.notFound} />;

  const base = `/patient/${encodeURIComponent(patient.id)}`;
  return (
    <>
      <PatientHeader studyPatient={patient}>
        {targets && (
          <DataQueryButton
            studyPatient={patient}
            targets={targets}
            subject={{ kind: 'STUDY_PATIENT', id: patient.id, label: patient.pseudonym }}
            target={{ locationId: targets.locationId, visit: null }}
          />
        )}
        {patient.viewerCan.edit && (
          <LinkButton as={RouterLink} to={`/patient/edit/${encodeURIComponent(patient.id)}`}>
            {t.edit}
          </LinkButton>
        )}
        <LinkButton as={RouterLink} to={`${base}/projects`}>
          {texts.projects.link}
        </LinkButton>
        <LinkButton as={RouterLink} to={`${base}/printOverviewSheet`}>
          {t.printOverview}
        </LinkButton>
        {patient.identity && mayEditIdentity(data.viewer.rights) && (
          <Button onClick={() => setEditingIdentity(true)}>{texts.identity.edit}</Button>
        )}
        {patient.viewerCan.delete && (
          <Button variant="danger" onClick={() => setDeleting(true)}>
            {t.delete}
          </Button>
        )}
      </PatientHeader>
      <DeletedPatientBanner studyPatient={patient} />
      <VisitList studyPatient={patient} />
      <StandaloneInstruments studyPatient={patient} />
      <QuestionnaireScores studyPatient={patient} query={data} />
      {editingIdentity && <IdentityDialog studyPatientId={patient.id} onClose={() => setEditingIdentity(false)} />}
      {deleting && <DeletePatientDialog studyPatientId={patient.id} pseudonym={patient.pseudonym} onClose={() => setDeleting(false)} />}
    </>
  );
}
