/**
 * Every error code that can reach the web has a German text (issue 26 item 3), found from the code: the user error
 * codes from the graph's schema, the GraphQL error codes from what the gateway's sources write.
 */
import { buildSchema, GraphQLEnumType } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageForGraphQLError, userErrorText } from './errorCatalogue';
import { texts } from '../texts';

// The files as text, as componentNames.test.ts reads the web's (jsdom has no file URLs).
const schemaText = Object.values(import.meta.glob<string>('../../../schema.graphql', { query: '?raw', import: 'default', eager: true }))[0];
const gatewaySources = import.meta.glob<string>(
  ['../../../gateway/src/**/*.ts', '!../../../gateway/src/**/*.test.ts', '!../../../gateway/src/__generated__/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

function userErrorCodes(): string[] {
  const type = buildSchema(schemaText ?? '').getType('UserErrorCode');
  if (!(type instanceof GraphQLEnumType)) throw new Error('schema.graphql has no enum UserErrorCode');
  return type.getValues().map((value) => value.name);
}

/** The `extensions.code`s the gateway writes into GraphQL errors (its sources, tests aside). */
function graphQLErrorCodes(): string[] {
  const codes = new Set<string>();
  for (const text of Object.values(gatewaySources))
    for (const [, code] of text.matchAll(/extensions:\s*\{\s*code:\s*'([A-Z_]+)'/g)) if (code !== undefined) codes.add(code);
  return [...codes];
}

const isGermanSentence = (text: string) => /^[A-ZÄÖÜ]/.test(text) && /[.!?]$/.test(text);

describe('error codes reaching the web', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has a German text for every user error code of the schema', () => {
    const codes = userErrorCodes();
    expect(codes.length).toBeGreaterThan(20);
    const known = texts.errors.userErrorCodes as Record<string, string>;
    for (const code of codes) expect(isGermanSentence(known[code] ?? ''), `${code}: ${known[code]}`).toBe(true);
  });

  it("shows the code's text for a user error whose message is technical, and a German message as it came", () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const code of userErrorCodes())
      expect(userErrorText({ code, message: 'invalid input' })).toBe((texts.errors.userErrorCodes as Record<string, string>)[code]);
    expect(userErrorText({ code: 'INVALID_VALUE', message: 'Ungültige PLZ.' })).toBe('Ungültige PLZ.');
  });

  it('answers every GraphQL error code the gateway writes with a German sentence, never its technical text', () => {
    const codes = graphQLErrorCodes();
    expect(codes).toEqual(expect.arrayContaining(['NOT_FOUND', 'BAD_USER_INPUT', 'UPSTREAM_UNAVAILABLE']));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const code of codes) {
      const text = messageForGraphQLError({ message: 'unknown id in studyId', extensions: { code } });
      expect(isGermanSentence(text), `${code}: ${text}`).toBe(true);
    }
  });
});
