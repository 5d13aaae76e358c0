// Before relay-compiler: an empty artifact directory and an empty map of persisted operations. relay-compiler adds
// an operation to the map only when it writes the operation's artifact anew, and never removes one: starting empty
// makes the map exactly the current operations (relay.config.js, persistConfig).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

const generated = new URL('../src/__generated__/', import.meta.url);
rmSync(generated, { recursive: true, force: true });
mkdirSync(generated, { recursive: true });
writeFileSync(new URL('persisted-operations.json', generated), '{}');
