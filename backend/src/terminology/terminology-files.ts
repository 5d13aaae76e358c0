/**
 * Terminology collections from files (ecrf-calls.md §7 "Terminology"): every `<collection>.json` of a directory
 * is one collection, named by its file. Format (docs/backend.md "Terminology"):
 * `{ "name", "version", "codes": [{ "code", "display" (German), "parent"? }] }`. Files are read once at start;
 * a broken file, a duplicate code or a parent that is not a code of the collection stops the start.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/** backend/terminology: the shipped collections, from src/ or dist/. */
export const shippedTerminologyDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'terminology');

export const TerminologyCode = Type.Object({
  code: Type.String({ minLength: 1 }),
  display: Type.String({ minLength: 1, description: 'German display text' }),
  parent: Type.Optional(Type.String({ minLength: 1, description: 'code of the enclosing entry of the same collection' })),
});
export type TerminologyCode = Static<typeof TerminologyCode>;

const CollectionFile = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    version: Type.Optional(Type.String({ minLength: 1 })),
    codes: Type.Array(TerminologyCode),
  },
  { additionalProperties: false },
);

export type TerminologyCollection = Static<typeof CollectionFile> & { collection: string; byCode: ReadonlyMap<string, TerminologyCode> };

/** Collection names are URL path segments. */
const COLLECTION_NAME = /^[a-z0-9][a-z0-9-]*$/;

function collectionOf(file: string): TerminologyCollection {
  const collection = basename(file, '.json');
  const fail = (problem: string) => new Error(`terminology file ${basename(file)}: ${problem}`);
  if (!COLLECTION_NAME.test(collection)) throw fail('the file name must be lower-case letters, digits and hyphens');
  let document: unknown;
  try {
    document = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(`not valid JSON: ${(error as Error).message}`);
  }
  const [problem] = Value.Errors(CollectionFile, document);
  if (problem) throw fail(`${problem.instancePath || '(document)'} ${problem.message}`);
  const parsed = document as Static<typeof CollectionFile>;
  const byCode = new Map<string, TerminologyCode>();
  for (const entry of parsed.codes) {
    if (byCode.has(entry.code)) throw fail(`code ${entry.code} is listed twice`);
    byCode.set(entry.code, entry);
  }
  for (const entry of parsed.codes) {
    if (entry.parent !== undefined && !byCode.has(entry.parent)) throw fail(`parent ${entry.parent} of ${entry.code} is not a code`);
  }
  return { ...parsed, collection, byCode };
}

/** Every collection of the directory, by name. */
export function loadTerminologies(dir: string = shippedTerminologyDir): ReadonlyMap<string, TerminologyCollection> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return new Map(files.map((name) => collectionOf(join(dir, name))).map((c) => [c.collection, c]));
}
