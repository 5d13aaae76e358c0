/**
 * Imports between the backend's folders run one way (ARCHITECTURE.md "Imports between backend folders run one way";
 * issue 25): no two folders of backend/src import each other, so each area can be read, changed and tested on top
 * of the ones below it. Read with the TypeScript compiler's own import scanner. Test code (tests and test support)
 * may reach across, and generated code (its types name the JSON column shapes) is no area.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = dirname(fileURLToPath(import.meta.url));
const isTestCode = (path: string) => /\.test\.ts$|\.test-support\.ts$/.test(path) || path.split(sep)[0] === 'test-support';
const folderOf = (path: string) => (path.includes(sep) ? path.split(sep)[0] : null);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

/** `from → to` for every import of one folder's production code from another folder. */
function folderEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of sources(root).filter((path) => !isTestCode(path))) {
    const from = folderOf(file);
    if (!from) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = folderOf(relative(root, resolve(root, dirname(file), fileName)));
      if (to && to !== from && to !== '__generated__') edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

describe('backend folders', () => {
  it('never import each other both ways', () => {
    const edges = folderEdges();
    const both = [...edges].flatMap(([from, tos]) =>
      [...tos].filter((to) => from < to && edges.get(to)?.has(from)).map((to) => `${from} ⇄ ${to}`),
    );
    expect(edges.size).toBeGreaterThan(20);
    expect(both).toEqual([]);
  });
});
