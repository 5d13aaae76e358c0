/**
 * The operation text relay-compiler wrote for the web (web/src/__generated__, built by `npm run relay -w web`): the
 * artifact names its persisted id, the generated map holds the text. Tests and the benchmark send the web's own
 * operations, so what they count is what the screens cost.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function webOperation(name: string): string {
  const generated = join(import.meta.dirname, '..', '..', '..', 'web', 'src', '__generated__');
  const id = /"id": "([0-9a-f]+)"/.exec(readFileSync(join(generated, `${name}.graphql.ts`), 'utf8'))?.[1];
  const documents = JSON.parse(readFileSync(join(generated, 'persisted-operations.json'), 'utf8')) as Record<string, string>;
  const text = id === undefined ? undefined : documents[id];
  if (text === undefined) throw new Error(`no operation text for ${name}; run npm run relay -w web`);
  return text;
}
