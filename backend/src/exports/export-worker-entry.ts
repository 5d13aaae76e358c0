/**
 * Which module the export's worker thread starts. The built backend starts dist/exports/export-worker.js beside
 * itself. Under vitest the backend runs from its TypeScript sources, and loading the worker's modules through tsx
 * takes 4–5 s per export against under 2 s from the build (docs/benchmarks.md, issue 30 item 5): there the worker
 * starts from backend/dist when that build is current (`npm test` builds first), and from the sources through tsx's
 * loader when a source was changed after the build, so a test never runs an old worker.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type WorkerEntry = { entry: string | URL; eval: boolean };

const fromSources = import.meta.url.endsWith('.ts');

export function exportWorkerEntry(): WorkerEntry {
  if (!fromSources) return { entry: new URL('./export-worker.js', import.meta.url), eval: false };
  const built = new URL('../../dist/exports/export-worker.js', import.meta.url);
  if (buildIsCurrent(fileURLToPath(new URL('..', import.meta.url)), fileURLToPath(new URL('../../dist', import.meta.url)))) {
    return { entry: built, eval: false };
  }
  const source = new URL('./export-worker.ts', import.meta.url);
  return {
    entry: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source.href)}); });`,
    eval: true,
  };
}

/**
 * Whether `distDir` holds a build of `srcDir` that no source change has overtaken: the worker's output exists and no
 * source file is newer than its output. A source without an output is left out: it is either excluded from the build
 * (tests) or new, and a new module matters only once a built one imports it, whose source then changed too.
 * Checked on every export (a few hundred stat calls, milliseconds), so a watch loop sees edits at once.
 */
export function buildIsCurrent(srcDir: string, distDir: string): boolean {
  if (!existsSync(join(distDir, 'exports', 'export-worker.js'))) return false;
  for (const file of readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const output = statSync(join(distDir, file.slice(0, -'.ts'.length) + '.js'), { throwIfNoEntry: false });
    if (output && statSync(join(srcDir, file)).mtimeMs > output.mtimeMs) return false;
  }
  return true;
}
