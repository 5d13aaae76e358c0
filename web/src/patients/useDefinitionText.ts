import { graphql, useFragment } from 'react-relay';
import type { DisplayTexts } from '@ecrf/rules';
import type { useDefinitionText_definitionVersion$key } from '../__generated__/useDefinitionText_definitionVersion.graphql';

/** The display value of a key in a language's texts; the key itself when the language lacks it. */
export const textLookup =
  (texts: DisplayTexts) =>
  (displayKey: string): string =>
    texts[displayKey] ?? displayKey;

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
  return textLookup(texts);
}
