import { Link as RouterLink } from 'react-router';
import { Link } from '@primer/react';
import { subjectText } from './dataQueryFormat';
import { dataQueryHref, type DataQueryTargetIds } from './dataQueryLink';

type Props = {
  subject: string;
  fieldLabel: string | null | undefined;
  formLabel: string | null | undefined;
  target: DataQueryTargetIds | null | undefined;
  /** Called when the link is followed, e.g. to close the dialog it stands in. */
  onFollow?: () => void;
  className?: string;
};

/** What a query is about by name ("ECOG-Performance-Status in Allgemeinzustand (ECOG)"), linked to its form and field. */
export function DataQuerySubject({ subject, fieldLabel, formLabel, target, onFollow, className }: Props) {
  const text = subjectText(subject, fieldLabel, formLabel);
  const href = dataQueryHref(target);
  return href === null ? (
    <>{text}</>
  ) : (
    <Link as={RouterLink} to={href} onClick={onFollow} className={className}>
      {text}
    </Link>
  );
}
