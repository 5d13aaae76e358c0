import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Link } from '@primer/react';
import type { MergedPatientBanner_studyPatient$key } from '../../__generated__/MergedPatientBanner_studyPatient.graphql';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';

/** A study patient joined into another ("Dieselbe Person", issue 17) says so and links to the survivor. */
export function MergedPatientBanner({ studyPatient }: { studyPatient: MergedPatientBanner_studyPatient$key }) {
  const { mergedInto } = useFragment(
    graphql`
      fragment MergedPatientBanner_studyPatient on StudyPatient {
        mergedInto {
          id
          pseudonym
        }
      }
    `,
    studyPatient,
  );
  if (!mergedInto) return null;
  return (
    <div className={styles.section}>
      <Banner
        variant="warning"
        title={texts.patient.merged(mergedInto.pseudonym)}
        hideTitle={false}
        description={
          <Link as={RouterLink} to={`/patient/${encodeURIComponent(mergedInto.id)}`}>
            {texts.patient.openSurvivor(mergedInto.pseudonym)}
          </Link>
        }
      />
    </div>
  );
}
