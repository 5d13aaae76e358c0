/** `npm run docs:rights -w backend`: regenerates docs/roles-and-rights.md. */
import { writeFileSync } from 'node:fs';
import { withOfflineApp } from '../openapi/offline-app.js';
import { renderRightsDoc, rightsDocPath } from './rights-doc.js';

writeFileSync(rightsDocPath, await withOfflineApp((app) => renderRightsDoc(app.apiRoutes)));
console.log(`written ${rightsDocPath}`);
