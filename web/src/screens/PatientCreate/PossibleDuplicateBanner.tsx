import { Link as RouterLink } from 'react-router';
import { Banner, Link } from '@primer/react';
import { texts } from '../../texts';

const t = texts.identity;

export type Duplicate = {
  message: string;
  pseudonym: string;
  /** The duplicate's study patients the viewer may open. */
  studyPatients: readonly { readonly id: string; readonly pseudonym: string }[];
  /** An unsure match (409) may be stored as another person; an identity already in the registry may not. */
  mayConfirm: boolean;
};

type Props = { duplicate: Duplicate; busy: boolean; onConfirm: () => void };

/** The service's unsure match (ecrf-calls.md §5, 409): its German message and the stored patient's pseudonym. */
export function PossibleDuplicateBanner({ duplicate, busy, onConfirm }: Props) {
  const visible = duplicate.studyPatients[0];
  return (
    <Banner
      variant="warning"
      title={t.duplicateHeading}
      hideTitle={false}
      description={
        <>
          <p>{duplicate.message}</p>
          <p>
            {t.duplicatePseudonym(duplicate.pseudonym)}
            {visible && (
              <>
                {' '}
                <Link as={RouterLink} to={`/patient/${encodeURIComponent(visible.id)}`}>
                  {t.openDuplicate(visible.pseudonym)}
                </Link>
              </>
            )}
          </p>
        </>
      }
      primaryAction={
        duplicate.mayConfirm ? (
          <Banner.PrimaryAction onClick={onConfirm} disabled={busy}>
            {t.confirmNew}
          </Banner.PrimaryAction>
        ) : undefined
      }
    />
  );
}
