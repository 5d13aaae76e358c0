import { useState } from 'react';
import { Banner, Dialog } from '@primer/react';
import { NEWS_DOCUMENT_MAX_BYTES, type NewsDocumentKind } from '@ecrf/rules';
import { useUploadDeps } from '../components/useUploadDeps';
import { texts } from '../texts';
import { emptyMetadata, errorsAtFields, metadataErrors, toMetadata, type MetadataErrors } from './metadataForm';
import { NewsDocumentFileField } from './NewsDocumentFileField';
import { NewsDocumentMetadataFields } from './NewsDocumentMetadataFields';
import type { VersionTarget } from './NewsDocumentRow';
import { uploadNewDocument, uploadNewVersion, type NewsUploadResult } from './uploadNewsDocument';
import styles from './NewsDocuments.module.css';

const t = texts.newsDocuments;

/** A new document of a screen's kind, or a new version of a document. */
export type UploadTarget = { mode: 'create'; kind: NewsDocumentKind; label: string } | { mode: 'version'; document: VersionTarget };

type Props = {
  target: UploadTarget;
  onClose: () => void;
  /** The upload was stored; `message` says what for the snackbar. */
  onUploaded: (message: string) => void;
};

/** The upload of a document with its metadata, or of a new version: checked here as the server checks it, sent beside the graph. */
export function UploadNewsDocumentDialog({ target, onClose, onUploaded }: Props) {
  const deps = useUploadDeps();
  const [values, setValues] = useState(() => emptyMetadata(target.mode === 'create' ? target.kind : 'Document'));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<MetadataErrors>({});
  const [busy, setBusy] = useState(false);

  const check = (): MetadataErrors => {
    const found: MetadataErrors = target.mode === 'create' ? metadataErrors(values) : {};
    if (!file) found.file = t.noFile;
    else if (file.size > NEWS_DOCUMENT_MAX_BYTES) found.file = t.tooLarge;
    return found;
  };

  async function submit() {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    let result: NewsUploadResult;
    if (target.mode === 'create') result = await uploadNewDocument(toMetadata(values), file, deps);
    else result = await uploadNewVersion(target.document.id, target.document.version, file, deps);
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors.length > 0 ? errorsAtFields(result.errors) : { form: result.message });
      return;
    }
    onUploaded(target.mode === 'create' ? t.uploaded(values.title) : t.versionUploaded(target.document.title, result.docVersion));
  }

  return (
    <Dialog
      title={target.mode === 'create' ? target.label : t.versionHeading(target.document.title)}
      width="xlarge"
      className={styles.dialog}
      onClose={onClose}
      footerButtons={[
        { content: t.cancel, onClick: onClose },
        { content: busy ? t.uploading : t.upload, buttonType: 'primary', disabled: busy, onClick: () => void submit() },
      ]}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {errors.form && <Banner variant="critical" title={t.notSaved} description={errors.form} />}
        {target.mode === 'version' ? (
          <p className={styles.intro}>{t.versionIntro(target.document.nextDocVersion)}</p>
        ) : (
          <NewsDocumentMetadataFields values={values} errors={errors} onChange={setValues} />
        )}
        <NewsDocumentFileField file={file} error={errors.file} onChange={setFile} />
      </form>
    </Dialog>
  );
}
