import { Link as RouterLink } from 'react-router';
import { Banner, Link } from '@primer/react';
import { texts } from '../texts';

export type Merged = { tentative: string; survivorId: string; survivor: string };

/** After "Dieselbe Person": which two patients were joined, and the way to the survivor, who holds both documentations. */
export function MergedNotice({ merged }: { merged: Merged }) {
  return (
    <Banner
      variant="success"
      title={texts.possibleMatches.merged(merged.tentative, merged.survivor)}
      hideTitle={false}
      description={
        <Link as={RouterLink} to={`/patient/${encodeURIComponent(merged.survivorId)}`}>
          {texts.possibleMatches.openSurvivor(merged.survivor)}
        </Link>
      }
    />
  );
}
