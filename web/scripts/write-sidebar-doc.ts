// `npm run docs:sidebar -w web`: renders the sidebar table of docs/web.md from src/navigation/sidebar.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withSidebarTable } from '../src/navigation/sidebarDoc';

const path = fileURLToPath(new URL('../../docs/web.md', import.meta.url));
writeFileSync(path, withSidebarTable(readFileSync(path, 'utf8')));
console.log(`written ${path}`);
