import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromBrowser, loadPersistedOperations } from './persisted-operations.js';

describe('persisted operations', () => {
  it('reads the map again when relay-compiler rewrote it and an id is unknown', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'persisted-')), 'persisted-operations.json');
    writeFileSync(file, JSON.stringify({ a: '{ __typename }' }));
    const operations = loadPersistedOperations(file);
    expect(operations.documentOf('a')).toBe('{ __typename }');
    expect(operations.documentOf('b')).toBeUndefined();
    writeFileSync(file, JSON.stringify({ b: '{ viewer { id } }' }));
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(operations.documentOf('b')).toBe('{ viewer { id } }');
    expect(operations.documentOf('constructor')).toBeUndefined();
  });

  it('knows no id without a map, and refuses to start with a configured map missing', () => {
    expect(loadPersistedOperations(undefined).documentOf('a')).toBeUndefined();
    expect(() => loadPersistedOperations(join(tmpdir(), 'no-such-map.json'))).toThrow(/npm run build/);
  });

  it('takes a request with Origin or Sec-Fetch-Site for a browser, and one with neither for an integrator', () => {
    expect(fromBrowser({ origin: 'https://ecrf.example' })).toBe(true);
    expect(fromBrowser({ 'sec-fetch-site': 'same-origin' })).toBe(true);
    // Node's fetch (undici) sends Sec-Fetch-Mode: an integrator's script is no browser.
    expect(fromBrowser({ 'sec-fetch-mode': 'cors', authorization: 'Bearer t' })).toBe(false);
  });
});
