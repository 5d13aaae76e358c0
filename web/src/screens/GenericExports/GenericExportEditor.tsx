import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Button, FormControl, Heading, Select, Textarea } from '@primer/react';
import type { GenericExportEditor_definition$key } from '../../__generated__/GenericExportEditor_definition.graphql';
import type { GenericExportEditor_query$key } from '../../__generated__/GenericExportEditor_query.graphql';
import { errorsByField, hasErrors, type FieldErrors, type UserErrorLike } from '../../administration/formErrors';
import { TextField } from '../../components/TextField';
import { useFeedback } from '../../feedback/feedbackContext';
import { useCreateGenericExportDefinitionMutation } from '../../mutations/CreateGenericExportDefinitionMutation';
import { useUpdateGenericExportDefinitionMutation } from '../../mutations/UpdateGenericExportDefinitionMutation';
import { texts } from '../../texts';
import { ExportItemPicker } from './ExportItemPicker';
import { emptyExportForm, exportFormErrors, formOf, mutationContent, type ExportForm, type OutputFormat } from './genericExportForm';
import styles from './GenericExports.module.css';
import { TEXT_LIMITS } from '@ecrf/rules';

const t = texts.genericExports;
const FORMATS: readonly OutputFormat[] = ['CSV', 'XLSX'];

type Props = {
  /** null: a new definition. */
  definition: GenericExportEditor_definition$key | null;
  query: GenericExportEditor_query$key;
  studyId: string;
  /** The list's connection, which a new definition joins. */
  connectionId: string;
  readOnly: boolean;
  onSaved: (id: string) => void;
  onClose: () => void;
};

type Answer = {
  readonly genericExportDefinition: { readonly id: string; readonly name: string; readonly version: number } | null | undefined;
  readonly errors: readonly UserErrorLike[];
};

/** Name, description, format, items and schedule of one definition; the rules of @ecrf/rules show as the user types. */
export function GenericExportEditor({ definition, query, studyId, connectionId, readOnly, onSaved, onClose }: Props) {
  const stored = useFragment(
    graphql`
      fragment GenericExportEditor_definition on GenericExportDefinition {
        id
        name
        description
        outputFormat
        cron
        version
        items {
          key
        }
      }
    `,
    definition,
  );
  const { genericExportDataProviderItems: items } = useFragment(
    graphql`
      fragment GenericExportEditor_query on Query @argumentDefinitions(studyId: { type: "ID!" }, withItems: { type: "Boolean!" }) {
        genericExportDataProviderItems(studyId: $studyId) @include(if: $withItems) {
          key
          group
          label
        }
      }
    `,
    query,
  );
  const [form, setForm] = useState<ExportForm>(() => (stored ? formOf(stored) : emptyExportForm));
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [stale, setStale] = useState<string | null>(null);
  // The version the form was filled from: a save after someone else's stays refused until the user reloads.
  const [baseVersion, setBaseVersion] = useState(stored?.version ?? 0);
  const [create, creating] = useCreateGenericExportDefinitionMutation();
  const [update, updating] = useUpdateGenericExportDefinitionMutation();
  const feedback = useFeedback();

  const known = items ? new Set(items.map((item) => item.key)) : null;
  const errors = exportFormErrors(form, known);
  // The schedule and the lengths are checked as the user types; missing entries once left or on save.
  const live = (field: string) => field === 'cron' || field === 'description' || submitted || touched.has(field);
  const shown = (field: string): string[] => [...(live(field) ? (errors[field] ?? []) : []), ...(serverErrors[field] ?? [])];
  const itemErrors: FieldErrors = Object.fromEntries(
    Object.keys({ ...errors, ...serverErrors })
      .filter((field) => field === 'items' || field.startsWith('items.'))
      .map((field) => [field, shown(field)]),
  );
  const set = <K extends keyof ExportForm>(field: K, value: ExportForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A changed item list renumbers its entries: the server's item errors no longer point at the right ones.
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => key !== field && !(field === 'items' && key.startsWith('items.')))),
    );
  };
  const blur = (field: string) => () => setTouched((current) => new Set(current).add(field));

  const finish = (answer: Answer | null | undefined) => {
    const failures = answer?.errors ?? [];
    const staleError = failures.find((error) => error.code === 'STALE_WRITE');
    if (staleError) {
      setStale(staleError.message);
      return;
    }
    if (failures.length > 0 || !answer?.genericExportDefinition) {
      setServerErrors(errorsByField(failures));
      return;
    }
    feedback.showSnackbar(t.saved(answer.genericExportDefinition.name));
    setBaseVersion(answer.genericExportDefinition.version);
    onSaved(answer.genericExportDefinition.id);
  };

  const save = () => {
    setSubmitted(true);
    if (hasErrors(errors)) return;
    const content = mutationContent(form);
    if (stored)
      update({
        variables: { input: { id: stored.id, version: baseVersion, ...content } },
        onCompleted: (answer) => finish(answer.updateGenericExportDefinition),
      });
    else
      create({
        variables: { input: { studyId, ...content }, connections: [connectionId] },
        onCompleted: (answer) => finish(answer.createGenericExportDefinition),
      });
  };
  // The stale answer brought the stored definition into the store; the form starts again from it.
  const reload = () => {
    if (stored) {
      setForm(formOf(stored));
      setBaseVersion(stored.version);
    }
    setStale(null);
    setServerErrors({});
  };
  const busy = creating || updating;
  const title = stored == null ? t.editorNew : readOnly ? t.editorShow(stored.name) : t.editorEdit(stored.name);

  return (
    <form
      className={styles.editor}
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) save();
      }}
    >
      <Heading as="h2" className={styles.editorHeading}>
        {title}
      </Heading>
      {stale !== null && (
        <Banner
          variant="critical"
          title={t.staleTitle}
          description={stale}
          primaryAction={<Banner.PrimaryAction onClick={reload}>{t.reload}</Banner.PrimaryAction>}
        />
      )}
      {(serverErrors[''] ?? []).length > 0 && <Banner variant="critical" title={t.notSaved} description={serverErrors['']?.join(', ')} />}
      <fieldset className={styles.fields} disabled={readOnly}>
        <TextField
          label={t.name}
          value={form.name}
          onChange={(value) => set('name', value)}
          onBlur={blur('name')}
          required
          maxLength={TEXT_LIMITS.exportDefinitionName}
          errors={shown('name')}
        />
        <FormControl>
          <FormControl.Label>{t.description}</FormControl.Label>
          <Textarea
            block
            rows={2}
            maxLength={TEXT_LIMITS.exportDefinitionDescription}
            value={form.description}
            onChange={(event) => set('description', event.target.value)}
          />
          {shown('description').length > 0 && (
            <FormControl.Validation variant="error">{shown('description').join(', ')}</FormControl.Validation>
          )}
        </FormControl>
        <div className={styles.pair}>
          <FormControl>
            <FormControl.Label>{t.outputFormat}</FormControl.Label>
            <Select value={form.outputFormat} onChange={(event) => set('outputFormat', event.target.value === 'XLSX' ? 'XLSX' : 'CSV')}>
              {FORMATS.map((format) => (
                <Select.Option key={format} value={format}>
                  {t.formats[format]}
                </Select.Option>
              ))}
            </Select>
          </FormControl>
          <TextField
            label={t.cron}
            value={form.cron}
            onChange={(value) => set('cron', value)}
            caption={t.cronHelp}
            maxLength={TEXT_LIMITS.exportSchedule}
            errors={shown('cron')}
            autoComplete="off"
          />
        </div>
      </fieldset>
      <ExportItemPicker
        items={items ?? null}
        chosen={form.items}
        onChange={(chosen) => {
          set('items', chosen);
          setTouched((current) => new Set(current).add('items'));
        }}
        errors={itemErrors}
        readOnly={readOnly}
      />
      <div className={styles.footer}>
        {!readOnly && (
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t.saving : t.save}
          </Button>
        )}
        <Button onClick={onClose}>{readOnly ? t.close : t.cancel}</Button>
      </div>
    </form>
  );
}
