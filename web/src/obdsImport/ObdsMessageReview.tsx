import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button, Checkbox, Heading, Label, Stack, Text } from '@primer/react';
import type { ObdsMessageReview_message$key } from '../__generated__/ObdsMessageReview_message.graphql';
import { formatDateTime } from '../errors/errorCatalogue';
import { useDecideObdsMessageMutation } from '../mutations/DecideObdsMessageMutation';
import { texts } from '../texts';
import styles from '../administration/AdminTable.module.css';
import obdsStyles from './ObdsImport.module.css';

const t = texts.obdsImport;

type Choice = { instrument: string; path: string };

/** Values as the forms show them: a date yyyy-MM-dd as dd.MM.yyyy, codes as they are. */
const shown = (values: readonly string[]): string =>
  values.map((value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('.') : value)).join(', ');
const keyOf = (choice: Choice) => `${choice.instrument}:${choice.path}`;

/** One message: what became of it, and for proposals each field's proposed value beside the stored one, to accept. */
export function ObdsMessageReview({ message }: { message: ObdsMessageReview_message$key }) {
  const data = useFragment(
    graphql`
      fragment ObdsMessageReview_message on ObdsMessage {
        id
        messageId
        reportKind
        tumourIcd10
        patientPosition
        patientMatch
        outcome
        reason
        decidedAt
        decidedBy
        proposals {
          instrument
          instrumentLabel
          target {
            label
            date
            isNew
          }
          therapyLine
          fields {
            path
            label
            proposedText
            currentText
            note
            accepted
          }
        }
        skipped {
          source
          value
          reason
        }
      }
    `,
    message,
  );
  const all = data.proposals.flatMap((p) => p.fields.map((f) => keyOf({ instrument: p.instrument, path: f.path })));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(all));
  const [error, setError] = useState<string | null>(null);
  const [commit, busy] = useDecideObdsMessageMutation();
  const open = data.outcome === 'PROPOSED' && data.decidedAt === null;
  const headingId = `obds-message-${data.messageId}`;

  const decide = (fields: Choice[] | null) => {
    setError(null);
    commit({
      variables: { input: { messageId: data.id, ...(fields ? { fields } : {}) } },
      onCompleted: (response) => {
        const [first] = response.decideObdsMessage.errors;
        if (first) setError(first.message);
      },
      onError: () => setError(texts.obdsImport.refused),
    });
  };
  const choices = (): Choice[] =>
    data.proposals.flatMap((p) =>
      p.fields
        .filter((f) => chosen.has(keyOf({ instrument: p.instrument, path: f.path })))
        .map((f) => ({ instrument: p.instrument, path: f.path })),
    );
  const toggle = (key: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <section aria-labelledby={headingId} className={obdsStyles.message}>
      <Heading as="h3" id={headingId} className={obdsStyles.messageHeading}>
        {t.message(data.messageId, data.reportKind, data.tumourIcd10)}
      </Heading>
      <Stack direction="horizontal" gap="condensed" wrap="wrap">
        <Text>{t.patient(data.patientPosition)}</Text>
        <Label>{t.match[data.patientMatch] ?? data.patientMatch}</Label>
        <Label variant={data.outcome === 'PROPOSED' ? 'accent' : 'secondary'}>{t.outcome[data.outcome] ?? data.outcome}</Label>
      </Stack>
      {data.reason && <Text as="p">{data.reason}</Text>}
      {data.proposals.map((proposal) => {
        const caption = proposal.therapyLine
          ? `${proposal.instrumentLabel}, ${t.therapyLine(proposal.therapyLine)}`
          : proposal.instrumentLabel;
        return (
          <div key={proposal.instrument} className={obdsStyles.scroll}>
            <table className={styles.table}>
              <caption className={obdsStyles.caption}>
                {caption}
                <div className={obdsStyles.target}>
                  {t.target(proposal.target.label, proposal.target.date ? shown([proposal.target.date]) : null, proposal.target.isNew)}
                </div>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t.field}</th>
                  <th scope="col">{t.proposed}</th>
                  <th scope="col">{t.current}</th>
                  <th scope="col">{t.take}</th>
                </tr>
              </thead>
              <tbody>
                {proposal.fields.map((field) => {
                  const key = keyOf({ instrument: proposal.instrument, path: field.path });
                  return (
                    <tr key={key}>
                      <th scope="row">{field.label}</th>
                      <td>
                        {shown(field.proposedText)}
                        {field.note && <div className={obdsStyles.note}>{field.note}</div>}
                      </td>
                      <td>{field.currentText.length > 0 ? shown(field.currentText) : t.empty}</td>
                      <td>
                        {open ? (
                          <Checkbox checked={chosen.has(key)} onChange={() => toggle(key)} aria-label={t.takeLabel(field.label)} />
                        ) : (
                          <Text>{field.accepted ? t.accepted : t.notAccepted}</Text>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      })}
      {data.skipped.length > 0 && (
        <>
          <Text as="p" weight="semibold">
            {t.skipped}
          </Text>
          <ul className={obdsStyles.skipped}>
            {data.skipped.map((skipped) => (
              <li key={`${skipped.source}-${skipped.value}`}>{t.skippedValue(skipped.source, skipped.value, skipped.reason)}</li>
            ))}
          </ul>
        </>
      )}
      {error && <Banner variant="critical" title={error} />}
      {open && (
        <Stack direction="horizontal" gap="condensed" wrap="wrap">
          <Button variant="primary" disabled={busy || chosen.size === 0} onClick={() => decide(choices())}>
            {busy ? t.deciding : t.acceptSelected}
          </Button>
          <Button disabled={busy} onClick={() => decide(null)}>
            {t.acceptAll}
          </Button>
          <Button disabled={busy} onClick={() => decide([])}>
            {t.reject}
          </Button>
        </Stack>
      )}
      {data.decidedAt && data.decidedBy && (
        <Text as="p">{t.decided(data.decidedBy, formatDateTime(data.decidedAt) ?? data.decidedAt)}</Text>
      )}
    </section>
  );
}
