// Vite builds the web app into ui/dist, which the gateway serves (docs/decisions/0014-web-app.md).
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
// Spec §1: the local development backend is addressed on port 10001.
const backend = process.env.NORDLOG_BACKEND ?? 'http://localhost:10001';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each text file of
 * the build above 1 kB, and the barcode reader's .wasm, when smaller than the file; the gateway
 * sends the one the browser accepts (gateway/src/staticFiles.ts, docs/decisions/0023-http-edge.md). Source maps are left
 * plain: only developers' tools load them.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/i;
  return {
    name: 'nordlog-precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options, bundle) {
        const dir = options.dir ?? path.dirname(options.file ?? '');
        const started = Date.now();
        let before = 0;
        let after = 0;
        await Promise.all(
          Object.keys(bundle)
            .filter((name) => compressible.test(name))
            .map(async (name) => {
              const file = path.join(dir, name);
              const data = await readFile(file);
              if (data.length < 1024) return;
              const [br, gz] = await Promise.all([
                brotli(data, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                  },
                }),
                gzipped(data, { level: 9 }),
              ]);
              if (br.length < data.length) await writeFile(`${file}.br`, br);
              if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
              before += data.length;
              after += Math.min(br.length, data.length);
            }),
        );
        this.info(
          `precompressed ${Math.round(before / 1024)} kB to ${Math.round(after / 1024)} kB ` +
            `(brotli) in ${Date.now() - started} ms`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@nordlog/contracts': contracts } },
  // Source maps for development; a production build publishes none (the gateway serves none there).
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.NODE_ENV !== 'production',
    // Every file under assets/ has its content hash in its name: the gateway caches them for a
    // year, immutable (gateway/src/staticFiles.ts).
    assetsDir: 'assets',
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
