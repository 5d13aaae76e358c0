import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withOfflineApp } from '../openapi/offline-app.js';
import { renderRightsDoc, rightsDocPath } from './rights-doc.js';

describe('docs/roles-and-rights.md', () => {
  it('matches the rights catalogue, the role mapping and the routes (run `npm run docs:rights -w backend`)', async () => {
    const rendered = await withOfflineApp((app) => renderRightsDoc(app.apiRoutes));
    expect(rendered).toContain('| GET /StudyPatient/{id}/context | `StudyPatientGetContextCmd` |');
    expect(readFileSync(rightsDocPath, 'utf8')).toBe(rendered);
  });
});
