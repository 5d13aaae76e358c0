import { useState, type DragEvent } from 'react';
import { Button, FormControl, Select, Stack, Text } from '@primer/react';
import { UploadIcon } from '@primer/octicons-react';
import { useUploadDeps } from '../components/useUploadDeps';
import { texts } from '../texts';
import styles from './Onkozert.module.css';
import { fileSizeText } from '../components/fileSize';
import { uploadOnkozertFile, type UploadResult } from './uploadOnkozertFile';

const t = texts.onkozert;

export type UploadLocation = { id: string; identifier: string; displayName: string };

type Props = {
  locations: readonly UploadLocation[];
  initialLocationId: string | null;
  /** Called with each answer of the gateway: the report, or the German refusal of the file. */
  onResult: (result: UploadResult) => void;
};

/** Location, the file (chosen or dropped) and the upload button of the OncoBox import. */
export function UploadForm({ locations, initialLocationId, onResult }: Props) {
  const uploadDeps = useUploadDeps();
  const [locationId, setLocationId] = useState(
    locations.some((l) => l.id === initialLocationId) ? (initialLocationId ?? '') : (locations[0]?.id ?? ''),
  );
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!file) return onResult({ ok: false, message: t.noFile });
    setBusy(true);
    const result = await uploadOnkozertFile(file, locationId, uploadDeps);
    setBusy(false);
    onResult(result);
  }

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };

  return (
    <form
      aria-label={t.importHeading}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="normal">
        <FormControl required>
          <FormControl.Label>{t.location}</FormControl.Label>
          <Select value={locationId} onChange={(event) => setLocationId(event.target.value)}>
            {locations.map((location) => (
              <Select.Option key={location.id} value={location.id}>
                {location.identifier} - {location.displayName}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <label
          className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <UploadIcon size={24} />
          <span>{t.dropZone}</span>
          <input
            type="file"
            accept=".csv,text/csv"
            aria-label={t.file}
            className={styles.fileInput}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
        {file && <Text>{t.chosen(file.name, fileSizeText(file.size))}</Text>}
        <div>
          <Button type="submit" variant="primary" disabled={busy || locationId === ''} leadingVisual={UploadIcon}>
            {busy ? t.uploading : t.upload}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
