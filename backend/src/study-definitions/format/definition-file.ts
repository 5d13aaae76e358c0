/** Reading definition files from disk: JSON syntax errors are reported with line and column. */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DefinitionFileError } from './compile-context.js';
import { compileDefinition, type CompiledDefinition } from './compile-definition.js';

/** backend/definitions: the shipped definition files (the demo registry), from src/ or dist/. */
export const shippedDefinitionsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'definitions');

function position(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  if (!match) return '(document)';
  const before = text.slice(0, Number(match[1]));
  const lines = before.split('\n');
  return `line ${lines.length}, column ${(lines.at(-1)?.length ?? 0) + 1}`;
}

export function parseDefinitionText(text: string, source: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const message = (error as Error).message;
    throw new DefinitionFileError(source, [{ place: position(text, message), message: `not valid JSON: ${message}` }]);
  }
}

export type LoadedDefinitionFile = { file: string; document: unknown; compiled: CompiledDefinition };

export function loadDefinitionFile(file: string): LoadedDefinitionFile {
  const document = parseDefinitionText(readFileSync(file, 'utf8'), basename(file));
  return { file: basename(file), document, compiled: compileDefinition(document, basename(file)) };
}

/** Every `*.definition.json` of a directory, compiled; the first broken file stops the load. */
export function loadDefinitionDirectory(dir: string = shippedDefinitionsDir): LoadedDefinitionFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.definition.json'))
    .sort()
    .map((name) => loadDefinitionFile(join(dir, name)));
}
