import { Checkbox, FormControl, Textarea } from '@primer/react';
import { TextField } from '../components/TextField';
import { texts } from '../texts';
import type { MetadataErrors, MetadataValues } from './metadataForm';
import styles from './NewsDocuments.module.css';
import { TEXT_LIMITS } from '@ecrf/rules';

const t = texts.newsDocuments;

type Props = {
  values: MetadataValues;
  errors: MetadataErrors;
  onChange: (values: MetadataValues) => void;
};

const messages = (message: string | undefined): string[] => (message ? [message] : []);

/** Identifier, title, description, order, tags and the DigiNet mark of a document (ecrf-calls.md §3 creation fields). */
export function NewsDocumentMetadataFields({ values, errors, onChange }: Props) {
  const set =
    <K extends keyof MetadataValues>(key: K) =>
    (value: MetadataValues[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <>
      <div className={styles.pair}>
        <TextField
          label={t.title}
          value={values.title}
          onChange={set('title')}
          required
          maxLength={TEXT_LIMITS.newsDocumentTitle}
          errors={messages(errors.title)}
        />
        <TextField
          label={t.identifier}
          value={values.identifier}
          onChange={set('identifier')}
          required
          maxLength={TEXT_LIMITS.newsDocumentIdentifier}
          caption={t.identifierHint}
          errors={messages(errors.identifier)}
        />
      </div>
      <FormControl>
        <FormControl.Label>{t.description}</FormControl.Label>
        <Textarea
          block
          rows={3}
          maxLength={TEXT_LIMITS.newsDocumentDescription}
          value={values.description}
          onChange={(event) => set('description')(event.target.value)}
        />
        {errors.description && <FormControl.Validation variant="error">{errors.description}</FormControl.Validation>}
      </FormControl>
      <div className={styles.pair}>
        <TextField label={t.tags} value={values.tags} onChange={set('tags')} caption={t.tagsHint} errors={messages(errors.tags)} />
        <TextField label={t.order} value={values.order} onChange={set('order')} caption={t.orderHint} errors={messages(errors.order)} />
      </div>
      <FormControl>
        <Checkbox checked={values.digiNetOnly} onChange={(event) => set('digiNetOnly')(event.target.checked)} />
        <FormControl.Label>{t.digiNetOnly}</FormControl.Label>
      </FormControl>
    </>
  );
}
