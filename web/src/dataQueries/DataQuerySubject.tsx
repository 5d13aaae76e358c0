import { Link as RouterLink } from 'react-router';
import { graphql, useFragment } from 'react-relay';
import { Link } from '@primer/react';
import type { DataQuerySubject_dataQuery$key } from '../__generated__/DataQuerySubject_dataQuery.graphql';
import { subjectText } from './dataQueryFormat';
import { dataQueryHref } from './dataQueryLink';

type Props = {
  dataQuery: DataQuerySubject_dataQuery$key;
  /** Called when the link is followed, e.g. to close the dialog it stands in. */
  onFollow?: () => void;
  className?: string;
};

/** What a query is about by name ("ECOG-Performance-Status in Allgemeinzustand (ECOG)"), linked to its form and field. */
export function DataQuerySubject({ dataQuery, onFollow, className }: Props) {
  const { subject, fieldLabel, formLabel, target } = useFragment(
    graphql`
      fragment DataQuerySubject_dataQuery on DataQuery {
        subject
        fieldLabel
        formLabel
        target {
          studyPatientId
          visitId
          instrumentId
          dataFieldId
        }
      }
    `,
    dataQuery,
  );
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
