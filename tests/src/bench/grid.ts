import { CONSIGNMENT_GRID_TABLE } from '@nordlog/contracts';
import { startSystem, type System } from '@nordlog/deploy';
import { connect, loadConfig, silentLogger, withDatabase, type Knex } from '@nordlog/platform';
import { consignmentSearchIndexSql } from '@nordlog/projector';
import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { assertWebAppBuilt, launchBrowser, screenshot } from '../support/browser.js';
import { benchRow, insertGridRows } from './gridRows.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { browserThreadCpu, browserThreads, fmt, percentile } from './stats.js';

/**
 * `npm run bench:grid [-- --rows N --browser-rows M --samples S --no-browser --profile FILE --trace FILE]`
 *
 * The shipments grid's server side and its scrolling, on the local PostgreSQL server:
 * - a database of its own with N (default 1,000,000) consignments written straight into the grid
 *   read model (`rm_consignment_grid`) with multi-row INSERTs: this measures the query side, not
 *   the projector;
 * - the grid query (one department, one day, 100 rows, sorted) and search (`searchConsignments`)
 *   through the real query service over HTTP, p50/p95, as ratios to a primary-key lookup through
 *   the same HTTP path and to the bare SQL lookup, measured in the same run; search before and
 *   after the trigram index of read-model migration 0002;
 * - in Chromium, the shipments page on M (default 100,000) rows of one department-day: load time,
 *   DOM rows, and frame times while scrolling (work per scroll step, and requestAnimationFrame
 *   intervals), each also as a ratio to the same figure of a plain-DOM virtual list (the floor)
 *   measured in the same run, with the CPU of Chromium's threads (main, compositors, raster) in
 *   the grid's and the floor's rounds; `--profile FILE` writes a CPU profile of the scroll steps
 *   (`.cpuprofile`), `--trace FILE` a timeline trace of 30 more steps (both for DevTools'
 *   Performance panel).
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = arg('--rows', 1_000_000);
const BROWSER_ROWS = Math.min(arg('--browser-rows', 100_000), ROWS);
const SAMPLES = arg('--samples', 200);
const BROWSER = !args.includes('--no-browser');
const PROFILE = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
const TRACE = args.includes('--trace') ? args[args.indexOf('--trace') + 1] : undefined;
const LOCAL_URL = process.env.LOCAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DEPARTMENTS = 20;
const DAYS = 365;
const TARGET = { grid: 30, search: 100, frame: 16 };

type Headers = SessionHeaders;

async function post<T>(url: string, path: string, body: unknown, headers: Headers): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Runs `task` `n` times one after the other (as one planner does) and returns the latencies. */
async function sample(n: number, task: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await task(i + 1_000_000); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await task(i);
    latencies.push(performance.now() - t);
  }
  return latencies;
}

const dayOf = (today: string, back: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
};

async function fill(
  knex: Knex,
  departments: string[],
  customers: string[],
  big: { department: string; customer: string },
  today: string,
) {
  const spread = ROWS - BROWSER_ROWS;
  const batch = 5000;
  const started = performance.now();
  let written = 0;
  const report = () => {
    const s = (performance.now() - started) / 1000;
    process.stdout.write(
      `\r  writing rows: ${fmt(written)} / ${fmt(ROWS)} (${fmt(written / Math.max(s, 0.001))} rows/s)`,
    );
  };
  for (let start = 0; start < ROWS; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(ROWS, start + batch); i++) {
      if (i < spread) {
        const d = i % DEPARTMENTS;
        const day = Math.floor(i / DEPARTMENTS) % DAYS;
        rows.push(
          benchRow(
            i + 1,
            departments[d]!,
            { id: customers[d]!, name: `Customer ${d + 1} AS` },
            dayOf(today, day),
          ),
        );
      } else {
        rows.push(
          benchRow(i + 1, big.department, { id: big.customer, name: 'Big Customer AS' }, today),
        );
      }
    }
    await insertGridRows(knex, rows);
    written += rows.length;
    if ((start / batch) % 10 === 0) report();
  }
  report();
  process.stdout.write('\n');
  return (performance.now() - started) / 1000;
}

async function plan(knex: Knex, sql: string, bindings: Knex.RawBinding[]): Promise<string> {
  const r = await knex.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain ${sql}`, bindings);
  return r.rows
    .map((x) => x['QUERY PLAN'])
    .filter((l) => /Scan/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/^->\s*/, '')
        .replace(/\s+\(cost=.*$/, ''),
    )
    .join(' / ');
}

async function main() {
  if (BROWSER) assertWebAppBuilt();
  const name = `bench_grid_${Date.now()}`;
  const admin = connect(LOCAL_URL, 1);
  await admin.raw(`create database ${name}`);
  const url = withDatabase(LOCAL_URL, name);
  let system: System | undefined;
  try {
    system = await startSystem(
      loadConfig({
        DATABASE_URL: url,
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
      }),
      silentLogger(),
    );
    const knex = system.db.knex;
    const version = (
      await knex.raw<{ rows: { v: string }[] }>(`select current_setting('server_version') as v`)
    ).rows[0]!.v;
    console.log(
      `bench:grid: local PostgreSQL ${version} (${LOCAL_URL.replace(/\/\/.*@/, '//')}), database ${name}`,
    );

    // Departments and customers through the command API (the page reads them); consignments
    // straight into the read model.
    const departments: string[] = [];
    const customers: string[] = [];
    for (let d = 0; d <= DEPARTMENTS; d++) {
      const dep = await system.run('CREATE_DEPARTMENT', {
        name: d === DEPARTMENTS ? 'Bench big' : `Bench ${d + 1}`,
        departmentType: 'courier',
        country: 'NO',
      });
      const depId = (dep.body as { ids: string[] }).ids[0]!;
      const cust = await system.run('CREATE_CUSTOMER', {
        name: d === DEPARTMENTS ? 'Big Customer AS' : `Customer ${d + 1} AS`,
        departmentId: depId,
      });
      departments.push(depId);
      customers.push((cust.body as { ids: string[] }).ids[0]!);
    }
    const big = { department: departments.pop()!, customer: customers.pop()! };
    const headers = await signIn(system, '+4749990001', {
      role: 'PLANNER',
      access: ['PLANNER_SHIPMENTS'],
      departmentIds: [...departments, big.department],
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());

    // The search index is created after the load (as an index build), and measured without it first.
    await knex.raw(`drop index if exists ${CONSIGNMENT_GRID_TABLE}_search`);
    console.log(
      `\nFilling the read model ${CONSIGNMENT_GRID_TABLE} directly (multi-row INSERT of generated rows; the projector is not measured):`,
    );
    console.log(
      `  ${fmt(ROWS - BROWSER_ROWS)} rows over ${DEPARTMENTS} departments × ${DAYS} days (${fmt((ROWS - BROWSER_ROWS) / DEPARTMENTS / DAYS)} per department-day) + ${fmt(BROWSER_ROWS)} rows on ${today} in one department`,
    );
    const seconds = await fill(knex, departments, customers, big, today);
    await knex.raw(`vacuum analyze ${CONSIGNMENT_GRID_TABLE}`);
    const size = (
      await knex.raw<{ rows: { s: string }[] }>(
        `select pg_size_pretty(pg_total_relation_size('${CONSIGNMENT_GRID_TABLE}')) as s`,
      )
    ).rows[0]!.s;
    console.log(`  ${fmt(ROWS)} rows in ${fmt(seconds, 1)} s; table with indexes ${size}`);

    const { url: base } = system;
    const rnd = (() => {
      let a = 12345;
      return () => (a = (a * 1103515245 + 12345) >>> 0) / 4294967296;
    })();
    const depAt = () => departments[Math.floor(rnd() * departments.length)]!;
    const dayAt = () => dayOf(today, Math.floor(rnd() * DAYS));
    const spread = ROWS - BROWSER_ROWS;
    const idAt = () => String(1 + Math.floor(rnd() * spread));

    // Baselines: one row by primary key, in SQL and through the same HTTP path as the queries.
    const sqlPk = await sample(SAMPLES, () =>
      knex.raw(`select data from ${CONSIGNMENT_GRID_TABLE} where id = ?`, [idAt()]),
    );
    const httpPk = await sample(SAMPLES, () =>
      post(
        base,
        '/api/query/consignments',
        { query: 'consignments', params: { ids: [idAt()] } },
        headers,
      ),
    );
    const grid = await sample(SAMPLES, async () => {
      const rows = await post<unknown[]>(
        base,
        '/api/query/consignments',
        {
          query: 'consignments',
          params: { departmentIds: [depAt()], fromDate: dayAt(), toDate: undefined, limit: 100 },
        },
        headers,
      );
      if (rows.length === 0 || rows.length > 100)
        throw new Error(`grid query answered ${rows.length} rows`);
    });
    // Search phrases: a customer reference (one hit), a street (common), a name pair (AND).
    const phrases = [
      () => ({ searchPhrase: `REF-${100000 + Number(idAt())}`.toLowerCase() }),
      () => ({ searchPhrase: 'bogstadveien' }),
      () => ({ searchPhrase: 'ingrid bakke', searchOperator: 'AND' }),
    ];
    const searchRuns = async (label: string) => {
      const out: Record<string, number[]> = {};
      out[`${label}, last 30 days`] = await sample(SAMPLES, (i) => {
        const to = dayAt();
        return post(
          base,
          '/api/query/searchConsignments',
          {
            query: 'searchConsignments',
            params: {
              ...phrases[i % 3]!(),
              departmentIds: [depAt()],
              fromDate: dayOf(to, 29),
              toDate: to,
            },
          },
          headers,
        );
      });
      out[`${label}, all dates`] = await sample(SAMPLES, (i) =>
        post(
          base,
          '/api/query/searchConsignments',
          {
            query: 'searchConsignments',
            params: { ...phrases[i % 3]!(), departmentIds: [depAt()] },
          },
          headers,
        ),
      );
      return out;
    };
    const explainSearch = `select data from ${CONSIGNMENT_GRID_TABLE} where department_id in (?) and (search_text like ?) order by date desc, id desc limit 200`;
    const before = await searchRuns('search without trigram index');
    const planBefore = await plan(knex, explainSearch, [departments[0]!, '%ref-100042%']);
    const built = performance.now();
    await knex.raw(consignmentSearchIndexSql);
    await knex.raw(`analyze ${CONSIGNMENT_GRID_TABLE}`);
    const buildSeconds = (performance.now() - built) / 1000;
    const after = await searchRuns('search with trigram index');
    const planAfter = await plan(knex, explainSearch, [departments[0]!, '%ref-100042%']);

    const p = (xs: number[], q: number) => percentile(xs, q);
    const base95 = p(httpPk, 95);
    const sql95 = p(sqlPk, 95);
    console.log(
      `\nQuery side, ${SAMPLES} requests each, one at a time, random department and day (ms):`,
    );
    const line = (label: string, xs: number[], target?: number) =>
      console.log(
        `  ${label.padEnd(44)} p50 ${fmt(p(xs, 50), 2).padStart(7)}  p95 ${fmt(p(xs, 95), 2).padStart(7)}` +
          `  ratio to HTTP pk ${fmt(p(xs, 95) / base95, 1).padStart(5)}  to SQL pk ${fmt(p(xs, 95) / sql95, 1).padStart(6)}` +
          (target === undefined
            ? ''
            : `  target p95 < ${target} ms: ${p(xs, 95) < target ? 'met' : 'MISSED'}`),
      );
    line('baseline: SQL primary-key lookup', sqlPk);
    line('baseline: HTTP consignments {ids:[id]}', httpPk);
    line('grid: one department, one day, 100 rows', grid, TARGET.grid);
    for (const [label, xs] of Object.entries({ ...before, ...after }))
      line(label, xs, TARGET.search);
    console.log(`  trigram index built in ${fmt(buildSeconds, 1)} s`);
    console.log(`  plan of a one-hit search, all dates, before: ${planBefore}`);
    console.log(`  plan of a one-hit search, all dates, after:  ${planAfter}`);

    if (BROWSER) await browserBench(system, headers, big.department);
  } finally {
    await system?.close();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
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
async function browserBench(system: System, headers: Headers, department: string) {
  const browser = await launchBrowser();
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
    console.log(
      `  work per scroll step (script+style+layout, 300 steps of 13 rows): p50 ${fmt(q(w, 50), 2)} ms  p95 ${fmt(q(w, 95), 2)} ms  max ${fmt(Math.max(...w), 2)} ms  target < ${TARGET.frame} ms: ${q(w, 95) < TARGET.frame ? 'met' : 'MISSED'}`,
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
    const dropped = d.filter((x) => x > 1000 / 60 + 4).length;
    console.log(
      `  requestAnimationFrame intervals while scrolling (300 frames): p50 ${fmt(q(d, 50), 2)} ms  p95 ${fmt(q(d, 95), 2)} ms  max ${fmt(Math.max(...d), 2)} ms; ${dropped} frame(s) over one 60 Hz interval`,
    );
    const fw = floor.work;
    const fd = floor.deltas;
    console.log(
      `  floor, same run in alternating rounds: a plain-DOM virtual list with ${cells} text cells per row, the same steps: work p50 ${fmt(q(fw, 50), 2)} ms  p95 ${fmt(q(fw, 95), 2)} ms; frame intervals p50 ${fmt(q(fd, 50), 2)} ms  p95 ${fmt(q(fd, 95), 2)} ms; ${fd.filter((x) => x > 1000 / 60 + 4).length} frame(s) over one 60 Hz interval`,
    );
    console.log(
      `  grid as a ratio to the floor: work per step p50 ${ratio(w, fw, 50)}  p95 ${ratio(w, fw, 95)}; frame intervals p50 ${ratio(d, fd, 50)}  p95 ${ratio(d, fd, 95)}`,
    );
    console.log(`  jump to the middle of the list (scroll bar drag): ${fmt(result.jump, 2)} ms`);
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
