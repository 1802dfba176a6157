import type { System } from '@nordlog/deploy';
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.js';
import type { SessionHeaders } from './signIn.js';
import { browserThreadCpu, browserThreads, fmt, percentile } from './stats.js';

/** The browser half of `bench:grid` (see grid.ts): the shipments page in Chromium. */
export interface BrowserBenchOptions {
  /** The rows of the big department-day the page shows. */
  rows: number;
  /** Write a CPU profile of the scroll steps to this file. */
  profile?: string;
  /** Write timeline traces of 30 more steps to this file (and its .floor.json). */
  trace?: string;
  /** The target of the work per scroll step (ms). */
  frameTarget: number;
}

/**
 * The scroll measurements, installed in a page as `window.__bench` (strings: the tests compile
 * without the DOM library). `steps(n)`: the work of n scroll steps of 390 px (13 rows) each,
 * where the scroll handler renders synchronously and the layout is forced, so a step is the
 * script, style and layout of one frame (paint excluded). `frames(n)`: the intervals of
 * requestAnimationFrame while the list scrolls one step per frame, as a wheel or a drag does.
 * Both go on from where the list is.
 */
const measureScript = String.raw`(el) => {
  const body = el.querySelector('[role=rowgroup]') ?? el.firstElementChild;
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  window.__bench = {
    el,
    domRows: () => el.querySelectorAll('[role=row], .floor-row').length,
    async steps(n) {
      const work = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        el.scrollTop += 390;
        el.dispatchEvent(new Event('scroll'));
        void body.getBoundingClientRect().height;
        void body.lastElementChild.offsetHeight;
        work.push(performance.now() - t);
        await frame();
      }
      return work;
    },
    async frames(n) {
      const deltas = [];
      let last = await frame();
      for (let i = 0; i < n; i++) {
        el.scrollTop += i % 2 === 0 ? 600 : -210;
        const now = await frame();
        deltas.push(now - last);
        last = now;
      }
      return deltas;
    },
    jump() {
      const t = performance.now();
      el.scrollTop = el.scrollHeight / 2;
      el.dispatchEvent(new Event('scroll'));
      void body.lastElementChild.offsetHeight;
      return performance.now() - t;
    },
  };
}`;

/**
 * The floor of the same work in the same browser, for the ratio: a virtual list in plain DOM
 * code (no React, no styles library) with the grid's row height, overscan, viewport and the same
 * number of text cells per row, measured with the same steps and frames as the grid, in rounds
 * that alternate with the grid's (a loaded machine changes speed within a run).
 */
const floorScript = String.raw`(cells) => {
  document.body.innerHTML = '<div id="s" style="height:850px;width:1500px;overflow:auto;position:relative;contain:strict;font:13px sans-serif"><div id="b" style="position:relative"></div></div>';
  const el = document.getElementById('s');
  const body = document.getElementById('b');
  const n = 100000, h = 30, over = 10;
  body.style.height = n * h + 'px';
  const rows = new Map();
  const render = () => {
    const first = Math.max(0, Math.floor(el.scrollTop / h) - over);
    const last = Math.min(n - 1, Math.ceil((el.scrollTop + 850) / h) + over);
    for (const [i, row] of rows) if (i < first || i > last) { row.remove(); rows.delete(i); }
    for (let i = first; i <= last; i++) {
      if (rows.has(i)) continue;
      const row = document.createElement('div');
      row.className = 'floor-row';
      row.style.cssText = 'position:absolute;left:0;top:' + i * h + 'px;height:30px;display:flex;contain:strict;width:1500px';
      for (let c = 0; c < cells; c++) {
        const cell = document.createElement('div');
        cell.style.cssText = 'width:100px;padding:0 6px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap';
        cell.textContent = 'Cell ' + c + ' of row ' + i;
        row.appendChild(cell);
      }
      body.appendChild(row);
      rows.set(i, row);
    }
  };
  el.addEventListener('scroll', render);
  render();
  return el;
}`;

/** The shipments page on the big department-day in Chromium: load, DOM rows, frame times. */
export async function browserBench(
  system: System,
  headers: SessionHeaders,
  department: string,
  options: BrowserBenchOptions,
) {
  const { rows: BROWSER_ROWS, profile: PROFILE, trace: TRACE, frameTarget } = options;
  const browser = await launchBrowser([], 'no-preference');
  try {
    const context = await browser.newContext({
      viewport: { width: 1600, height: 1200 },
      locale: 'en-GB',
    });
    const [cookieName, ...value] = headers.cookie!.split('=');
    await context.addCookies([{ name: cookieName!, value: value.join('='), url: system.url }]);
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${system.url}/planner/${department}/shipments-search`);
    try {
      // Every row is in: the count line says so (grouped rows make the list a little shorter).
      const all = BROWSER_ROWS.toLocaleString('en-GB');
      await page
        .getByTestId('grid-count')
        .getByText(`Showing ${all} of ${all} shipments`)
        .waitFor({ timeout: 180_000 });
    } catch (err) {
      await screenshot(page, 'bench-grid-failure');
      console.error(`the grid did not show ${BROWSER_ROWS} rows; the page says:`);
      console.error((await page.locator('body').innerText()).slice(0, 2000));
      throw err;
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const cells = await page
      .locator('[role=rowgroup] [role=row]')
      .first()
      .locator('[role=gridcell]')
      .count();
    await page.evaluate(`(${measureScript})(document.querySelector('[data-testid=grid-scroll]'))`);
    const floorPage = await context.newPage();
    await floorPage.evaluate(`(${measureScript})((${floorScript})(${cells}))`);
    const atTop = await page.evaluate<number>('window.__bench.domRows()');
    const viewport = await page.evaluate<number>('window.__bench.el.clientHeight');
    // Rounds: grid steps, floor steps, grid frames, floor frames (300 of each in all).
    const rounds = 3;
    const per = 100;
    const result = { work: [] as number[], deltas: [] as number[], mid: 0, jump: 0, viewport };
    const floor = { work: [] as number[], deltas: [] as number[] };
    const floorCdp = await context.newCDPSession(floorPage);
    await floorCdp.send('Performance.enable');
    const names2 = [
      'ScriptDuration',
      'RecalcStyleDuration',
      'LayoutDuration',
      'ThreadTime',
      'TaskDuration',
    ] as const;
    const totals = {
      grid: new Map<string, number>(names2.map((n) => [n, 0])),
      floor: new Map<string, number>(names2.map((n) => [n, 0])),
    };
    // CPU of Chromium's threads (all processes, from /proc) during the grid's and the floor's
    // rounds: the compositor threads draw every frame beside the main thread, on the same cores.
    const threads = {
      grid: new Map<string, number>(browserThreads.map((t) => [t, 0])),
      floor: new Map<string, number>(browserThreads.map((t) => [t, 0])),
    };
    const measured = async <T>(
      which: 'grid' | 'floor',
      target: Page,
      session: CDPSession,
      expression: string,
    ): Promise<T> => {
      await target.bringToFront();
      const read = async () =>
        new Map(
          (await session.send('Performance.getMetrics')).metrics.map(
            (m) => [m.name, m.value] as const,
          ),
        );
      const before = await read();
      const cpuBefore = browserThreadCpu();
      const out = await target.evaluate<T>(expression);
      const cpuAfter = browserThreadCpu();
      const after = await read();
      for (const n of names2)
        totals[which].set(n, totals[which].get(n)! + (after.get(n) ?? 0) - (before.get(n) ?? 0));
      for (const t of browserThreads)
        threads[which].set(t, threads[which].get(t)! + cpuAfter.get(t)! - cpuBefore.get(t)!);
      return out;
    };
    const gridRun = <T>(expression: string) => measured<T>('grid', page, cdp, expression);
    const floorRun = <T>(expression: string) =>
      measured<T>('floor', floorPage, floorCdp, expression);
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    for (let r = 0; r < rounds; r++) {
      result.work.push(...(await gridRun<number[]>(`window.__bench.steps(${per})`)));
      floor.work.push(...(await floorRun<number[]>(`window.__bench.steps(${per})`)));
    }
    if (TRACE) {
      // Timeline traces of 30 more steps of the grid and of the floor (style, layout and paint
      // events with their counts and CPU times).
      const trace = async (target: Page, session: CDPSession, file: string) => {
        await target.bringToFront();
        const events: unknown[] = [];
        session.on('Tracing.dataCollected', (e: { value: unknown[] }) => events.push(...e.value));
        const done = new Promise<void>((resolve) =>
          session.once('Tracing.tracingComplete', () => resolve()),
        );
        await session.send('Tracing.start', {
          categories:
            'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.invalidationTracking,blink,v8',
          transferMode: 'ReportEvents',
        });
        await target.evaluate('window.__bench.steps(30)');
        await session.send('Tracing.end');
        await done;
        writeFileSync(file, JSON.stringify({ traceEvents: events }));
      };
      await trace(page, cdp, TRACE);
      await trace(floorPage, floorCdp, TRACE.replace(/(\.json)?$/, '.floor.json'));
      console.log(`  traces of 30 steps written to ${TRACE} (grid) and its .floor.json`);
    }
    result.mid = await page.evaluate<number>('window.__bench.domRows()');
    for (let r = 0; r < rounds; r++) {
      result.deltas.push(...(await gridRun<number[]>(`window.__bench.frames(${per})`)));
      floor.deltas.push(...(await floorRun<number[]>(`window.__bench.frames(${per})`)));
    }
    if (PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(PROFILE, JSON.stringify(profile));
      console.log(`  CPU profile of the grid page while scrolling written to ${PROFILE}`);
    }
    await page.bringToFront();
    result.jump = await page.evaluate<number>('window.__bench.jump()');
    const visible = Math.ceil(result.viewport / 30);
    console.log(
      `\nBrowser (Chromium ${browser.version()}), the shipments page on ${fmt(BROWSER_ROWS)} rows of one department-day:`,
    );
    console.log(
      `  page opened to all rows in the grid: ${fmt(loadSeconds, 1)} s (${fmt(BROWSER_ROWS / 5000)} pages of 5,000)`,
    );
    console.log(
      `  DOM rows: ${atTop} at the top, ${result.mid} mid-list (viewport ${result.viewport} px = ${visible} rows visible; overscan 10 each side)`,
    );
    const w = result.work;
    const d = result.deltas;
    const q = (xs: number[], n: number) => percentile(xs, n);
    const ratio = (a: number[], b: number[], n: number) => fmt(q(a, n) / q(b, n), 2);
    /** Frames that took longer than one 60 Hz interval (with 4 ms of timer slack). */
    const overInterval = (intervals: number[]) => intervals.filter((x) => x > 1000 / 60 + 4).length;
    console.log(
      `  work per scroll step (script+style+layout, 300 steps of 13 rows): p50 ${fmt(q(w, 50), 2)} ms  p95 ${fmt(q(w, 95), 2)} ms  max ${fmt(Math.max(...w), 2)} ms  target < ${frameTarget} ms: ${q(w, 95) < frameTarget ? 'met' : 'MISSED'}`,
    );
    for (const which of ['grid', 'floor'] as const) {
      const t = (n: string) => totals[which].get(n)!;
      console.log(
        `  ${which === 'grid' ? "grid page's" : "floor page's"} main thread while scrolling: script ${fmt(t('ScriptDuration'), 2)} s, style ${fmt(t('RecalcStyleDuration'), 2)} s, layout ${fmt(t('LayoutDuration'), 2)} s; on CPU ${fmt((100 * t('ThreadTime')) / Math.max(t('TaskDuration'), 1e-9))} % of its task time (the rest: waiting for a core)`,
      );
    }
    console.log(
      `  Chromium's threads while scrolling (CPU s, grid page / floor page): ${browserThreads
        .map((t) => `${t} ${fmt(threads.grid.get(t)!, 2)} / ${fmt(threads.floor.get(t)!, 2)}`)
        .join('; ')}`,
    );
    console.log(
      `  requestAnimationFrame intervals while scrolling (300 frames): p50 ${fmt(q(d, 50), 2)} ms  p95 ${fmt(q(d, 95), 2)} ms  max ${fmt(Math.max(...d), 2)} ms; ${overInterval(d)} frame(s) over one 60 Hz interval`,
    );
    const fw = floor.work;
    const fd = floor.deltas;
    console.log(
      `  floor, same run in alternating rounds: a plain-DOM virtual list with ${cells} text cells per row, the same steps: work p50 ${fmt(q(fw, 50), 2)} ms  p95 ${fmt(q(fw, 95), 2)} ms; frame intervals p50 ${fmt(q(fd, 50), 2)} ms  p95 ${fmt(q(fd, 95), 2)} ms; ${overInterval(fd)} frame(s) over one 60 Hz interval`,
    );
    console.log(
      `  grid as a ratio to the floor: work per step p50 ${ratio(w, fw, 50)}  p95 ${ratio(w, fw, 95)}; frame intervals p50 ${ratio(d, fd, 50)}  p95 ${ratio(d, fd, 95)}`,
    );
    console.log(`  jump to the middle of the list (scroll bar drag): ${fmt(result.jump, 2)} ms`);
  } finally {
    await browser.close();
  }
}
