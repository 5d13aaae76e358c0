import { defineProject } from 'vitest/config';

// The failover test (issue 16 item 5) runs the built services as real processes: `npm run test:failover`, and in `npm test`.
export default defineProject({
  test: {
    name: 'failover',
    include: ['failover/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
