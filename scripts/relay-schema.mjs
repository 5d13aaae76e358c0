// Writes schema.graphql with every `extend type` merged into its type, for relay-compiler: it treats
// extensions in its schema file as client-only fields and would strip them from the queries it sends
// (the gateway's codegen merges the same way). Outside web/src: relay-compiler's excludes would hide it. Run by `npm run relay -w web` before relay-compiler.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { buildSchema, printSchema } from 'graphql';

const source = new URL('../schema.graphql', import.meta.url);
const target = new URL('../web/__generated__/schema.graphql', import.meta.url);
const merged = printSchema(buildSchema(await readFile(source, 'utf8')));
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, `# Generated from schema.graphql by scripts/relay-schema.mjs. Do not edit.\n${merged}\n`);
