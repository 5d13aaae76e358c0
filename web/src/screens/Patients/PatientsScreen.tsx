import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Heading, LinkButton } from '@primer/react';
import type { PatientsScreenQuery } from '../../__generated__/PatientsScreenQuery.graphql';
import { useStudyScope } from '../../layout/studyScope';
import { hasAnyRight, hasRight } from '../../session/roles';
import { mayReadIdentities, mayRegisterPatients } from '../../patients/identityRights';
import { texts } from '../../texts';
import patientStyles from '../../patients/Patient.module.css';
import { PATIENTS_PAGE, PatientsTable } from './PatientsTable';

/** /patients: the patient table of the study (ecrf-core.md §2; ecrf-calls.md "Patients"; issue 5). */
export function PatientsScreen() {
  const scope = useStudyScope();
  if (scope === null) return <Banner variant="warning" title={texts.patients.noStudy} />;
  return <PatientsOfStudy studyId={scope.studyId} />;
}

function PatientsOfStudy({ studyId }: { studyId: string }) {
  const data = useLazyLoadQuery<PatientsScreenQuery>(
    graphql`
      query PatientsScreenQuery($studyId: ID!, $count: Int!) {
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
    { studyId, count: PATIENTS_PAGE },
    { fetchPolicy: 'store-and-network' },
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
        studyId={studyId}
        locations={locations}
        mayListAssigned={hasRight(rights, 'NngmStudyPatientGetMyAssignedCmd')}
        showNames={mayReadIdentities(rights)}
        showVisits={hasRight(rights, 'StudyPatientGetContextCmd')}
      />
    </section>
  );
}
