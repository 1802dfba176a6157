// Vite builds the web app into ui/dist, which the gateway serves (docs/decisions/0014-web-app.md).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
// Spec §1: the local development backend is addressed on port 10001.
const backend = process.env.NORDLOG_BACKEND ?? 'http://localhost:10001';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@nordlog/contracts': contracts } },
  // Source maps for development; a production build publishes none (the gateway serves none there).
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.NODE_ENV !== 'production',
  },
  server: {
    port: 5173,
    proxy: {
      '/api/subscribe': { target: backend.replace(/^http/, 'ws'), ws: true },
      '/api': backend,
      '/auth': backend,
      '/revision': backend,
      '/config': backend,
      '/openapi': backend,
      '/dev': backend,
    },
  },
});
