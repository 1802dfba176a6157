import type { InvoicingRunRow, OrderPrice } from '@nordlog/contracts';
import { prng, type System } from '@nordlog/deploy';
import { cpus, loadavg } from 'node:os';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { projectionsSettled } from '../support/system.js';
import { auditReplayBench } from './auditReplay.js';
import { startHttpClient, type Request } from './httpClient.js';
import {
  apiClient,
  bareLineInsert,
  bookOverHttp,
  checkRun,
  orderStates,
  setUpPricedDepartment,
  SLOT_SIZE,
  writeOrderEvents,
  type HttpBooking,
} from './invoicingData.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { signIn } from './signIn.js';
import { cpuPer, cpuSample, fmt, percentile } from './stats.js';
import { numberArg as arg } from './args.js';
import { reportCpuProfile, startCpuProfile } from './cpuProfile.js';

/**
 * `npm run bench:invoicing [-- --orders N --customers C --days D --data auto|http|events
 *   --probe P --http-concurrency W --http-budget SECONDS --chunk K --concurrency J --samples S
 *   --audit-events E --audit-samples A --profile FILE --keep]`
 *
 * Invoicing at a month's volume (issue 18 §6; docs/decisions/0030, 0031, 0032) on the local
 * PostgreSQL server, in a database of its own:
 * 1. Data: N (default 100,000) delivered orders over D (default 30) days for C (default 200)
 *    customers of one Norwegian department with an article catalogue and the department's price
 *    list, so every order is priced. The first P (default 300) orders go through the command API
 *    over HTTP one by one (CREATE_ORDER, UPDATE_CONSIGNMENT_SLOT, MANUAL_DELIVER) with W (default
 *    4) workers; that rate decides the rest (`--data auto`): over HTTP too if all N would take at most
 *    the budget (default 600 s), else written as events (the product's command handlers and
 *    deciders run in this process, their events appended with the event-store port), then the
 *    projector catches up. The output says which way each part was made.
 * 2. An invoicing run of the month (START_INVOICING_RUN through the API until its `invoicingRuns`
 *    row is COMPLETED): orders/s, as a ratio to a bare multi-row INSERT of the same invoice lines
 *    into a scratch table of the same database (median of 3); checked: every order invoiced
 *    exactly once (OrderInvoiced events, orders on invoices) and each invoice's totals the sums of
 *    its lines. Issue 37 §4's targets: ≤ 5 × the INSERT, and the projector's catch-up after the
 *    runner ended ≤ the runner's own time (docs/decisions/0047). `--profile FILE` keeps a CPU
 *    profile of this process's main thread (where the runner runs) over the run and prints the
 *    functions with the most self time.
 * 3. `orderPrice` p95 over S (default 300) random orders through HTTP as an ADMIN (target
 *    < 20 ms), against the `orders` query of the same orders.
 * 4. The audit replay of an order of E (default 200) events (`bench:audit`'s own measurement):
 *    `apolloAuditLogEntriesDetails` as of an instant, p95 (target < 100 ms), against the `orders`
 *    query of that order.
 * These machines are shared and noisy: the ratios to baselines measured in the same run are what
 * count.
 */
const args = process.argv.slice(2);
const text = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const ORDERS = arg('--orders', 100_000);
const CUSTOMERS = arg('--customers', 200);
const DAYS = arg('--days', 30);
const DATA = text('--data', 'auto');
const PROBE = Math.min(arg('--probe', 300), ORDERS);
const HTTP_CONCURRENCY = arg('--http-concurrency', 4);
const HTTP_BUDGET_S = arg('--http-budget', 600);
const CHUNK = arg('--chunk', 100);
const CONCURRENCY = arg('--concurrency', 3);
const SAMPLES = arg('--samples', 300);
const AUDIT_EVENTS = arg('--audit-events', 200);
const AUDIT_SAMPLES = arg('--audit-samples', 100);
/** `--profile FILE`: a CPU profile of this process's main thread (the runner) over the run. */
const PROFILE = args.includes('--profile') ? text('--profile', 'invoicing.cpuprofile') : null;
const TARGET = { orderPrice: 20, auditAt: 100 };
/** The baseline insert is short: its median of a few. */
const BASELINE_REPEATS = 3;
const HOUR = 3_600_000;

const load = () =>
  loadavg()
    .map((l) => fmt(l, 2))
    .join(' ');
const seconds = (ms: number) => (ms < 1000 ? `${fmt(ms)} ms` : `${fmt(ms / 1000, 1)} s`);

function describeHttp(b: HttpBooking, concurrency: number) {
  const rate = (b.orders.length / b.ms) * 1000;
  console.log(
    `  over HTTP: ${fmt(b.orders.length)} orders in ${seconds(b.ms)} with ${concurrency} workers: ${fmt(rate, 1)} orders/s (3 commands an order, and a CREATE_SLOT every ${SLOT_SIZE} orders of a worker and day: ${fmt(b.slots)} slots)`,
  );
  for (const [name, xs] of Object.entries(b.latencies))
    console.log(
      `    ${name.padEnd(24)} p50 ${fmt(percentile(xs, 50), 1).padStart(6)} ms  p95 ${fmt(percentile(xs, 95), 1).padStart(6)} ms`,
    );
  return rate;
}

interface Row {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  met: string;
}

function printTable(rows: Row[]) {
  const head: Row = {
    figure: 'figure',
    value: 'value',
    baseline: 'baseline (same run)',
    ratio: 'ratio',
    target: 'target',
    met: 'met',
  };
  const keys = Object.keys(head) as (keyof Row)[];
  const width = Object.fromEntries(
    keys.map((k) => [k, Math.max(...[head, ...rows].map((r) => r[k].length))]),
  ) as Record<keyof Row, number>;
  const line = (r: Row) => `| ${keys.map((k) => r[k].padEnd(width[k])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${keys.map((k) => '-'.repeat(width[k] + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

/** Latency row: p95 (p50) of `xs` against the p95 of `base`, with a p95 target. */
function latencyRow(
  figure: string,
  xs: number[],
  baseLabel: string,
  base: number[],
  target?: number,
): Row {
  const p95 = percentile(xs, 95);
  const b95 = percentile(base, 95);
  return {
    figure,
    value: `p95 ${fmt(p95, 1)} ms (p50 ${fmt(percentile(xs, 50), 1)})`,
    baseline: `${baseLabel}: p95 ${fmt(b95, 1)} ms (p50 ${fmt(percentile(base, 50), 1)})`,
    ratio: `${fmt(p95 / b95, 1)}×`,
    target: target === undefined ? '-' : `p95 < ${target} ms`,
    met: target === undefined ? '-' : p95 < target ? 'yes' : 'NO',
  };
}

async function makeData(system: System, api: ReturnType<typeof apiClient>, world: World) {
  const delivered: string[] = [];
  const how: string[] = [];
  const started = performance.now();
  if (PROBE > 0 || DATA === 'http') {
    const probe = await bookOverHttp(
      api,
      world,
      0,
      DATA === 'http' ? ORDERS : PROBE,
      HTTP_CONCURRENCY,
    );
    delivered.push(...probe.orders);
    const rate = describeHttp(probe, HTTP_CONCURRENCY);
    const estimate = (ORDERS / rate) * 1000;
    console.log(
      `  all ${fmt(ORDERS)} orders over HTTP at that rate: ${seconds(estimate)} (${fmt(estimate / 60_000, 1)} min; budget ${HTTP_BUDGET_S} s)`,
    );
    how.push(`${fmt(probe.orders.length)} over HTTP`);
    const rest = ORDERS - delivered.length;
    if (rest > 0 && (DATA === 'http' || (DATA === 'auto' && estimate <= HTTP_BUDGET_S * 1000))) {
      const more = await bookOverHttp(api, world, delivered.length, ORDERS, HTTP_CONCURRENCY);
      describeHttp(more, HTTP_CONCURRENCY);
      delivered.push(...more.orders);
      how[0] = `${fmt(delivered.length)} over HTTP`;
    }
  }
  if (delivered.length < ORDERS) {
    const from = delivered.length;
    const written = await writeOrderEvents(system, world, from, ORDERS, {
      chunk: CHUNK,
      concurrency: CONCURRENCY,
    });
    delivered.push(...written.orders);
    console.log(
      `  as events: ${fmt(written.orders.length)} orders in ${seconds(written.ms)}: ${fmt((written.orders.length / written.ms) * 1000)} orders/s, ${fmt(written.events)} events in ${fmt(written.appends)} appends (${fmt(written.slots)} slots of up to ${CHUNK} orders, ${CONCURRENCY} chunks at a time)`,
    );
    how.push(
      `${fmt(written.orders.length)} as events (command handlers and deciders in process, appendToStreams)`,
    );
  }
  const appended = performance.now();
  await projectionsSettled(system.db.knex, HOUR);
  const settled = performance.now();
  const events = (
    await system.db.knex.raw<{ rows: { n: string }[] }>('select count(*)::text as n from es_events')
  ).rows[0]!.n;
  console.log(
    `  projector caught up ${seconds(settled - appended)} after the last append (${fmt(Number(events))} events in the store); data ready in ${seconds(settled - started)}`,
  );
  return { delivered, how: how.join(' + '), readyMs: settled - started };
}

type World = Awaited<ReturnType<typeof setUpPricedDepartment>>;

async function main() {
  console.log(
    `bench:invoicing: ${fmt(ORDERS)} orders, ${fmt(CUSTOMERS)} customers, ${DAYS} days; load average ${load()} (${cpus().length} CPUs)`,
  );
  await onLocalSystem(
    'invoicing',
    async (system) => {
      const knex = system.db.knex;
      const world = await setUpPricedDepartment(system, { customers: CUSTOMERS, days: DAYS });
      const fromDate = world.dates[0]!;
      const toDate = world.dates[world.dates.length - 1]!;
      await projectionsSettled(knex, 60_000);
      const headers = await signIn(system, '+4745999002', { role: 'ADMIN' });
      const api = apiClient(system.url, headers);
      console.log(
        `\nData: department ${world.department}, ${fmt(world.customers.length)} customers, ${fromDate} to ${toDate}, catalogue FREIGHT/KG/PKG and the department's list (2 zones):`,
      );
      const data = await makeData(system, api, world);
      const states = await orderStates(knex, world);
      console.log(`  made: ${data.how}; orders of the month by state: ${JSON.stringify(states)}`);
      if ((states.DELIVERED ?? 0) !== ORDERS)
        throw new Error(
          `${ORDERS} delivered orders expected, the read model has ${states.DELIVERED}`,
        );
      console.log(`  load average after the data: ${load()}`);

      // 2. The invoicing run of the month.
      console.log(`\nInvoicing run ${fromDate} to ${toDate} (START_INVOICING_RUN over HTTP):`);
      const profiling = PROFILE ? await startCpuProfile() : null;
      const cpuBefore = await cpuSample(knex);
      const started = performance.now();
      const [runId] = (
        await api.command('START_INVOICING_RUN', {
          departmentId: world.department,
          fromDate,
          toDate,
        })
      ).ids;
      const runRow: InvoicingRunRow = await waitForInvoicingRun(
        api.raw,
        world.department,
        runId!,
        'COMPLETED',
        HOUR,
      );
      const runMs = performance.now() - started;
      const completedSeenAt = Date.now();
      const runCpu = cpuPer(cpuBefore, await cpuSample(knex), runRow.orders);
      const profile = profiling ? await profiling() : null;
      await projectionsSettled(knex, HOUR);
      const projectedMs = performance.now() - started;
      const runnerMs = Date.parse(runRow.endedAt!) - Date.parse(runRow.startedAt!);
      // The runner's end → every read model caught up (its events' projection after it).
      const catchUpMs = completedSeenAt - Date.parse(runRow.endedAt!) + (projectedMs - runMs);
      console.log(
        `  run ${runRow.id}: ${fmt(runRow.orders)} orders on ${fmt(runRow.invoiceIds.length)} invoices (takenByOthers ${runRow.takenByOthers}, changed ${runRow.changed}); request → COMPLETED shown ${seconds(runMs)}, runner started → ended ${seconds(runnerMs)}, every read model caught up ${seconds(projectedMs)}`,
      );
      console.log(
        `  CPU per order during the run: node ${fmt(runCpu.node, 2)} ms + PostgreSQL ${runCpu.server === null ? '?' : fmt(runCpu.server, 2)} ms`,
      );
      if (profile) await reportCpuProfile(profile, PROFILE!);
      const check = await checkRun(knex, runRow, data.delivered);
      const at = (iso: string) => Date.parse(iso);
      console.log(
        `  where the time went: runner started → first invoice issued ${seconds(at(check.firstIssuedAt) - at(runRow.startedAt!))} (reading and pricing the candidates, planning the invoices); issuing ${fmt(check.invoices)} invoices ${seconds(at(runRow.endedAt!) - at(check.firstIssuedAt))} (${seconds((at(runRow.endedAt!) - at(check.firstIssuedAt)) / Math.max(1, check.invoices))} an invoice of up to 1,000 orders, each one atomic append); runner ended → COMPLETED shown ${seconds(completedSeenAt - at(runRow.endedAt!))} (the projector working through the run's events)`,
      );
      const baseCpuBefore = await cpuSample(knex);
      const baselineMs = await bareLineInsert(knex, check.lineRows, BASELINE_REPEATS);
      const baseCpu = cpuPer(
        baseCpuBefore,
        await cpuSample(knex),
        runRow.orders * BASELINE_REPEATS,
      );
      const lineBytes = check.lineRows.reduce((n, r) => n + r.length, 0) / check.lineRows.length;
      console.log(
        `  baseline: bare INSERT of the same ${fmt(check.lines)} invoice lines (${fmt(lineBytes)} bytes of JSON each, 1,000 a statement) into a fresh scratch table, median of ${BASELINE_REPEATS}: ${seconds(baselineMs)}, ${fmt((check.lines / baselineMs) * 1000)} lines/s; CPU per order's lines node ${fmt(baseCpu.node, 2)} ms + PostgreSQL ${baseCpu.server === null ? '?' : fmt(baseCpu.server, 2)} ms`,
      );
      const checks: [string, boolean][] = [
        [
          `every delivered order on an invoice: ${fmt(ORDERS - check.missing)} of ${fmt(ORDERS)}; run row says ${fmt(runRow.orders)}`,
          check.missing === 0 && runRow.orders === ORDERS,
        ],
        [
          `orders on the run's ${fmt(check.invoices)} invoices: ${fmt(check.ordersOnInvoices)}, distinct ${fmt(check.distinctOrdersOnInvoices)} (no order on two invoices)`,
          check.ordersOnInvoices === ORDERS && check.distinctOrdersOnInvoices === ORDERS,
        ],
        [
          `OrderInvoiced events of the run: ${fmt(check.orderInvoicedEvents)} on ${fmt(check.ordersWithOrderInvoiced)} orders; orders invoiced twice (any run): ${check.invoicedTwice}`,
          check.orderInvoicedEvents === ORDERS &&
            check.ordersWithOrderInvoiced === ORDERS &&
            check.invoicedTwice === 0,
        ],
        [
          `invoice totals = sums of their lines (net, VAT on the net, gross, resource net): ${fmt(check.invoices - check.totalsWrong)} of ${fmt(check.invoices)} invoices`,
          check.totalsWrong === 0,
        ],
        [
          `net of the invoices ${fmt(check.invoicesNet / 100, 2)} NOK = run totals ${fmt(check.run.net / 100, 2)} NOK = prices on the OrderInvoiced events ${fmt(check.orderInvoicedNet / 100, 2)} NOK; gross ${fmt(check.invoicesGross / 100, 2)} = ${fmt(check.run.gross / 100, 2)}`,
          check.invoicesNet === check.run.net &&
            check.invoicesNet === check.orderInvoicedNet &&
            check.invoicesGross === check.run.gross,
        ],
        [
          `invoices in the read model: ${fmt(check.invoicesProjected)} of ${fmt(check.invoices)}`,
          check.invoicesProjected === check.invoices && check.invoices === runRow.invoiceIds.length,
        ],
      ];
      for (const [label, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${label}`);
      check.lineRows = [];

      // 3. orderPrice against the orders query, over HTTP from a client thread.
      const random = prng(18_006);
      const sample = Array.from(
        { length: SAMPLES + 5 },
        () => data.delivered[Math.floor(random() * data.delivered.length)]!,
      );
      for (const orderId of sample.slice(0, 5)) {
        const price = await api.query<OrderPrice>('orderPrice', { orderId });
        if (price.errors.length > 0 || price.customerNet <= 0)
          throw new Error(`order ${orderId} is not priced: ${JSON.stringify(price.errors)}`);
      }
      const client = startHttpClient(system.url);
      const query = (name: string, params: unknown): Request => ({
        path: `/api/query/${name}`,
        body: { query: name, params },
        headers,
      });
      const ordersBase = await client.measure(sample.map((id) => query('orders', { ids: [id] })));
      const orderPrice = await client.measure(
        sample.map((orderId) => query('orderPrice', { orderId })),
      );
      await client.close();
      console.log(`\norderPrice over HTTP as an ADMIN, ${SAMPLES} random orders: done.`);

      // 4. The audit replay, as bench:audit measures it.
      const audit = await auditReplayBench(system, {
        events: AUDIT_EVENTS,
        samples: AUDIT_SAMPLES,
      });
      console.log(
        `Audit replay of order ${audit.orderId} with ${audit.events} events, ${AUDIT_SAMPLES} moments: done.`,
      );

      const runRate = (runRow.orders / runMs) * 1000;
      const runnerRate = (runRow.orders / runnerMs) * 1000;
      const lineRate = (check.lines / baselineMs) * 1000;
      console.log(
        `\nbench:invoicing figures (${fmt(ORDERS)} orders, ${fmt(CUSTOMERS)} customers, ${DAYS} days; data: ${data.how}; load average now ${load()}):`,
      );
      printTable([
        {
          figure: 'invoicing run: request → COMPLETED',
          value: `${seconds(runMs)}, ${fmt(runRate)} orders/s`,
          baseline: `bare INSERT of ${fmt(check.lines)} lines: ${seconds(baselineMs)} (${fmt(lineRate)} lines/s)`,
          ratio: `${fmt(runMs / baselineMs, 1)}× the time`,
          target: '≤ 5×',
          met: runMs / baselineMs <= 5 ? 'yes' : 'NO',
        },
        {
          figure: 'invoicing run: runner started → ended',
          value: `${seconds(runnerMs)}, ${fmt(runnerRate)} orders/s`,
          baseline: 'the same bare INSERT',
          ratio: `${fmt(runnerMs / baselineMs, 1)}× the time`,
          target: '-',
          met: '-',
        },
        {
          figure: 'invoicing run: projector after the runner ended',
          value: seconds(catchUpMs),
          baseline: `the runner started → ended: ${seconds(runnerMs)}`,
          ratio: `${fmt(catchUpMs / runnerMs, 1)}×`,
          target: '≤ 1×',
          met: catchUpMs <= runnerMs ? 'yes' : 'NO',
        },
        {
          figure: 'invoicing run: CPU per order',
          value: `${fmt(runCpu.total, 2)} ms (node ${fmt(runCpu.node, 2)})`,
          baseline: `bare INSERT per order's lines: ${fmt(baseCpu.total, 3)} ms`,
          ratio: `${fmt(runCpu.total / baseCpu.total, 1)}×`,
          target: '-',
          met: '-',
        },
        latencyRow('orderPrice', orderPrice, 'orders by id', ordersBase, TARGET.orderPrice),
        latencyRow(
          `audit details as of an instant (${audit.events} events)`,
          audit.detailsByInstant,
          'orders by id',
          audit.baseline,
          TARGET.auditAt,
        ),
        latencyRow(
          `audit details as of a revision (${audit.events} events)`,
          audit.detailsByRevision,
          'orders by id',
          audit.baseline,
        ),
      ]);
      const failed = checks.filter(([, ok]) => !ok).length;
      console.log(
        `\nchecks: ${checks.length - failed} of ${checks.length} passed${failed ? ' (FAILED)' : ''}`,
      );
      if (failed) throw new Error(`${failed} invoicing checks failed`);
    },
    { keep: args.includes('--keep') },
  );
}

runBench(main);
