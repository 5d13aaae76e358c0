import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safeRedirect';

const origin = 'https://ecrf.example.org';

describe('safeRedirectTarget', () => {
  it('keeps a same-origin relative path with query and hash', () => {
    expect(safeRedirectTarget('/patients?x=1#a', origin)).toBe('/patients?x=1#a');
  });

  it.each([null, '', 'patients', 'https://evil.example/home', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'falls back to /home for %s',
    (url) => {
      expect(safeRedirectTarget(url, origin)).toBe('/home');
    },
  );
});
