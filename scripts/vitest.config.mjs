import { defineProject } from 'vitest/config';

// Unit tests of the start scripts (they are plain ES modules, outside the workspaces).
export default defineProject({
  test: {
    name: 'scripts',
    include: ['*.test.mjs'],
  },
});
