import { Label } from '@primer/react';
import { texts } from '../texts';

const variants = {
  OPEN: 'attention',
  PENDING: 'accent',
  INVISIBLE: 'secondary',
  NO_LONGER_RELEVANT: 'secondary',
  CLOSED: 'success',
} as const;

/** A query's status as a coloured German label. */
export function DataQueryStatusLabel({ status }: { status: string }) {
  const known = status in variants ? (status as keyof typeof variants) : null;
  return <Label variant={known ? variants[known] : 'secondary'}>{known ? texts.dataQueries.statuses[known] : status}</Label>;
}
