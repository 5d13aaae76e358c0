/** `npm run docs:rights -w backend`: regenerates docs/roles-and-rights.md. */
import { writeFileSync } from 'node:fs';
import { renderRightsDoc, rightsDocPath } from './rights-doc.js';

writeFileSync(rightsDocPath, renderRightsDoc());
console.log(`written ${rightsDocPath}`);
