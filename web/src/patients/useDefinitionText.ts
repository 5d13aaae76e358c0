import { useMemo } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { useDefinitionText_studyDefinition$key } from '../__generated__/useDefinitionText_studyDefinition.graphql';

const LANGUAGE = 'de';

/** The German display value of a definition's display key (visit, instrument, field, enum, rule); the key itself when missing. */
export function useDefinitionText(studyDefinition: useDefinitionText_studyDefinition$key): (displayKey: string) => string {
  const { languages } = useFragment(
    graphql`
      fragment useDefinitionText_studyDefinition on StudyDefinition {
        languages {
          identifier
          entries {
            displayKey
            displayValue
          }
        }
      }
    `,
    studyDefinition,
  );
  return useMemo(() => {
    const language = languages.find((candidate) => candidate.identifier === LANGUAGE) ?? languages[0];
    const values = new Map(language?.entries.map((entry) => [entry.displayKey, entry.displayValue]));
    return (displayKey: string) => values.get(displayKey) ?? displayKey;
  }, [languages]);
}
