import { useState } from 'react';
import { Banner, Button, FormControl, Stack, Text } from '@primer/react';
import { UploadIcon } from '@primer/octicons-react';
import { fileSizeText } from '../components/fileSize';
import { useUploadDeps } from '../components/useUploadDeps';
import { texts } from '../texts';
import obdsStyles from './ObdsImport.module.css';
import { uploadObdsFile, type SchemaError } from './uploadObdsFile';

const t = texts.obdsImport;

type Props = { studyId: string; onStarted: (importId: string) => void };

/** The oBDS file and its upload: the schema's refusals, or the started import (its progress shows in the list). */
export function ObdsUploadForm({ studyId, onStarted }: Props) {
  const deps = useUploadDeps();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [schemaErrors, setSchemaErrors] = useState<readonly SchemaError[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setProblem(null);
    setSchemaErrors([]);
    if (!file) return setProblem(t.noFile);
    setBusy(true);
    const result = await uploadObdsFile(file, studyId, deps);
    setBusy(false);
    if (result.ok) return onStarted(result.importId);
    setSchemaErrors(result.schemaErrors);
    setProblem(result.schemaErrors.length > 0 ? t.refused : result.message);
  }

  return (
    <>
      <form
        aria-label={t.heading}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="normal">
          <FormControl required id="obds-file">
            <FormControl.Label>{t.file}</FormControl.Label>
            <input
              id="obds-file"
              type="file"
              accept=".xml,application/xml,text/xml"
              className={obdsStyles.scroll}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <FormControl.Caption>{t.sizeLimit}</FormControl.Caption>
          </FormControl>
          {file && <Text>{t.chosen(file.name, fileSizeText(file.size))}</Text>}
          <div>
            <Button type="submit" variant="primary" disabled={busy} leadingVisual={UploadIcon}>
              {busy ? t.uploading : t.upload}
            </Button>
          </div>
        </Stack>
      </form>
      <div role="status">
        {problem && (
          <Banner variant="critical" title={problem}>
            {schemaErrors.length > 0 && (
              <ul>
                {schemaErrors.map((error, index) => (
                  <li key={`${error.line}-${index}`}>
                    {t.schemaLine(error.line, error.element)}: {error.message}
                  </li>
                ))}
              </ul>
            )}
          </Banner>
        )}
      </div>
    </>
  );
}
