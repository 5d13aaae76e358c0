import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router';
import { Banner, Link } from '@primer/react';
import type { DeletedPatientBanner_studyPatient$key } from '../../__generated__/DeletedPatientBanner_studyPatient.graphql';
import { texts } from '../../texts';
import styles from '../../patients/Patient.module.css';

/**
 * A deleted study patient says so above its read-only documentation; one joined into another ("Dieselbe Person",
 * issue 17) names and links the survivor, or says it lies at a location the viewer does not see.
 */
export function DeletedPatientBanner({ studyPatient }: { studyPatient: DeletedPatientBanner_studyPatient$key }) {
  const { isDeleted, isMerged, mergedInto } = useFragment(
    graphql`
      fragment DeletedPatientBanner_studyPatient on StudyPatient {
        isDeleted
        isMerged
        mergedInto {
          id
          pseudonym
        }
      }
    `,
    studyPatient,
  );
  if (!isDeleted && !isMerged) return null;
  const title = mergedInto
    ? texts.patient.merged(mergedInto.pseudonym)
    : isMerged
      ? texts.patient.mergedHidden
      : texts.patient.deletedNotice;
  return (
    <div className={styles.section}>
      <Banner
        variant="warning"
        title={title}
        hideTitle={false}
        description={
          mergedInto ? (
            <Link as={RouterLink} to={`/patient/${encodeURIComponent(mergedInto.id)}`}>
              {texts.patient.openSurvivor(mergedInto.pseudonym)}
            </Link>
          ) : undefined
        }
      />
    </div>
  );
}
