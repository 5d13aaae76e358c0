import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Banner, Dialog, FormControl, Select } from '@primer/react';
import type { NewsDocumentKind } from '@ecrf/rules';
import type { EditNewsDocumentDialog_newsDocument$key } from '../__generated__/EditNewsDocumentDialog_newsDocument.graphql';
import { useUpdateNewsDocumentMutation } from '../mutations/UpdateNewsDocumentMutation';
import { texts } from '../texts';
import {
  GRAPH_KIND,
  RULES_KIND,
  errorsAtFields,
  metadataErrors,
  toMetadata,
  type GraphKind,
  type MetadataErrors,
  type MetadataValues,
} from './metadataForm';
import { NewsDocumentMetadataFields } from './NewsDocumentMetadataFields';
import styles from './NewsDocuments.module.css';

const t = texts.newsDocuments;

const KINDS: readonly NewsDocumentKind[] = ['News', 'Document', 'Legend'];

type Props = {
  newsDocument: EditNewsDocumentDialog_newsDocument$key;
  onClose: () => void;
  onSaved: (message: string) => void;
};

/** The metadata of a document with the version read; the kind moves it to another screen. Refusals show at their field. */
export function EditNewsDocumentDialog({ newsDocument, onClose, onSaved }: Props) {
  const document = useFragment(
    graphql`
      fragment EditNewsDocumentDialog_newsDocument on NewsDocument {
        id
        identifier
        kind
        title
        description
        order
        tags
        digiNetOnly
        version
      }
    `,
    newsDocument,
  );
  const [values, setValues] = useState<MetadataValues>(() => ({
    identifier: document.identifier,
    kind: RULES_KIND[document.kind as GraphKind],
    title: document.title,
    description: document.description,
    order: String(document.order),
    tags: document.tags.join(', '),
    digiNetOnly: document.digiNetOnly,
  }));
  const [errors, setErrors] = useState<MetadataErrors>({});
  const [update, saving] = useUpdateNewsDocumentMutation();

  const submit = () => {
    const found = metadataErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const metadata = toMetadata(values);
    update({
      variables: { input: { ...metadata, id: document.id, version: document.version, kind: GRAPH_KIND[metadata.kind] } },
      onCompleted: ({ updateNewsDocument }) => {
        if (updateNewsDocument.errors.length > 0) setErrors(errorsAtFields(updateNewsDocument.errors));
        else onSaved(t.saved(metadata.title));
      },
    });
  };

  return (
    <Dialog
      title={t.editHeading(document.title)}
      width="xlarge"
      className={styles.dialog}
      onClose={onClose}
      footerButtons={[
        { content: t.cancel, onClick: onClose },
        { content: saving ? t.saving : t.save, buttonType: 'primary', disabled: saving, onClick: submit },
      ]}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {(errors.form ?? errors.file) && <Banner variant="critical" title={t.notSaved} description={errors.form ?? errors.file} />}
        <NewsDocumentMetadataFields values={values} errors={errors} onChange={setValues} />
        <FormControl>
          <FormControl.Label>{t.kind}</FormControl.Label>
          <Select value={values.kind} onChange={(event) => setValues({ ...values, kind: event.target.value as NewsDocumentKind })}>
            {KINDS.map((kind) => (
              <Select.Option key={kind} value={kind}>
                {t.headings[GRAPH_KIND[kind]]}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </form>
    </Dialog>
  );
}
