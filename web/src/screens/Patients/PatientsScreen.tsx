import { useEffect } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Heading, LinkButton } from '@primer/react';
import patientsScreenQueryNode from '../../__generated__/PatientsScreenQuery.graphql';
import type { PatientsScreenQuery } from '../../__generated__/PatientsScreenQuery.graphql';
import { useStudyScope } from '../../layout/studyScope';
import { hasAnyRight, hasRight } from '@ecrf/rules';
import { mayOpenPatients, mayReadIdentities, mayRegisterPatients } from '../../patients/identityRights';
import { texts } from '../../texts';
import patientStyles from '../../patients/Patient.module.css';
import { PATIENTS_PAGE, PatientsTable } from './PatientsTable';
import { defineScreenQuery } from '../../layout/AppShell';
import { usePreloadedScreen } from '../../layout/screenQuery';
import { PageSpinner } from '../../components/PageSpinner';
import { getStoredStudyId } from '../../session/sessionStore';

/**
 * The route preloads the screen's query for the study the shell found last (session storage). Before the
 * shell has shown any in this tab the study is unknown: then the screen loads its query once it is known.
 */
export const patientsScreenQuery = defineScreenQuery<PatientsScreenQuery>(patientsScreenQueryNode, () => {
  const studyId = getStoredStudyId();
  return studyId === null ? null : { studyId, count: PATIENTS_PAGE };
});

/** /patients: the patient table of the study (ecrf-core.md §2; ecrf-calls.md "Patients"; issue 5). */
export function PatientsScreen() {
  const scope = useStudyScope();
  const preloaded = usePreloadedScreen(patientsScreenQuery);
  if (scope === null) return <Banner variant="warning" title={texts.patients.noStudy} />;
  return <PatientsOfStudy studyId={scope.studyId} preloaded={preloaded?.variables.studyId === scope.studyId ? preloaded : null} />;
}

type Props = { studyId: string; preloaded: PreloadedQuery<PatientsScreenQuery> | null };

function PatientsOfStudy({ studyId, preloaded }: Props) {
  const [loaded, load] = useQueryLoader<PatientsScreenQuery>(patientsScreenQueryNode);
  useEffect(() => {
    if (preloaded === null) load({ studyId, count: PATIENTS_PAGE }, { fetchPolicy: 'store-and-network' });
  }, [preloaded, studyId, load]);
  const reference = preloaded ?? loaded ?? null;
  return reference === null ? <PageSpinner /> : <PatientList studyId={studyId} reference={reference} />;
}

function PatientList({ studyId, reference }: { studyId: string; reference: PreloadedQuery<PatientsScreenQuery> }) {
  const data = usePreloadedQuery<PatientsScreenQuery>(
    graphql`
      query PatientsScreenQuery($studyId: ID!, $count: Int!) {
        ...AppShell_query
        viewer {
          rights
          locations {
            id
            identifier
            displayName
          }
        }
        ...PatientsTable_query @arguments(studyId: $studyId, first: $count)
      }
    `,
    reference,
  );
  const { rights, locations } = data.viewer;
  if (!hasAnyRight(rights, ['PatientGetAllCmd', 'PatientGetMyCmd'])) return <Banner variant="critical" title={texts.admin.forbidden} />;
  return (
    <section aria-labelledby="patients-heading">
      <div className={patientStyles.header}>
        <Heading as="h1" id="patients-heading" className={patientStyles.heading}>
          {texts.patients.heading}
        </Heading>
        {mayRegisterPatients(rights) && (
          <LinkButton as={RouterLink} to="/patientCreate" variant="primary">
            {texts.patients.create}
          </LinkButton>
        )}
      </div>
      <PatientsTable
        query={data}
        labelledBy="patients-heading"
        studyId={studyId}
        locations={locations}
        mayListAssigned={hasRight(rights, 'NngmStudyPatientGetMyAssignedCmd')}
        showNames={mayReadIdentities(rights)}
        mayOpenPatients={mayOpenPatients(rights)}
      />
    </section>
  );
}
