import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, mergedSchema } from '../scripts/schema.mjs';

describe('schema.graphql', () => {
  it('is the merge of the domain files (run `npm run schema` after editing gateway/schema/)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await mergedSchema());
  });
});
