import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react({ babel: { plugins: ['relay'] } })],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    // Primer's dist imports .css files (STACK.md).
    server: { deps: { inline: [/@primer\/react/] } },
    css: false,
    // Rendering Primer screens in jsdom takes seconds on a loaded 2-core machine.
    testTimeout: 15_000,
  },
});
