import { graphql, useFragment } from 'react-relay';
import type { useDefinitionText_definitionVersion$key } from '../__generated__/useDefinitionText_definitionVersion.graphql';

/** The German display value of a definition's display key (visit, instrument, field, enum, rule); the key itself when missing. */
export function useDefinitionText(definitionVersion: useDefinitionText_definitionVersion$key): (displayKey: string) => string {
  const { texts } = useFragment(
    graphql`
      fragment useDefinitionText_definitionVersion on StudyDefinitionVersion {
        texts(languageIdentifier: "de")
      }
    `,
    definitionVersion,
  );
  return (displayKey: string) => texts[displayKey] ?? displayKey;
}
