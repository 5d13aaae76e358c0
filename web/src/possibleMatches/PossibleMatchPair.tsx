import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Button } from '@primer/react';
import type { PossibleMatchDecision } from '../__generated__/DecidePossibleMatchMutation.graphql';
import type { PossibleMatchPair_pair$key } from '../__generated__/PossibleMatchPair_pair.graphql';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import { DecidePossibleMatchDialog } from './DecidePossibleMatchDialog';
import type { Merged } from './MergedNotice';
import pairStyles from './PossibleMatches.module.css';
import { PAIR_ROWS, usePairSide } from './usePairSide';

const t = texts.possibleMatches;

/** One possible match: the tentative and the stored patient side by side, with the two decisions. */
export function PossibleMatchPair({ pair, onMerged }: { pair: PossibleMatchPair_pair$key; onMerged: (merged: Merged) => void }) {
  const data = useFragment(
    graphql`
      fragment PossibleMatchPair_pair on PossibleMatch {
        tentative {
          id
          pseudonym
          ...usePairSide_studyPatient
        }
        candidate {
          pseudonym
          ...usePairSide_studyPatient
        }
      }
    `,
    pair,
  );
  const tentative = usePairSide(data.tentative);
  const candidate = usePairSide(data.candidate);
  const [decision, setDecision] = useState<PossibleMatchDecision | null>(null);
  const caption = t.pairCaption(data.tentative.pseudonym, data.candidate.pseudonym);
  return (
    <article className={pairStyles.pair} aria-label={caption}>
      <table className={styles.table}>
        <caption className={pairStyles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.field}</th>
            <th scope="col">{t.tentative}</th>
            <th scope="col">{t.candidate}</th>
          </tr>
        </thead>
        <tbody>
          {PAIR_ROWS.map((label, row) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{tentative[row]}</td>
              <td>{candidate[row]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={`${styles.actions} ${pairStyles.decisions}`}>
        <Button onClick={() => setDecision('SAME')}>{t.same}</Button>
        <Button onClick={() => setDecision('APART')}>{t.apart}</Button>
      </div>
      {decision && (
        <DecidePossibleMatchDialog
          tentativeId={data.tentative.id}
          tentativePseudonym={data.tentative.pseudonym}
          decision={decision}
          onClose={() => setDecision(null)}
          onMerged={onMerged}
        />
      )}
    </article>
  );
}
