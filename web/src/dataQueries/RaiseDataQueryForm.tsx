import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Banner, Button, Checkbox, FormControl, Heading, Select, Textarea, TextInput } from '@primer/react';
import {
  DATA_QUERY_PRIORITIES,
  DATA_QUERY_REFUSAL_MESSAGES,
  hasRight,
  registryToday,
  type DataQueryPriority,
  TEXT_LIMITS,
} from '@ecrf/rules';
import type { RaiseDataQueryFormQuery } from '../__generated__/RaiseDataQueryFormQuery.graphql';
import { useCreateDataQueryMutation } from '../mutations/CreateDataQueryMutation';
import { useCreateDataQueryTemplateMutation } from '../mutations/CreateDataQueryTemplateMutation';
import { commitMutationAsync } from '../relay/commitMutationAsync';
import { useFeedback } from '../feedback/feedbackContext';
import { texts } from '../texts';
import { outcomeMessages } from './useDataQueryAction';
import { raiseOptions, type RaiseTarget } from './raiseDecisions';
import type { DataQueryTargets } from './dataQueryTargets';
import styles from './DataQueries.module.css';

const t = texts.dataQueries;
const MAX_TITLE = TEXT_LIMITS.queryTitle;
const MAX_TEXT = TEXT_LIMITS.queryText;

type Template = { id: string; title: string; text: string; queryTypeIdentifier: string | null | undefined };

type Props = { subjectId: string; targets: DataQueryTargets; target: RaiseTarget };

/**
 * Raising a query: type (German names of the definition), title, text, priority, and the viewer's
 * templates to start from. A type the viewer may not raise here says why before anything is typed.
 */
export function RaiseDataQueryForm(props: Props) {
  const mayUseTemplates = hasRight(props.targets.viewer.rights, 'QueryTemplateGetMyCmd');
  if (!mayUseTemplates) return <RaiseForm {...props} templates={[]} mayCreateTemplates={false} />;
  return (
    <Suspense fallback={<p className={styles.muted}>{texts.app.loading}</p>}>
      <RaiseFormWithTemplates {...props} />
    </Suspense>
  );
}

/** The templates load when the dialog opens (as the other dialogs that load on opening), not with the screen. */
function RaiseFormWithTemplates(props: Props) {
  const { dataQueryTemplates } = useLazyLoadQuery<RaiseDataQueryFormQuery>(
    graphql`
      query RaiseDataQueryFormQuery {
        dataQueryTemplates {
          id
          title
          text
          queryTypeIdentifier
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  return (
    <RaiseForm
      {...props}
      templates={dataQueryTemplates}
      mayCreateTemplates={hasRight(props.targets.viewer.rights, 'QueryTemplateCreateCmd')}
    />
  );
}

function RaiseForm({
  subjectId,
  targets,
  target,
  templates,
  mayCreateTemplates,
}: Props & { templates: readonly Template[]; mayCreateTemplates: boolean }) {
  const options = raiseOptions(targets.viewer, targets.queryTypes, target, registryToday(new Date()));
  const [typeIdentifier, setTypeIdentifier] = useState(options[0]?.queryType.identifier ?? '');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [priority, setPriority] = useState<DataQueryPriority>('NORMAL');
  const [saveTemplate, setSaveTemplate] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [create, creating] = useCreateDataQueryMutation();
  const [createTemplate] = useCreateDataQueryTemplateMutation();
  const feedback = useFeedback();
  if (options.length === 0) return <p className={styles.muted}>{t.noTypes}</p>;
  const selected = options.find((option) => option.queryType.identifier === typeIdentifier) ?? options[0];
  const refusal = selected && !selected.decision.allowed ? DATA_QUERY_REFUSAL_MESSAGES[selected.decision.reason] : null;
  const typeName = (identifier: string, displayKey: string | undefined) => (displayKey ? targets.text(displayKey) : identifier);

  const applyTemplate = (id: string) => {
    const template = templates.find((candidate) => candidate.id === id);
    if (!template) return;
    setTitle(template.title);
    setText(template.text);
    if (template.queryTypeIdentifier && options.some((option) => option.queryType.identifier === template.queryTypeIdentifier)) {
      setTypeIdentifier(template.queryTypeIdentifier);
    }
  };
  const submit = async () => {
    const missing = [...(title.trim() === '' ? [t.titleMissing] : []), ...(text.trim() === '' ? [t.textMissing] : [])];
    if (missing.length > 0 || !selected) {
      setErrors(missing);
      return;
    }
    try {
      const answer = await commitMutationAsync(create, {
        input: { subjectId, queryTypeIdentifier: selected.queryType.identifier, title: title.trim(), text: text.trim(), priority },
      });
      const messages = outcomeMessages(answer.createDataQuery);
      setErrors(messages);
      if (messages.length > 0) return;
      if (saveTemplate) {
        await commitMutationAsync(createTemplate, {
          input: { title: title.trim(), text: text.trim(), queryTypeIdentifier: selected.queryType.identifier },
        });
      }
      feedback.showSnackbar(t.done.create);
      setTitle('');
      setText('');
      setSaveTemplate(false);
    } catch (error) {
      setErrors([error instanceof Error ? error.message : t.failed]);
    }
  };
  return (
    <form
      className={styles.raiseForm}
      aria-labelledby="raise-query-heading"
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is a portal inside a documentation form: React would hand the submit on to that form's save.
        event.stopPropagation();
        void submit();
      }}
    >
      <Heading as="h3" id="raise-query-heading" className={styles.cardTitle}>
        {t.raiseHeading}
      </Heading>
      {errors.length > 0 && <Banner variant="critical" title={t.failed} description={errors.join(' ')} />}
      {templates.length > 0 && (
        <FormControl>
          <FormControl.Label>{t.template}</FormControl.Label>
          <Select defaultValue="" onChange={(event) => applyTemplate(event.target.value)}>
            <Select.Option value="">{t.noTemplate}</Select.Option>
            {templates.map((template) => (
              <Select.Option key={template.id} value={template.id}>
                {template.title}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      )}
      <div className={styles.pair}>
        <FormControl>
          <FormControl.Label>{t.type}</FormControl.Label>
          <Select value={selected?.queryType.identifier ?? ''} onChange={(event) => setTypeIdentifier(event.target.value)}>
            {options.map(({ queryType }) => (
              <Select.Option key={queryType.identifier} value={queryType.identifier}>
                {typeName(queryType.identifier, queryType.displayKey)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t.priority}</FormControl.Label>
          <Select value={priority} onChange={(event) => setPriority(event.target.value as DataQueryPriority)}>
            {DATA_QUERY_PRIORITIES.map((value) => (
              <Select.Option key={value} value={value}>
                {t.priorities[value]}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </div>
      {refusal !== null && (
        <div role="alert">
          <Banner variant="warning" title={t.refusedTitle} description={refusal} />
        </div>
      )}
      <FormControl>
        <FormControl.Label>{t.title}</FormControl.Label>
        <TextInput block aria-required="true" maxLength={MAX_TITLE} value={title} onChange={(event) => setTitle(event.target.value)} />
      </FormControl>
      <FormControl>
        <FormControl.Label>{t.text}</FormControl.Label>
        <Textarea block rows={4} aria-required="true" maxLength={MAX_TEXT} value={text} onChange={(event) => setText(event.target.value)} />
        <FormControl.Caption>{t.tooLong(MAX_TEXT)}</FormControl.Caption>
      </FormControl>
      {mayCreateTemplates && (
        <FormControl>
          <Checkbox checked={saveTemplate} onChange={(event) => setSaveTemplate(event.target.checked)} />
          <FormControl.Label>{t.saveAsTemplate}</FormControl.Label>
        </FormControl>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={creating || refusal !== null}>
          {creating ? t.raising : t.raise}
        </Button>
      </div>
    </form>
  );
}
