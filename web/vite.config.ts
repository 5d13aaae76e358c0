import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// @vitejs/plugin-react 5 keeps the babel option, which babel-plugin-relay needs (STACK.md).
export default defineConfig({
  plugins: [react({ babel: { plugins: ['relay'] } })],
  server: {
    port: 5173,
    strictPort: true,
    // The gateway answers GraphQL over HTTP and graphql-ws on the same path (ARCHITECTURE.md).
    proxy: { '/graphql': { target: 'http://127.0.0.1:4000', changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // @primer/react alone is ~565 kB minified (120 kB gzip); the default 500 kB limit would always warn.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
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
