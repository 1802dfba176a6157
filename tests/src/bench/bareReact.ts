import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { fmt, percentile } from './stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the bare page is served, beside the web app, by the same gateway. */
export const BARE_PATH = '/bench-bare.html';

/**
 * A folder for the gateway's `UI_DIR`: the built web app (ui/dist, or `BENCH_UI_DIR` to measure
 * another build, e.g. one kept from before a change) plus a bare React page built by Vite from
 * tests/bench-page (React and ReactDOM drawing one element), precompressed as the web app's build
 * does (brotli 11, gzip 9) and named with a content hash under /assets/, so the gateway sends it
 * with the same encoding and cache headers. The start-up benches print the app's first renders as
 * a ratio to this page's, loaded the same way in the same run (issue 37 §5).
 */
export async function benchUiDir(): Promise<{ dir: string; close: () => Promise<void> }> {
  const source = process.env.BENCH_UI_DIR ?? path.join(root, 'ui', 'dist');
  const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-bench-ui-dir-'));
  const built = path.join(dir, '.bare');
  await cp(source, dir, { recursive: true });
  const other = process.env.BENCH_UI_COMPARE;
  if (other) {
    // Its chunks beside this build's (a hashed name is one content: a shared one is kept once).
    await cp(path.join(other, 'assets'), path.join(dir, 'assets'), {
      recursive: true,
      force: false,
    });
    comparison = {
      html: path.join(dir, 'index.html'),
      own: await readFile(path.join(dir, 'index.html'), 'utf8'),
      other: await readFile(path.join(other, 'index.html'), 'utf8'),
      name: path.basename(path.resolve(other)),
    };
  }
  const vite = path.join(root, 'ui', 'node_modules', '.bin', 'vite');
  await promisify(execFile)(
    vite,
    ['build', path.join(root, 'tests', 'bench-page'), '--outDir', built, '--emptyOutDir'],
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' } },
  );
  await rename(path.join(built, 'index.html'), path.join(dir, BARE_PATH.slice(1)));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const name of await readdir(path.join(built, 'assets'))) {
    const file = path.join(dir, 'assets', `bench-bare-${name}`);
    await rename(path.join(built, 'assets', name), file);
    const data = await readFile(file);
    await writeFile(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    );
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
  const html = path.join(dir, BARE_PATH.slice(1));
  await writeFile(
    html,
    (await readFile(html, 'utf8')).replaceAll('/assets/', '/assets/bench-bare-'),
  );
  await rm(built, { recursive: true, force: true });
  return { dir, close: () => rm(dir, { recursive: true, force: true }) };
}

/** A page whose first render is measured: its URL and what says it is drawn. */
export interface Screen {
  label: string;
  url: string;
  ready: (page: Page) => Promise<void>;
  /** Before each load, untimed (the build it is served from, `withComparison`). */
  prepare?: () => Promise<void>;
}

/**
 * `BENCH_UI_COMPARE=<another build>` (e.g. one kept from before a change): the benches serve its
 * chunks beside this build's and measure each page in both, taking turns in the same browser and
 * run, against the same bare page: the gateway serves index.html afresh on every load (no-cache),
 * and the build a load gets is the one whose index.html is written before it. On a shared, noisy
 * machine two builds compare better this way than in runs one after the other.
 */
let comparison: { html: string; own: string; other: string; name: string } | undefined;

/** Each page of `screens` (the bare page aside) in this build and in BENCH_UI_COMPARE's. */
export function withComparison(screens: Screen[]): Screen[] {
  const c = comparison;
  if (!c) return screens;
  const serve = (html: string) => () => writeFile(c.html, html);
  return screens.flatMap((s, k) =>
    k === 0
      ? [s]
      : [
          { ...s, label: `${s.label} · this build`, prepare: serve(c.own) },
          { ...s, label: `${s.label} · ${c.name}`, prepare: serve(c.other) },
        ],
  );
}

/** This build served again (after a comparison's loads). */
export async function serveOwnBuild(): Promise<void> {
  if (comparison) await writeFile(comparison.html, comparison.own);
}

/** What says a page is drawn: the `nth` element matching `css` is there (and visible). */
export interface Drawn {
  css: string;
  nth?: number;
  /** In the document is enough (a long list scrolls it out of view). */
  attached?: boolean;
}

interface PageDocument {
  querySelectorAll(css: string): ArrayLike<{
    getBoundingClientRect(): { width: number; height: number };
    checkVisibility(): boolean;
  }>;
}

/**
 * Waits until every condition holds, checked in the page on every animation frame, so that a
 * first render is timed to the frame it is drawn in. Playwright's locators poll with a back-off
 * (again after 0, 20, 50, 100, 100 ms, then every 500 ms), which rounded every page that was not
 * there at once up by as much as half a second; the bare page, drawn by the `load` event, was
 * always seen at the first look (docs/decisions/0046-web-start-up.md, addendum).
 */
export const drawn =
  (...conditions: Drawn[]) =>
  async (page: Page): Promise<void> => {
    // Run in the page on every frame (a function: the app's content security policy forbids
    // evaluating a string there). The tests' compiler has no DOM types, hence `PageDocument`.
    await page.waitForFunction(
      (cs: Drawn[]) =>
        cs.every(({ css, nth = 0, attached = false }) => {
          const { document } = globalThis as unknown as { document: PageDocument };
          const el = document.querySelectorAll(css)[nth];
          if (!el) return false;
          if (attached) return true;
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && el.checkVisibility();
        }),
      conditions,
      { polling: 'raf', timeout: 60_000 },
    );
  };

/** The bare page of `benchUiDir` on a system at `url`. */
export const bareScreen = (url: string): Screen => ({
  label: 'baseline: bare React page, same gateway',
  url: `${url}${BARE_PATH}`,
  ready: drawn({ css: '[data-testid=bare-ready]' }),
});

/**
 * Navigation (from about:blank) until `ready`: the time a user waits for the page. From
 * about:blank the page gets a renderer process of its own, with none of the compiled code of an
 * earlier load (the browser contexts of these benches keep no code cache on disk either).
 * `reload`: the page is loaded, then reloaded and timed, in the same renderer (a planner's
 * reload: the scripts' compiled code is still in memory).
 */
export async function firstRender(page: Page, screen: Screen, reload = false): Promise<number> {
  await screen.prepare?.();
  if (reload) {
    await page.goto(screen.url);
    await screen.ready(page);
  } else await page.goto('about:blank');
  const t = performance.now();
  if (reload) await page.reload();
  else await page.goto(screen.url);
  await screen.ready(page);
  return performance.now() - t;
}

/**
 * Where a load's time went: the app's marks of its start-up steps (ui/src/main.tsx, render.tsx:
 * `entry`, `session`, `react`, `render`) and the first contentful paint, in ms after the
 * navigation began (the page's clock), read once the page is drawn. The bare page has none but
 * its paint.
 */
export type Phases = Record<string, number>;

/** The start-up steps, in their order, as `phasesOf` names them. */
export const PHASES = ['entry', 'session', 'react', 'render', 'first paint'] as const;

export async function phasesOf(page: Page): Promise<Phases> {
  return page.evaluate(() => {
    // The tests' compiler has no DOM types: the page's Performance, as much as is used.
    const perf = (
      globalThis as unknown as {
        performance: { getEntriesByType(type: string): { name: string; startTime: number }[] };
      }
    ).performance;
    const out: Record<string, number> = {};
    for (const e of perf.getEntriesByType('mark'))
      if (e.name.startsWith('nordlog:')) out[e.name.slice('nordlog:'.length)] = e.startTime;
    for (const e of perf.getEntriesByType('paint'))
      if (e.name === 'first-contentful-paint') out['first paint'] = e.startTime;
    return out;
  });
}

/**
 * Each screen loaded once to warm the cache (the hashed chunks are immutable: a returning user
 * has them), then `rounds` times, the screens taking turns so that noise falls on all alike.
 */
export async function firstRenders(
  page: Page,
  screens: Screen[],
  rounds: number,
  /** Filled, when given, with each load's phases (phasesOf), by screen as `times` is. */
  phases?: Phases[][],
  /** Reloads in the same renderer instead of loads from about:blank (firstRender). */
  reload = false,
): Promise<number[][]> {
  for (const s of screens) await firstRender(page, s, reload);
  const times = screens.map(() => [] as number[]);
  for (const k of screens.keys()) if (phases) phases[k] = [];
  for (let i = 0; i < rounds; i++)
    for (const [k, s] of screens.entries()) {
      times[k]!.push(await firstRender(page, s, reload));
      // Read after the timing: the page is drawn and the clock stopped.
      if (phases) phases[k]!.push(await phasesOf(page));
    }
  await serveOwnBuild();
  return times;
}

/** One line of a screen's phases: the p50 of each step, ms after the navigation began. */
export function phasesLine(phases: Phases[]): string {
  return PHASES.flatMap((name) => {
    const xs = phases.map((p) => p[name]).filter((x): x is number => x !== undefined);
    return xs.length > 0 ? [`${name} ${fmt(percentile(xs, 50))}`] : [];
  }).join(' · ');
}

/**
 * Prints p50/p95 of each screen, and for those after the first (the bare page) the ratio of
 * p95s to it; `target` (ms, p95) and `maxRatio` are the issue's.
 */
export function printFirstRenders(
  screens: Screen[],
  times: number[][],
  target: { ms: number; ratio: number },
  /** Each load's phases (firstRenders): their p50s printed under each screen. */
  phases?: Phases[][],
): boolean {
  const base = percentile(times[0]!, 95);
  let met = true;
  for (const [k, s] of screens.entries()) {
    const xs = times[k]!;
    const p95 = percentile(xs, 95);
    let tail = '';
    if (k > 0) {
      const ratio = p95 / base;
      const ok = p95 < target.ms && ratio <= target.ratio;
      met &&= ok;
      tail = `  ratio p95 ${fmt(ratio, 2)}  (target < ${target.ms} ms and ≤ ${target.ratio} ×: ${ok ? 'met' : 'NOT met'})`;
    }
    console.log(
      `  ${s.label.padEnd(44)} p50 ${fmt(percentile(xs, 50)).padStart(6)} ms  p95 ${fmt(p95).padStart(6)} ms${tail}`,
    );
    const steps = phases?.[k] ? phasesLine(phases[k]) : '';
    if (steps) console.log(`    p50 after navigation: ${steps}`);
  }
  return met;
}
