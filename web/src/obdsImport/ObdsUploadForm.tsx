import { useState } from 'react';
import { Banner, Button, FormControl, Stack, Text } from '@primer/react';
import { UploadIcon } from '@primer/octicons-react';
import type { ObdsImportReview_obdsImport$key } from '../__generated__/ObdsImportReview_obdsImport.graphql';
import { fileSizeText } from '../components/fileSize';
import { useImportObdsFileMutation } from '../mutations/ImportObdsFileMutation';
import { texts } from '../texts';
import obdsStyles from './ObdsImport.module.css';
import { ObdsImportReview } from './ObdsImportReview';

const t = texts.obdsImport;

type SchemaError = { line: number; element: string | null | undefined; message: string };

/** The oBDS file, its upload, and what came of it: the schema's refusals, or the import to review. */
export function ObdsUploadForm({ studyId }: { studyId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [schemaErrors, setSchemaErrors] = useState<readonly SchemaError[]>([]);
  const [imported, setImported] = useState<ObdsImportReview_obdsImport$key | null>(null);
  const [commit, busy] = useImportObdsFileMutation();

  async function submit() {
    setProblem(null);
    setSchemaErrors([]);
    if (!file) return setProblem(t.noFile);
    const content = await file.text();
    commit({
      variables: { input: { studyId, fileName: file.name, content } },
      onCompleted: (response) => {
        const answer = response.importObdsFile;
        setSchemaErrors(answer.schemaErrors);
        const [first] = answer.errors;
        if (answer.schemaErrors.length > 0) setProblem(t.refused);
        else if (first) setProblem(first.message);
        setImported(answer.obdsImport ?? null);
      },
      onError: () => setProblem(texts.onkozert.uploadFailed),
    });
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
                    {t.schemaLine(error.line, error.element ?? null)}: {error.message}
                  </li>
                ))}
              </ul>
            )}
          </Banner>
        )}
      </div>
      {imported && <ObdsImportReview obdsImport={imported} />}
    </>
  );
}
