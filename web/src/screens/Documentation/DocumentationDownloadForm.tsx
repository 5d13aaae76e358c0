import { useEffect, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Button, FormControl, Heading, Select, Stack } from '@primer/react';
import { DownloadIcon } from '@primer/octicons-react';
import type { DocumentationDownloadForm_studyDefinitions$key } from '../../__generated__/DocumentationDownloadForm_studyDefinitions.graphql';
import { useGenerateDocumentationMutation } from '../../mutations/GenerateDocumentationMutation';
import { useFeedback } from '../../feedback/feedbackContext';
import { reportForException } from '../../errors/errorCatalogue';
import { texts } from '../../texts';
import { fileBlob, formatSize } from './generatedFile';
import styles from './Documentation.module.css';

/** The four documents of ecrf-calls.md "Documentation", in the order the screen offers them. */
const KINDS = ['FUNCTIONAL_DESIGN', 'ECRF', 'ECRF_VIEW', 'COMPLETE'] as const;
type DocumentationKind = (typeof KINDS)[number];
type Generated = { fileName: string; url: string; byteSize: number };
const t = texts.documentation;

/** Choice of definition and language, one button per document, and the documents generated in this visit. */
export function DocumentationDownloadForm({ studyDefinitions }: { studyDefinitions: DocumentationDownloadForm_studyDefinitions$key }) {
  const definitions = useFragment(
    graphql`
      fragment DocumentationDownloadForm_studyDefinitions on StudyDefinition @relay(plural: true) {
        id
        displayName
        version
        languages {
          identifier
        }
      }
    `,
    studyDefinitions,
  );
  const [definitionId, setDefinitionId] = useState(definitions[0]?.id ?? '');
  const definition = definitions.find((d) => d.id === definitionId);
  const [language, setLanguage] = useState(definition?.languages[0]?.identifier ?? '');
  const [generated, setGenerated] = useState<Generated[]>([]);
  const [commit, generating] = useGenerateDocumentationMutation();
  const { showAlert, showSnackbar } = useFeedback();

  // Object URLs hold the files in memory until the screen is left.
  useEffect(() => () => generated.forEach((file) => URL.revokeObjectURL(file.url)), [generated]);

  if (!definition) return <p>{t.noDefinitions}</p>;

  function chooseDefinition(id: string) {
    setDefinitionId(id);
    setLanguage(definitions.find((d) => d.id === id)?.languages[0]?.identifier ?? '');
  }

  function generate(kind: DocumentationKind) {
    commit({
      variables: { input: { studyDefinitionId: definitionId, languageIdentifier: language, kind } },
      onCompleted: ({ generateDocumentation: { document } }) => {
        const url = URL.createObjectURL(fileBlob(document));
        setGenerated((current) => [{ fileName: document.fileName, url, byteSize: document.byteSize }, ...current]);
        const link = window.document.createElement('a');
        link.href = url;
        link.download = document.fileName;
        link.click();
        showSnackbar(t.generated(t.kinds[kind]));
      },
      onError: (error) => showAlert(reportForException(error).message),
    });
  }

  return (
    <Stack gap="spacious">
      <div className={styles.choices}>
        <FormControl>
          <FormControl.Label>{t.definition}</FormControl.Label>
          <Select value={definitionId} onChange={(event) => chooseDefinition(event.target.value)} block>
            {definitions.map((d) => (
              <Select.Option key={d.id} value={d.id}>
                {t.definitionOption(d.displayName, d.version)}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>{t.language}</FormControl.Label>
          <Select value={language} onChange={(event) => setLanguage(event.target.value)} block>
            {definition.languages.map((l) => (
              <Select.Option key={l.identifier} value={l.identifier}>
                {t.languageNames[l.identifier as keyof typeof t.languageNames] ?? l.identifier}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </div>
      <ul className={styles.kinds}>
        {KINDS.map((kind) => (
          <li key={kind} className={styles.kind}>
            <Heading as="h2" className={styles.kindTitle}>
              {t.kinds[kind]}
            </Heading>
            <p className={styles.kindText}>{t.kindDescriptions[kind]}</p>
            <Button variant="primary" leadingVisual={DownloadIcon} disabled={generating || language === ''} onClick={() => generate(kind)}>
              {t.generate(t.kinds[kind])}
            </Button>
          </li>
        ))}
      </ul>
      {generated.length > 0 && (
        <section aria-labelledby="generated-heading">
          <Heading as="h2" id="generated-heading" className={styles.kindTitle}>
            {t.generatedHeading}
          </Heading>
          <ul className={styles.files}>
            {generated.map((file) => (
              <li key={file.url}>
                <a href={file.url} download={file.fileName}>
                  {file.fileName}
                </a>{' '}
                ({formatSize(file.byteSize)})
              </li>
            ))}
          </ul>
        </section>
      )}
    </Stack>
  );
}
