/**
 * The catalogue of error codes (issue 26 item 3): every code the backend can answer has a German text, found from
 * the code itself (errors.ts and every code written in the sources), not from a list kept beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withOfflineApp } from '../openapi/offline-app.js';
import { errorCodeMessages, errorStatus } from './errors.js';

const SOURCES = fileURLToPath(new URL('..', import.meta.url));

/** Every error code written in the backend's sources (tests and generated files aside). */
function codesInSources(): Map<string, string> {
  const found = new Map<string, string>();
  const files = readdirSync(SOURCES, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('__generated__'),
  );
  for (const file of files) {
    const text = readFileSync(`${SOURCES}/${file}`, 'utf8');
    for (const [, code] of text.matchAll(/'((?:ECRF_ERR|QUERY)_[A-Z0-9_]*[A-Z0-9]|STALE_WRITE|ALREADY_EXISTS)'/g))
      if (code !== undefined && !found.has(code)) found.set(code, file);
  }
  return found;
}

/** A sentence a user reads: German wording, not the code or a technical text. */
const isGermanSentence = (text: string) => /^[A-ZÄÖÜ]/.test(text) && /[.!?]$/.test(text) && !/\b(must|the|is|not|invalid)\b/i.test(text);

describe('error catalogue', () => {
  it('has a German text for every code of errors.ts', () => {
    const codes = Object.keys(errorStatus) as (keyof typeof errorStatus)[];
    expect(codes.length).toBeGreaterThan(30);
    for (const code of codes) expect(isGermanSentence(errorCodeMessages[code] ?? ''), `${code}: ${errorCodeMessages[code]}`).toBe(true);
  });

  it('knows every code the sources answer with', () => {
    const found = codesInSources();
    expect(found.size).toBeGreaterThan(25);
    for (const [code, file] of found) expect(Object.keys(errorStatus), `${code} in ${file}`).toContain(code);
  });

  it("answers Fastify's own refusal of a request with the code's German text, not Fastify's English", async () => {
    await withOfflineApp(async (app) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/v1.0/Auth',
        headers: { 'content-type': 'application/json' },
        payload: '{"userName": ',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'ECRF_ERR_VALIDATION', message: errorCodeMessages.ECRF_ERR_VALIDATION });
    });
  });
});
