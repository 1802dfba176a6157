import {
  CONSIGNMENT_GRID_TABLE,
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  REPORT_CELLS_TABLE,
  REPORT_ORDERS_TABLE,
  SLOTS_TABLE,
  UNITS_TABLE,
  addDays,
  SYSTEM_IDENTITY,
  type ReportGrouping,
} from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import type { Knex } from '@nordlog/platform';
import {
  cellsQuery,
  invoicingReport,
  queries,
  reportGroups,
  routeReport,
  toInvoiceEstimate,
} from '@nordlog/query-service';
import { cpus, loadavg } from 'node:os';
import { numberArg as arg } from './args.js';
import { apiClient, type ApiClient } from './invoicingData.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { REPORTING_PROJECTIONS, projectionCost } from './reportsBooking.js';
import { fillReadModels, setUpWorld, type ReportsWorld } from './reportsData.js';
import { projectionsSettled } from '../support/system.js';
import { signIn } from './signIn.js';
import { fmt, percentile, sample } from './stats.js';

/**
 * `npm run bench:reports [-- --scale F --consignments N --departments D --samples S
 *   --bookings B --rounds R --concurrency C --all-orders --keep --reuse NAME]`
 *
 * The reports (issue 45; docs/decisions/0080, 0082, 0088) on the local PostgreSQL server, in a
 * database of its own:
 * 1. Data: N (default 1,000,000 × F, F default 1) consignments over three months (92 days) for D
 *    (default 100) departments with three customers each: departments and customers through the
 *    command API, the consignments written in bulk into the read models in the rows their
 *    projections write (reportsData.ts): booking a million through commands would take hours.
 *    What the report's other parts read is there as on a real day: each slot's route (a pickup and
 *    a delivery stop per consignment on it) and the units the slots name (reportsRoutes.ts), and
 *    the orders of the measured month (every day with `--all-orders`) with a price list per
 *    department, so its amount to invoice prices them (reportsOrders.ts).
 * 2. A month's report (the middle month) as the query service answers it over HTTP, as an ADMIN:
 *    `productivityReport` of one department by day and by courier, and `adminReport` of every
 *    department by department; S (default 50) samples each, the department rotating. Each against
 *    the same aggregate by a bare SQL `GROUP BY` over the raw read model (the grid's
 *    `rm_consignments`, counting its state and slot columns: less than the report counts, so the
 *    baseline is if anything flattered), run directly on the database in the same run. Target:
 *    p95 ≤ 0.2 × the bare GROUP BY's p95, and p95 < 300 ms. The counts both give are compared.
 *    For productivityReport also the handler's three parts on their own (cells, routes' plans and
 *    driven figures, invoicing), so the figures say where the time goes. Then the report screen's
 *    second query, `toInvoiceEstimate` (docs/decisions/0105): the amount still to invoice, priced
 *    when asked; timed, with no target.
 * 3. What the reporting projections add to a CREATE_ORDER (reportsBooking.ts): bench:spine's
 *    booking on two systems, with every projection and without the four reporting ones
 *    (REPORTING_PROJECTIONS), R (default 5) rounds of
 *    B (default 2,000 × F, at least 500) orders at concurrency C (default 16).
 * These machines are shared and noisy: the ratios to baselines of the same run are what count.
 */
const SCALE = arg('--scale', 1);
const CONSIGNMENTS = arg('--consignments', Math.round(1_000_000 * SCALE));
const DEPARTMENTS = arg('--departments', 100);
const SAMPLES = arg('--samples', 50);
const BOOKINGS = arg('--bookings', Math.max(500, Math.round(2_000 * SCALE)));
const ROUNDS = arg('--rounds', 5);
const CONCURRENCY = arg('--concurrency', 16);
const DAYS = 92;
const FIRST_DATE = '2026-01-01';
const MONTH = { fromDate: '2026-02-01', toDate: '2026-02-28' };
const TARGET = { ratio: 0.2, p95: 300 };
/** `--reuse NAME`: measure a database an earlier run kept (`--keep`) again, without filling. */
const REUSE = process.argv.includes('--reuse')
  ? process.argv[process.argv.indexOf('--reuse') + 1]
  : undefined;
/** The orders' dates (`rm_orders`): the measured month, or with `--all-orders` every day. */
const ORDER_DATES = process.argv.includes('--all-orders')
  ? { fromDate: FIRST_DATE, toDate: addDays(FIRST_DATE, DAYS - 1) }
  : MONTH;

const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;
const COUNTS = ['booked', 'planned', 'collected', 'delivered', 'deviated', 'returned'] as const;
type Counts = Record<(typeof COUNTS)[number], number>;

/**
 * The bare aggregate over the raw read model: each consignment of the departments' month counted
 * by its state and slot columns, grouped by `key` (SQL over the grid row `c` and its slot `s`).
 */
async function bareGroupBy(
  knex: Knex,
  departments: string[] | '*',
  key: string,
): Promise<Map<string, Counts>> {
  const join = key.includes('s.') ? `left join ${SLOTS_TABLE} s on s.id = c.slot_id` : '';
  const { rows } = await knex.raw<{ rows: (Counts & { key: string | null })[] }>(
    `select ${key} as key,
       count(*) filter (where c.state <> 'DELETED')::int as booked,
       count(*) filter (where c.state <> 'DELETED' and c.slot_id is not null)::int as planned,
       count(*) filter (where c.state = 'COLLECTED')::int as collected,
       count(*) filter (where c.state = 'DELIVERED')::int as delivered,
       count(*) filter (where c.state = 'DEVIATED')::int as deviated,
       count(*) filter (where c.state = 'RETURNED')::int as returned
     from ${CONSIGNMENT_GRID_TABLE} c ${join}
     where ${departments === '*' ? '' : 'c.department_id = any(?::bigint[]) and'}
       c.date between ?::date and ?::date
     group by 1`,
    departments === '*'
      ? [MONTH.fromDate, MONTH.toDate]
      : [departments, MONTH.fromDate, MONTH.toDate],
  );
  return new Map(rows.map((r) => [r.key ?? 'none', r]));
}

interface Figure {
  label: string;
  /** Over HTTP (gateway, session, validation, the handler, JSON). */
  report: number[];
  /** The product's handler called in this process (its SQL and row shaping, no HTTP). */
  handler: number[];
  bare: number[];
  mismatches: number;
  /** The handler's four parts called on their own in this process (productivityReport). */
  parts: [string, number[]][];
}

/** The report's rows against the bare aggregate's: the groups whose counts differ. */
function mismatches(rows: { key: string | null }[], bare: Map<string, Counts>): number {
  let wrong = Math.abs(rows.length - bare.size);
  for (const r of rows) {
    const b = bare.get(r.key ?? 'none');
    if (!b || COUNTS.some((c) => (r as unknown as Counts)[c] !== b[c])) wrong++;
  }
  return wrong;
}

type Rows = { rows: { key: string | null }[] };

/**
 * productivityReport's three parts as its handler runs them (query-service reporting/query.ts),
 * each on its own: the cells' SQL (`cellsQuery` run raw, without shaping the reasons),
 * `routeReport` (the routes' plans and driven figures, 0105) and `invoicingReport`.
 */
function handlerParts(
  knex: Knex,
  departments: (i: number) => string[],
  groupBy: ReportGrouping,
): [string, (i: number) => Promise<unknown>][] {
  const group = reportGroups[groupBy];
  const { fromDate, toDate } = MONTH;
  return [
    [
      'cells (cellsQuery)',
      (i) => {
        const { sql, bindings } = cellsQuery(departments(i), fromDate, toDate, group);
        return knex.raw(sql, bindings as never);
      },
    ],
    ['routeReport', (i) => routeReport(knex, departments(i), fromDate, toDate, groupBy)],
    ['invoicingReport', (i) => invoicingReport(knex, departments(i), fromDate, toDate, group)],
  ];
}

async function measure(knex: Knex, api: ApiClient, world: ReportsWorld): Promise<Figure[]> {
  const dep = (i: number) => world.departments[i % world.departments.length]!;
  const ctx = { knex, identity: SYSTEM_IDENTITY, clock: () => new Date() };
  const plannerParams = (groupBy: ReportGrouping) => (i: number) => ({
    departmentIds: [dep(i)],
    ...MONTH,
    groupBy,
  });
  const adminParams = () => ({ ...MONTH, type: 'departments' as const });
  // The parts read departments the block's other samples do not, so that none of them finds
  // its schedules in the query service's schedule cache (the HTTP samples do not either).
  const half = Math.floor(world.departments.length / 2);
  const cases: {
    label: string;
    query: 'productivityReport' | 'adminReport';
    params: (i: number) => Record<string, unknown>;
    handler: (i: number) => Promise<unknown>;
    bare: (i: number) => Promise<Map<string, Counts>>;
    parts?: [string, (i: number) => Promise<unknown>][];
  }[] = [
    ...(['day', 'courier'] as const).map((groupBy) => ({
      label: `productivityReport, a department, by ${groupBy}`,
      query: 'productivityReport' as const,
      params: plannerParams(groupBy),
      handler: (i: number) => queries.productivityReport(plannerParams(groupBy)(i), ctx),
      bare: (i: number) =>
        bareGroupBy(knex, [dep(i)], groupBy === 'day' ? 'c.date::text' : 's.courier_id::text'),
      parts: handlerParts(knex, (i) => [dep(i + half)], groupBy),
    })),
    {
      label: `adminReport, ${world.departments.length} departments, by department`,
      query: 'adminReport',
      params: adminParams,
      handler: () => queries.adminReport(adminParams(), ctx),
      bare: () => bareGroupBy(knex, '*', 'c.department_id::text'),
    },
  ];
  const figures: Figure[] = [];
  for (const c of cases) {
    const http = (i: number) => api.query<Rows>(c.query, c.params(i));
    const wrong =
      mismatches((await http(0)).rows, await c.bare(0)) +
      mismatches(((await c.handler(0)) as Rows).rows, await c.bare(0));
    // Alternating blocks of 10, so drift on a shared machine falls on all three alike.
    const parts = c.parts ?? [];
    const f: Figure = {
      label: c.label,
      report: [],
      handler: [],
      bare: [],
      mismatches: wrong,
      parts: parts.map(([name]) => [name, []]),
    };
    for (let at = 0; at < SAMPLES; at += 10) {
      const n = Math.min(10, SAMPLES - at);
      f.report.push(...(await sample(n, (i) => http(at + i))));
      f.handler.push(...(await sample(n, (i) => c.handler(at + i))));
      f.bare.push(...(await sample(n, (i) => c.bare(at + i))));
      for (const [k, [, part]] of parts.entries())
        f.parts[k]![1].push(...(await sample(n, (i) => part(at + i))));
    }
    figures.push(f);
  }
  return figures;
}

/** What one department's month holds: its routes' stops and what its amount to invoice prices. */
async function dataCheck(knex: Knex, world: ReportsWorld): Promise<string> {
  const dep = world.departments[0]!;
  const { rows } = await knex.raw<{ rows: { slots: number; stops: number; units: number }[] }>(
    `select count(*)::int as slots, sum(jsonb_array_length(s.data->'stops'))::int as stops,
       count(u.id)::int as units
     from ${SLOTS_TABLE} s left join ${UNITS_TABLE} u on u.id = (s.data->>'unitId')::bigint
     where s.department_id = ? and s.date between ? and ?`,
    [dep, MONTH.fromDate, MONTH.toDate],
  );
  const r = rows[0]!;
  const e = await toInvoiceEstimate(knex, [dep], MONTH.fromDate, MONTH.toDate);
  const amounts = e.amounts.map(
    (a) => `${fmt(a.orders)} orders ${fmt(a.gross / 100)} ${a.currency} gross`,
  );
  return `  a department's month: ${fmt(r.slots)} slots (${fmt(r.units)} with their unit), ${fmt(r.stops)} stops; the amount to invoice: ${fmt(e.orders)} orders to invoice, ${fmt(e.notPriced)} not priced${e.overLimit ? ' (over the limit: none priced)' : ''}, ${amounts.join(', ') || 'nothing priced'}`;
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** A figure's lines; whether it met its targets (over HTTP, as the product answers). */
function printFigure(f: Figure): boolean {
  const b95 = percentile(f.bare, 95);
  const line = (name: string, xs: number[]) => {
    const p95 = percentile(xs, 95);
    const ok = p95 / b95 <= TARGET.ratio && p95 < TARGET.p95;
    console.log(
      `    ${name.padEnd(22)} p95 ${fmt(p95, 1).padStart(7)} ms (p50 ${fmt(percentile(xs, 50), 1).padStart(6)})  ratio to the bare GROUP BY ${fmt(p95 / b95, 3)}×  (target ≤ ${TARGET.ratio}× and < ${TARGET.p95} ms: ${met(ok)})`,
    );
    return ok;
  };
  console.log(`  ${f.label}:`);
  const ok = line('over HTTP', f.report);
  line('handler in process', f.handler);
  console.log(
    `    ${'bare GROUP BY'.padEnd(22)} p95 ${fmt(b95, 1).padStart(7)} ms (p50 ${fmt(percentile(f.bare, 50), 1).padStart(6)})  groups whose counts differ from the report's: ${f.mismatches}`,
  );
  if (f.parts.length > 0)
    console.log(
      `    the handler's parts in process (other departments): ${f.parts
        .map(
          ([name, xs]) =>
            `${name} p95 ${fmt(percentile(xs, 95), 1)} ms (p50 ${fmt(percentile(xs, 50), 1)})`,
        )
        .join('; ')}`,
    );
  return ok && f.mismatches === 0;
}

/** Part 1: the world by command and the read models in bulk; what they hold, printed. */
async function fill(system: System): Promise<ReportsWorld> {
  const knex = system.db.knex;
  const started = performance.now();
  const world = await setUpWorld(system, {
    departments: DEPARTMENTS,
    firstDate: FIRST_DATE,
    days: DAYS,
  });
  const made = performance.now();
  // The bulk rows go in behind the projector's back: it must not be writing these tables.
  await projectionsSettled(knex, 60_000);
  await system.projector.stop();
  const filled = await fillReadModels(knex, world, CONSIGNMENTS, ORDER_DATES);
  const sizes = (
    await knex.raw<{ rows: { t: string; size: string }[] }>(
      `select t, pg_size_pretty(pg_total_relation_size(t)) as size
         from unnest(?::text[]) t`,
      [
        [
          REPORT_CELLS_TABLE,
          REPORT_ORDERS_TABLE,
          CONSIGNMENT_GRID_TABLE,
          SLOTS_TABLE,
          ORDERS_TABLE,
        ],
      ],
    )
  ).rows;
  console.log(
    `\nData: ${DEPARTMENTS} departments and ${DEPARTMENTS * 3} customers by command in ${seconds(made - started)}; ${fmt(CONSIGNMENTS)} consignments ${FIRST_DATE} to ${addDays(FIRST_DATE, DAYS - 1)} in bulk into the read models in ${seconds(performance.now() - made)} (${fmt(filled.slots)} slots with their routes, ${fmt(filled.units)} units, ${fmt(filled.cells)} report cells, ${fmt(filled.orders)} orders ${ORDER_DATES.fromDate} to ${ORDER_DATES.toDate}; consignments ${seconds(filled.ms.consignments)}, routes ${seconds(filled.ms.routes)}, orders ${seconds(filled.ms.orders)}; ${sizes.map((s) => `${s.t} ${s.size}`).join(', ')})`,
  );
  return world;
}

/** The world of a database an earlier run kept (`--keep`), to measure again (`--reuse NAME`). */
async function keptWorld(knex: Knex): Promise<ReportsWorld> {
  const rows = await knex(DEPARTMENTS_TABLE)
    .where('name', 'like', 'Bench avdeling %')
    .orderBy('name')
    .select<{ id: string }[]>('id');
  const departments = rows.map((r) => String(r.id));
  console.log(`\nData: kept, ${departments.length} departments`);
  return { departments, customers: departments.map(() => []), firstDate: FIRST_DATE, days: DAYS };
}

async function main() {
  console.log(
    `bench:reports: ${fmt(CONSIGNMENTS)} consignments over ${DAYS} days for ${DEPARTMENTS} departments (scale ${SCALE}); load average ${loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')} (${cpus().length} CPUs)`,
  );
  let failed = 0;
  await onLocalSystem(
    'reports',
    async (system) => {
      const knex = system.db.knex;
      const world = REUSE ? await keptWorld(knex) : await fill(system);
      console.log(await dataCheck(knex, world));
      system.projector.start();
      // A new user each run: a kept database has the earlier runs' users.
      const phone = `+4745${String(Date.now()).slice(-6)}`;
      const headers = await signIn(system, phone, { role: 'ADMIN' });
      const api = apiClient(system.url, headers);
      console.log(
        `\nA month's report (${MONTH.fromDate} to ${MONTH.toDate}) over HTTP, ${SAMPLES} samples each, against a bare GROUP BY over ${CONSIGNMENT_GRID_TABLE} on the database:`,
      );
      for (const f of await measure(knex, api, world)) if (!printFigure(f)) failed++;
      // For context: what any answer over HTTP costs here (a primary-key read of one department).
      const floor = await sample(SAMPLES, (i) =>
        api.query('departments', { ids: [world.departments[i % world.departments.length]] }),
      );
      console.log(
        `  floor: \`departments\` of one id over HTTP p95 ${fmt(percentile(floor, 95), 1)} ms (p50 ${fmt(percentile(floor, 50), 1)})`,
      );
      // The amount still to invoice: its own query (0105), priced when asked; no target.
      const estimate = await sample(SAMPLES, (i) =>
        api.query('toInvoiceEstimate', {
          departmentIds: [world.departments[i % world.departments.length]],
          ...MONTH,
        }),
      );
      console.log(
        `  the screen's second query, \`toInvoiceEstimate\` of a department's month (its orders to invoice read and priced at today's prices): over HTTP p95 ${fmt(percentile(estimate, 95), 1)} ms (p50 ${fmt(percentile(estimate, 50), 1)})`,
      );
    },
    { keep: process.argv.includes('--keep') || REUSE !== undefined, database: REUSE },
  );
  if (ROUNDS > 0) await bookingCost();
  if (failed) console.log(`\n${failed} report figure(s) missed their target`);
}

/** Part 3: what the reporting projections add to a CREATE_ORDER (`--rounds 0` leaves it out). */
async function bookingCost() {
  console.log(
    `\nWhat the reporting read models (${REPORTING_PROJECTIONS.join(', ')}) add to a CREATE_ORDER (bench:spine's booking, ${ROUNDS} alternating rounds of ${fmt(BOOKINGS)} orders at concurrency ${CONCURRENCY}, each until projected):`,
  );
  const cost = await projectionCost(BOOKINGS, ROUNDS, CONCURRENCY);
  for (const line of cost.lines) console.log(line);
  console.log(
    `  booking rate with / without the reporting projections: ${fmt(cost.rateRatio, 3)}×; CPU per order with / without: ${fmt(cost.cpuRatio, 3)}× (+${fmt(cost.cpuAddedMs, 2)} ms)`,
  );
}

runBench(main);
