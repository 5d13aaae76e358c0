import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Button, CounterLabel, Dialog } from '@primer/react';
import { CommentDiscussionIcon } from '@primer/octicons-react';
import type {
  DataQueryButton_studyPatient$data,
  DataQueryButton_studyPatient$key,
} from '../__generated__/DataQueryButton_studyPatient.graphql';
import { texts } from '../texts';
import { countQueries } from './dataQueryFormat';
import { DataQueryCard } from './DataQueryCard';
import { RaiseDataQueryForm } from './RaiseDataQueryForm';
import type { DataQueryTargets, SubjectKind } from './dataQueryTargets';
import type { RaiseTarget } from './raiseDecisions';
import styles from './DataQueries.module.css';

const t = texts.dataQueries;

type Props = {
  /** The patient whose queries (about it, its visits, instruments and fields) the button picks its subject's from. */
  studyPatient: DataQueryButton_studyPatient$key;
  targets: DataQueryTargets;
  subject: { kind: SubjectKind; id: string; label: string };
  target: RaiseTarget;
  /** A field's small counter badge instead of the header's button. */
  compact?: boolean;
};

/**
 * The query button of a patient, visit, instrument or field: its count and state ("Queries (2 offen)"),
 * opening the dialog with the thread of each query and, for those who may, the form to raise one.
 * Hidden when the viewer can neither see nor raise queries.
 */
export function DataQueryButton({ studyPatient, targets, subject, target, compact = false }: Props) {
  // The patient's one list: the create mutation and the live updates bring it back, so every button counts from it.
  const { allDataQueries } = useFragment(
    graphql`
      fragment DataQueryButton_studyPatient on StudyPatient {
        allDataQueries {
          id
          status
          subject
          visit {
            id
          }
          instrument {
            id
          }
          dataField {
            id
          }
          ...DataQueryCard_dataQuery
        }
      }
    `,
    studyPatient,
  );
  const queries = allDataQueries.filter((query) => isAbout(query, subject.kind, subject.id));
  const [open, setOpen] = useState(false);
  if (!targets.canSee && !targets.canRaise) return null;
  // A field without queries offers nothing to whom cannot raise one.
  if (compact && queries.length === 0 && !targets.canRaise) return null;
  const { unresolved, total } = countQueries(queries);
  const typeLabel = (identifier: string) => {
    const displayKey = targets.queryTypes.find((type) => type.identifier === identifier)?.displayKey;
    return displayKey ? targets.text(displayKey) : identifier;
  };
  return (
    <>
      {compact ? (
        <Button
          size="small"
          variant="invisible"
          leadingVisual={CommentDiscussionIcon}
          aria-label={t.fieldButton(subject.label, unresolved, total)}
          onClick={() => setOpen(true)}
        >
          {total > 0 ? (
            <CounterLabel scheme={unresolved > 0 ? 'primary' : 'secondary'}>{unresolved > 0 ? unresolved : total}</CounterLabel>
          ) : (
            t.raiseButton
          )}
        </Button>
      ) : (
        <Button leadingVisual={CommentDiscussionIcon} onClick={() => setOpen(true)}>
          {t.buttonCount(unresolved, total)}
        </Button>
      )}
      {open && (
        <Dialog title={t.dialogTitle(t.subjects[subject.kind](subject.label))} width="xlarge" onClose={() => setOpen(false)}>
          <div className={styles.dialogBody}>
            {queries.length === 0 ? (
              <p className={styles.muted}>{t.none}</p>
            ) : (
              queries.map((query) => (
                <DataQueryCard key={query.id} dataQuery={query} typeLabel={typeLabel} onFollowSubject={() => setOpen(false)} />
              ))
            )}
            {targets.canRaise && <RaiseDataQueryForm subjectId={subject.id} targets={targets} target={target} />}
          </div>
        </Dialog>
      )}
    </>
  );
}

type Query = DataQueryButton_studyPatient$data['allDataQueries'][number];

/** The query is about exactly this record (not about a record below it). */
export function isAbout(query: Pick<Query, 'subject' | 'visit' | 'instrument' | 'dataField'>, kind: SubjectKind, id: string): boolean {
  if (query.subject !== kind) return false;
  if (kind === 'STUDY_PATIENT') return true;
  if (kind === 'VISIT') return query.visit?.id === id;
  if (kind === 'INSTRUMENT') return query.instrument?.id === id;
  return query.dataField?.id === id;
}
