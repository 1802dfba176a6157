import { demoOrder, prng, startSystem, type System } from '@nordlog/deploy';
import { connect, loadConfig, silentLogger, withDatabase, type Knex } from '@nordlog/platform';
import { Worker } from 'node:worker_threads';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { LOCAL_URL } from './args.js';
import type { ClientJob, ClientResult } from './client.js';
import { must } from './localSystem.js';
import { signIn } from './signIn.js';
import { cpuPer, cpuSample, fmt, percentile } from './stats.js';

/**
 * `bench:reports`' second part: what the reporting read models add to a CREATE_ORDER: the counts
 * (`reports`, docs/decisions/0080), the invoiced amounts (`reportInvoicing`, 0096), the driven
 * routes (`routeReports`, 0090) and the route plans (`routePlans`, 0105; it keeps every order's
 * points). bench:spine's booking (demoOrder through the command API by its load generator,
 * client.ts) on two systems side by side, each in a database of its own: one with every
 * projection, one without those four. Rounds alternate between them; each
 * round books `n` orders at the given concurrency and waits until the projector has applied them
 * (the projection's cost is the projector's work, on the same two cores), so a round's rate is
 * "booked and projected". Figures: medians of the rounds, and CPU per order (this process with its
 * projector thread, and the database server).
 */
export const REPORTING_PROJECTIONS = ['reports', 'reportInvoicing', 'routeReports', 'routePlans'];

interface Booker {
  label: string;
  system: System;
  book: (n: number, concurrency: number) => Promise<{ perSec: number; p50: number }>;
  cpu: number[];
  rates: number[];
  p50s: number[];
}

function drive(job: ClientJob): Promise<ClientResult> {
  const worker = new Worker(new URL('./client.js', import.meta.url), { workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: ClientResult | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    worker.once('error', reject);
  });
}

/** Until the checkpoints of the projections that run are at the event store's head. */
async function projected(knex: Knex, without: string[]) {
  for (let i = 0; i < 6000; i++) {
    const { rows } = await knex.raw<{ rows: { behind: boolean }[] }>(
      `select exists (
         select 1 from projection_checkpoints c
          where not (c.name = any(?)) and (c.transaction_id, c.position) <
            (select transaction_id, position from es_events order by transaction_id desc, position desc limit 1)
       ) as behind`,
      [without],
    );
    if (!rows[0]!.behind) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the projector did not catch up in 2 minutes');
}

async function booker(label: string, databaseUrl: string, without: string[]): Promise<Booker> {
  const system = await startSystem(
    loadConfig({
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    }),
    silentLogger(),
    { withoutProjections: without },
  );
  const headers = await signIn(system, '+4749999998', { name: 'Bench Admin', role: 'ADMIN' });
  const location = { lat: 59.91, lng: 10.75 };
  const [dep] = await must(system, 'CREATE_DEPARTMENT', {
    name: 'Bench',
    departmentType: 'courier',
    country: 'NO',
    location,
  });
  const [cust] = await must(system, 'CREATE_CUSTOMER', { name: 'Bench AS', departmentId: dep });
  await configureNumberSeries({
    command: async (type, payload) => {
      const res = await system.run(type, payload);
      return { status: res.status, body: res.body as never };
    },
  });
  const date = bookingDate();
  const rnd = prng(42);
  let next = 0;
  const b: Booker = {
    label,
    system,
    cpu: [],
    rates: [],
    p50s: [],
    async book(n, concurrency) {
      const payloads = Array.from({ length: n }, () =>
        demoOrder(
          rnd,
          { id: dep!, country: 'NO', location },
          { id: cust!, name: 'Bench AS' },
          date,
          next++,
        ),
      );
      const knex = system.db.knex;
      await projected(knex, without);
      const before = await cpuSample(knex);
      const started = performance.now();
      const run = await drive({
        port: Number(new URL(system.url).port),
        concurrency,
        type: 'CREATE_ORDER',
        payloads,
        rate: 0,
        headers,
      });
      await projected(knex, without);
      const ms = performance.now() - started;
      b.cpu.push(cpuPer(before, await cpuSample(knex), n).total);
      return { perSec: (n / ms) * 1000, p50: percentile(run.latencies, 50) };
    },
  };
  return b;
}

const median = (xs: number[]) => percentile(xs, 50);

/** The two systems, `rounds` alternating rounds of `n` orders each; the figures' lines. */
export async function projectionCost(n: number, rounds: number, concurrency: number) {
  const admin = connect(LOCAL_URL, 1);
  const names = [`bench_reports_with_${Date.now()}`, `bench_reports_without_${Date.now()}`];
  for (const name of names) await admin.raw(`create database ${name}`);
  const bookers: Booker[] = [];
  try {
    bookers.push(await booker('every projection', withDatabase(LOCAL_URL, names[0]!), []));
    bookers.push(
      await booker(
        `without ${REPORTING_PROJECTIONS.join(', ')}`,
        withDatabase(LOCAL_URL, names[1]!),
        REPORTING_PROJECTIONS,
      ),
    );
    // Warm-up: a round each, not counted.
    for (const b of bookers) await b.book(Math.min(200, n), concurrency);
    for (const b of bookers) b.cpu.length = 0;
    for (let r = 0; r < rounds; r++)
      for (const b of r % 2 === 0 ? bookers : [...bookers].reverse()) {
        const { perSec, p50 } = await b.book(n, concurrency);
        b.rates.push(perSec);
        b.p50s.push(p50);
      }
  } finally {
    for (const b of bookers) await b.system.close();
    for (const name of names) await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
  const [withAll, without] = bookers as [Booker, Booker];
  const lines = bookers.map(
    (b) =>
      `  ${b.label.padEnd(20)} CREATE_ORDER booked and projected ${fmt(median(b.rates))}/s (rounds ${b.rates.map((x) => fmt(x)).join(', ')}); command p50 ${fmt(median(b.p50s), 1)} ms; CPU per order ${fmt(median(b.cpu), 2)} ms`,
  );
  const rateRatio = median(withAll.rates) / median(without.rates);
  const cpuRatio = median(withAll.cpu) / median(without.cpu);
  return {
    lines,
    rateRatio,
    cpuRatio,
    cpuAddedMs: median(withAll.cpu) - median(without.cpu),
  };
}
