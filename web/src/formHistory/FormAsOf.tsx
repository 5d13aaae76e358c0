import { graphql, useFragment } from 'react-relay';
import { Banner } from '@primer/react';
import type { DataFieldDefinition, FormPlace, StudyDefinition } from '@ecrf/rules';
import type { FormAsOf_snapshot$key } from '../__generated__/FormAsOf_snapshot.graphql';
import type { DocumentationPatient, DocumentationQuery } from '../patients/documentationContext';
import { StateLabel } from '../patients/StateLabel';
import { PrintForm } from '../print/PrintForm';
import { texts } from '../texts';
import styles from './FormHistory.module.css';
import { historyMoment } from './changeText';

const t = texts.formHistory;

type Props = {
  /** Null: the form did not exist at `at`. */
  snapshot: FormAsOf_snapshot$key | null;
  at: string;
  patient: DocumentationPatient;
  query: DocumentationQuery;
  place: FormPlace;
  formFieldsOf: (definition: StudyDefinition) => readonly DataFieldDefinition[];
};

/**
 * "Stand vom …" (issue 25 item 5): the form as the audit trail shows it at a moment, read-only as the printed
 * document shows a form, framed and titled as a past state so it is never taken for the current one.
 */
export function FormAsOf({ snapshot, at, patient, query, place, formFieldsOf }: Props) {
  const data = useFragment(
    graphql`
      fragment FormAsOf_snapshot on FormSnapshot {
        state
        version
        isDeleted
        deletion {
          occurredAt
          userName
          reasonForChange
        }
        rebuiltCompletely
        fields
      }
    `,
    snapshot,
  );
  const title = t.pastTitle(historyMoment(at));
  if (!data) return <Banner variant="info" title={title} description={t.notYet(historyMoment(at))} hideTitle={false} />;
  return (
    <section className={styles.past} aria-label={t.pastRegion(historyMoment(at))}>
      <Banner variant="warning" title={title} description={t.pastNote} hideTitle={false} />
      <p className={styles.pastFacts}>
        {data.version != null && `${t.pastVersion(data.version)} · `}
        {data.state && <StateLabel state={data.state} />}
      </p>
      {data.deletion && (
        <Banner
          variant="critical"
          title={t.deletedThen(historyMoment(data.deletion.occurredAt), data.deletion.userName, data.deletion.reasonForChange ?? null)}
        />
      )}
      {!data.rebuiltCompletely && <Banner variant="warning" title={t.incomplete} />}
      <PrintForm patient={patient} query={query} place={place} formFieldsOf={formFieldsOf} fields={data.fields} />
    </section>
  );
}
