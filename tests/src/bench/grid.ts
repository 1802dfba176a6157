import { CONSIGNMENT_GRID_TABLE } from '@nordlog/contracts';
import { startSystem, type System } from '@nordlog/deploy';
import { connect, loadConfig, silentLogger, withDatabase, type Knex } from '@nordlog/platform';
import { consignmentSearchIndexSql } from '@nordlog/projector';
import { assertWebAppBuilt } from '../support/browser.js';
import { benchRow, insertGridRows } from './gridRows.js';
import { browserBench } from './gridBrowser.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { fmt, percentile, sample } from './stats.js';
import { numberArg as arg, LOCAL_URL } from './args.js';

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
const ROWS = arg('--rows', 1_000_000);
const BROWSER_ROWS = Math.min(arg('--browser-rows', 100_000), ROWS);
const SAMPLES = arg('--samples', 200);
const BROWSER = !args.includes('--no-browser');
const PROFILE = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
const TRACE = args.includes('--trace') ? args[args.indexOf('--trace') + 1] : undefined;
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

    if (BROWSER)
      await browserBench(system, headers, big.department, {
        rows: BROWSER_ROWS,
        profile: PROFILE,
        trace: TRACE,
        frameTarget: TARGET.frame,
      });
  } finally {
    await system?.close();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
