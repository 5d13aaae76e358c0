import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button, FormControl, Heading, Label, Textarea, TextInput } from '@primer/react';
import type { DataQueryCard_dataQuery$key } from '../__generated__/DataQueryCard_dataQuery.graphql';
import { formatDateTime } from '../errors/errorCatalogue';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import { allowedActions, isUnresolved, refusalNotes, type DataQueryActionKey } from './dataQueryFormat';
import { useDataQueryAction } from './useDataQueryAction';
import { DataQueryStatusLabel } from './DataQueryStatusLabel';
import { DataQuerySubject } from './DataQuerySubject';
import styles from './DataQueries.module.css';
import { TEXT_LIMITS } from '@ecrf/rules';

const t = texts.dataQueries;
const at = (iso: string) => formatDateTime(iso) ?? iso;

/**
 * One query with its thread (who, when, in which role, what text, which status it left) and the actions
 * the viewer may take now; actions refused for another reason than right or role say why in German.
 */
export function DataQueryCard({
  dataQuery,
  typeLabel,
  onFollowSubject,
}: {
  dataQuery: DataQueryCard_dataQuery$key;
  typeLabel: (identifier: string) => string;
  /** The link to the query's record was followed: the dialog around the card closes. */
  onFollowSubject?: () => void;
}) {
  const query = useFragment(
    graphql`
      fragment DataQueryCard_dataQuery on DataQuery {
        id
        title
        text
        priority
        status
        answerStage
        createdByDisplayName
        createdAt
        ...DataQuerySubject_dataQuery
        version
        queryType {
          identifier
        }
        thread {
          kind
          displayName
          roleName
          at
          text
          status
        }
        viewerCan {
          edit {
            allowed
            reason
          }
          answer {
            allowed
            reason
          }
          accept {
            allowed
            reason
          }
          revoke {
            allowed
            reason
          }
          solve {
            allowed
            reason
          }
          defer {
            allowed
            reason
          }
        }
      }
    `,
    dataQuery,
  );
  const [acting, setActing] = useState<DataQueryActionKey | null>(null);
  const headingId = `query-${query.id}`;
  const notes = refusalNotes(query.viewerCan);
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <Heading as="h3" id={headingId} className={styles.cardTitle}>
          {query.title}
        </Heading>
        <span className={styles.labels}>
          <DataQueryStatusLabel status={query.status} />
          <Label>{t.answerStages[query.answerStage as keyof typeof t.answerStages] ?? query.answerStage}</Label>
          <Label variant={query.priority === 'HIGH' ? 'danger' : 'secondary'}>
            {t.priority}: {t.priorities[query.priority as keyof typeof t.priorities] ?? query.priority}
          </Label>
        </span>
      </header>
      <p className={styles.muted}>
        {t.type}: {typeLabel(query.queryType.identifier)} · {t.createdBy(query.createdByDisplayName, at(query.createdAt))}
      </p>
      <p className={styles.muted}>
        {t.subjectLine}: <DataQuerySubject dataQuery={query} onFollow={onFollowSubject} />
      </p>
      <Heading as="h4" className={styles.threadHeading}>
        {t.thread}
      </Heading>
      <ol className={styles.thread}>
        {query.thread.map((step, index) => (
          <li key={`${step.at}-${index}`} className={styles.step}>
            <span className={styles.stepHeader}>
              <strong>{t.actionKinds[step.kind as keyof typeof t.actionKinds] ?? step.kind}</strong>{' '}
              <span className={styles.muted}>{t.threadEntry(step.displayName, step.roleName, at(step.at))}</span>
            </span>
            {step.text !== null && step.text !== '' && <span className={styles.stepText}>{step.text}</span>}
            <span className={styles.muted}>{t.resultingStatus(t.statuses[step.status as keyof typeof t.statuses] ?? step.status)}</span>
          </li>
        ))}
      </ol>
      {acting === null ? (
        <div className={styles.actions}>
          {allowedActions(query.viewerCan).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'answer' || action === 'accept' ? 'primary' : 'default'}
              aria-label={t.actionOn(t.actions[action], query.title)}
              onClick={() => setActing(action)}
            >
              {t.actions[action]}
            </Button>
          ))}
        </div>
      ) : (
        <ActionForm
          action={acting}
          query={{ id: query.id, version: query.version, title: query.title, text: query.text }}
          onDone={() => setActing(null)}
        />
      )}
      {isUnresolved(query.status) &&
        notes.map((note) => (
          <p key={note.message} className={styles.refusal}>
            {t.refused(note.actions)}: {note.message}
          </p>
        ))}
    </article>
  );
}

type ActionFormProps = {
  action: DataQueryActionKey;
  query: { id: string; version: number; title: string; text: string };
  onDone: () => void;
};

/** The text an action takes: the answer (required), a new question (edit) or an optional comment. */
function ActionForm({ action, query, onDone }: ActionFormProps) {
  const [title, setTitle] = useState(query.title);
  const [text, setText] = useState(action === 'edit' ? query.text : '');
  const [errors, setErrors] = useState<string[]>([]);
  const { run, busy } = useDataQueryAction();
  const feedback = useFeedback();
  const submit = async () => {
    if (action === 'answer' && text.trim() === '') {
      setErrors([t.answerMissing]);
      return;
    }
    if (action === 'edit' && (title.trim() === '' || text.trim() === '')) {
      setErrors([title.trim() === '' ? t.titleMissing : t.textMissing]);
      return;
    }
    try {
      const messages = await run(action, {
        id: query.id,
        version: query.version,
        text: text.trim() === '' ? null : text.trim(),
        title: action === 'edit' ? title.trim() : undefined,
      });
      setErrors(messages);
      if (messages.length === 0) {
        feedback.showSnackbar(t.done[action]);
        onDone();
      }
    } catch (error) {
      setErrors([error instanceof Error ? error.message : t.failed]);
    }
  };
  const label = action === 'answer' ? t.answerText : action === 'edit' ? t.text : t.comment;
  return (
    <form
      className={styles.actionForm}
      aria-label={t.actionOn(t.actions[action], query.title)}
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is a portal inside a documentation form: React would hand the submit on to that form's save.
        event.stopPropagation();
        void submit();
      }}
    >
      {errors.length > 0 && <Banner variant="critical" title={t.failed} description={errors.join(' ')} />}
      {action === 'edit' && (
        <FormControl>
          <FormControl.Label>{t.title}</FormControl.Label>
          <TextInput block value={title} maxLength={TEXT_LIMITS.queryTitle} onChange={(event) => setTitle(event.target.value)} />
        </FormControl>
      )}
      <FormControl>
        <FormControl.Label>{label}</FormControl.Label>
        <Textarea
          block
          rows={3}
          value={text}
          maxLength={TEXT_LIMITS.queryText}
          aria-required={action === 'answer' || action === 'edit' ? 'true' : undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </FormControl>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" size="small" disabled={busy}>
          {t.actions[action]}
        </Button>
        <Button type="button" size="small" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}
