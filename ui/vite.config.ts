// Vite builds the web app into ui/dist, which the gateway serves (docs/decisions/0014-web-app.md).
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';

const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
// Spec §1: the local development backend is addressed on port 10001.
const backend = process.env.NORDLOG_BACKEND ?? 'http://localhost:10001';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside each text file of
 * the build above 1 kB, when smaller than the file; the gateway sends the one the browser
 * accepts (gateway/src/staticFiles.ts, docs/decisions/0023-http-edge.md). Source maps are left
 * plain: only developers' tools load them.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
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

/**
 * What boot.js asks the browser to fetch, by the page's path (filled in at build time): the
 * chunks of the public pages or of the app, of the main screens, and each language's messages.
 */
interface BootPlan {
  public: string[];
  app: string[];
  screens: [string, string[]][];
  messages: Record<string, string[]>;
}

/**
 * Runs in the browser as a classic script before the entry (its source is written into boot.js):
 * adds a modulepreload link for each chunk the page at this path will import, so they are fetched
 * and compiled while the entry runs and the session is asked for, not one after the other. The
 * language follows ui/src/i18n/locales.ts (`normalizeLocale` of the stored choice).
 */
function boot(plan: BootPlan) {
  const preload = (files: string[]) => {
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = `/${file}`;
      document.head.appendChild(link);
    }
  };
  let code = '';
  try {
    code = (localStorage.getItem('nordlog.locale') ?? '').trim().toLowerCase().slice(0, 2);
  } catch {
    /* no storage: English */
  }
  if (code === 'dk') code = 'da';
  if (code === 'no' || code === 'nn') code = 'nb';
  preload(plan.messages[code] ?? plan.messages.en ?? []);
  const path = location.pathname;
  if (path === '/' || path === '/login' || /^\/(auth|open|track)\//.test(path))
    return preload(plan.public);
  preload(plan.app);
  for (const [pattern, files] of plan.screens) if (new RegExp(pattern).test(path)) preload(files);
}

/**
 * Writes `assets/boot-HASH.js` (boot() with the chunks of this build) and loads it from
 * index.html before the entry: docs/decisions/0046-web-start-up.md. An external file, since the
 * content security policy allows no inline script; hashed, so the gateway caches it for good.
 */
function startPreload(): Plugin {
  let file: { name: string; source: string } | null = null;
  const screens: [string, string][] = [
    ['^/planner/[^/]+/shipments(-search)?(/|$)', '/src/planner/Shipments.tsx'],
    ['^/planner/[^/]+/planning(/|$)', '/src/planner/planning/PlanningPage.tsx'],
    ['^/planner/[^/]+/live2?(/|$)', '/src/planner/live/LivePage.tsx'],
  ];
  const locales = ['da', 'en', 'fi', 'fr', 'nb', 'sv'];
  return {
    name: 'nordlog-start-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return html;
        const chunks = Object.values(bundle).filter(
          (c): c is Rollup.OutputChunk => c.type === 'chunk',
        );
        const closure = (start: Rollup.OutputChunk) => {
          const out = new Set<string>();
          const visit = (c: Rollup.OutputChunk) => {
            if (out.has(c.fileName)) return;
            out.add(c.fileName);
            for (const name of c.imports) {
              const dep = bundle[name];
              if (dep?.type === 'chunk') visit(dep);
            }
          };
          visit(start);
          return out;
        };
        const entry = closure(ctx.chunk);
        const files = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`nordlog-start-preload: no chunk for ${module}`);
          return [...closure(chunk)].filter((name) => !entry.has(name));
        };
        const plan: BootPlan = {
          public: files('/src/auth/PublicApp.tsx'),
          app: files('/src/app/AdminApp.tsx'),
          screens: screens.map(([pattern, module]) => [pattern, files(module)]),
          messages: Object.fromEntries(
            locales.map((l) => [l, files(`/src/i18n/messages/${l}.ts`)]),
          ),
        };
        const source = `(${boot.toString()})(${JSON.stringify(plan)});\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        file = { name: `assets/boot-${hash}.js`, source };
        return html.replace(
          '<script type="module"',
          `<script src="/${file.name}"></script>\n    <script type="module"`,
        );
      },
    },
    writeBundle: {
      async handler(options) {
        if (!file) return;
        // Written beside the bundle, so compressed here as precompress() does for the rest.
        const out = path.join(options.dir ?? 'dist', file.name);
        const data = Buffer.from(file.source);
        await writeFile(out, data);
        await writeFile(
          `${out}.br`,
          await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        await writeFile(`${out}.gz`, await gzipped(data, { level: 9 }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), startPreload(), precompress()],
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
