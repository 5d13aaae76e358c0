import { useId, useState, type DragEvent } from 'react';
import { AlertFillIcon, UploadIcon } from '@primer/octicons-react';
import { NEWS_DOCUMENT_ACCEPT } from '@ecrf/rules';
import { fileSizeText } from '../components/fileSize';
import { texts } from '../texts';
import styles from './NewsDocuments.module.css';

const t = texts.newsDocuments;

type Props = { file: File | null; error: string | undefined; onChange: (file: File | null) => void };

/**
 * The file of a new document or version, chosen or dropped: the accepted types offered, the choice named with its
 * size. The native input is visually hidden (its button would speak the browser's language, not German) and keeps
 * keyboard focus; the drop zone around it shows that focus.
 */
export function NewsDocumentFileField({ file, error, onChange }: Props) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    onChange(event.dataTransfer.files[0] ?? null);
  };
  return (
    <div className={styles.fileField}>
      <span className={styles.fileLabel} id={`${id}-label`}>
        {t.file}
      </span>
      <label
        className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <UploadIcon size={20} />
        <span>{file ? t.chosen(file.name, fileSizeText(file.size)) : t.dropZone}</span>
        <input
          type="file"
          className={styles.visuallyHidden}
          accept={NEWS_DOCUMENT_ACCEPT}
          aria-labelledby={`${id}-label`}
          aria-required="true"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={`${id}-caption${error ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </label>
      <span id={`${id}-caption`} className={styles.caption}>
        {t.fileHint}
      </span>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          <AlertFillIcon size={12} /> {error}
        </span>
      )}
    </div>
  );
}
