import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRightsDoc, rightsDocPath } from './rights-doc.js';

describe('docs/roles-and-rights.md', () => {
  it('matches the rights catalogue and the role mapping (run `npm run docs:rights -w backend`)', () => {
    expect(readFileSync(rightsDocPath, 'utf8')).toBe(renderRightsDoc());
  });
});
