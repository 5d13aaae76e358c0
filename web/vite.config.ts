import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * Chunks holding the form renderer (src/forms/) are named forms-…, so the browser test of the first load
 * (tests/e2e/first-load.spec.ts) sees whether the sign-in screen loads it; every other chunk keeps its name.
 */
const chunkFileName = (chunk: { moduleIds: string[] }) =>
  `assets/${chunk.moduleIds.some((id) => /[\\/]src[\\/]forms[\\/]/.test(id)) ? 'forms' : '[name]'}-[hash].js`;

/**
 * The map id → text that relay-compiler wrote (persistConfig in relay.config.js), beside the app: the gateway serving
 * this build reads it from there (docs/gateway.md "Persisted operations and integrators").
 */
const persistedOperations = (): Plugin => ({
  name: 'persisted-operations',
  apply: 'build',
  generateBundle() {
    const source = readFileSync(new URL('src/__generated__/persisted-operations.json', import.meta.url), 'utf8');
    this.emitFile({ type: 'asset', fileName: 'persisted-operations.json', source });
  },
});

// @vitejs/plugin-react 5 keeps the babel option, which babel-plugin-relay needs (STACK.md).
export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['relay'] } }),
    persistedOperations(),
    // Brotli and gzip beside each file at build time: the gateway sends them by Accept-Encoding without
    // compressing per request (docs/web.md "Delivery").
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    // The gateway answers GraphQL over HTTP and graphql-ws on the same path (ARCHITECTURE.md).
    proxy: { '/graphql': { target: 'http://127.0.0.1:4000', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The @primer/react chunk is ~800 kB minified (190 kB gzip) with the components the forms use; it is
    // cached across releases (own chunk below), so only growth beyond that should warn.
    chunkSizeWarningLimit: 850,
    rolldownOptions: {
      output: {
        entryFileNames: chunkFileName,
        chunkFileNames: chunkFileName,
        // Libraries change less often than the app: separate chunks keep browser caches warm across releases.
        codeSplitting: {
          groups: [
            { name: 'primer', test: /node_modules[\\/]@primer[\\/]/ },
            { name: 'relay', test: /node_modules[\\/](react-relay|relay-runtime)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
