import { startSystem, type System } from '@nordlog/deploy';
import {
  connect,
  loadConfig,
  silentLogger,
  withDatabase,
  type ChangeRecord,
} from '@nordlog/platform';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { signIn } from './signIn.js';
import {
  accepts,
  scopeKey,
  shapeKey,
  shapesOf,
  socketSpecs,
  type FromLoad,
  type Target,
  type ToLoad,
  type Universe,
} from './socketModel.js';
import { cpuSample, fmt, procStat, runConcurrent } from './stats.js';
import { LOCAL_URL } from './args.js';
import { startBare, type FanOut } from './socketsBare.js';
import { reportSockets, type Measured } from './socketsReport.js';

/**
 * `npm run bench:sockets [-- --sockets 5000 --departments 100 --rate 500 --seconds 60]`
 *
 * The live fan-out of `ws /api/subscribe`: one gateway process, N subscribed sockets, changes
 * committed to the outbox at a fixed rate; delivery latency (commit → socket), memory per socket
 * and gateway CPU per delivered message, the last two also as a ratio to a bare `ws` broadcast of
 * the same messages to the same number of sockets, measured in the same run.
 *
 * Design.
 * - This process is the gateway process: `startSystem` (HOST 127.0.0.1, PORT 0, no demo data,
 *   NODE_ENV test, silent logs) on a fresh database of the local PostgreSQL server, dropped at the
 *   end. Its projector worker thread is idle (no events are appended while measuring).
 * - As the system: 100 departments (CREATE_DEPARTMENT) and one PLANNER per department whose access
 *   is that department, logged in through the token flow (signIn.ts). Socket `i` belongs to the
 *   planner of department `i % departments` and has one of ten contexts (socketModel.ts: with and
 *   without `types`, without dates, two dates, a customer filter, no department filter), so a
 *   change reaches about 46 of a department's 50 sockets, and none of the other 4,950.
 * - The load runs in a child process (socketLoad.ts): its main thread holds the sockets, a worker
 *   thread writes the changes. Changes go straight into the outbox (`writeChanges`, one
 *   transaction per due batch, about one change each at 500/s, then the NOTIFY a projector sends),
 *   entity `consignments` with a grid row as data (about 1.3 kB); the gateway's PostgresChangeBus
 *   reads them and the SocketHub delivers them. The commit time is the send time the writer puts
 *   in the change just before its transaction (BEGIN, INSERT, COMMIT: the write itself counts);
 *   the socket takes the latency when the message arrives, on the same clock.
 * - Every socket's messages are checked against the expectation computed apart from the gateway
 *   (socketModel.ts `accepts`): lost, unexpected, duplicated or out-of-order and (sampled) wrong
 *   content are counted and printed. The run waits for every expected message; it gives up after
 *   15 s without progress, or max(60 s, 2 × seconds) after the last write while messages are still
 *   arriving (then the missing ones are late rather than lost, and the run is marked INCOMPLETE).
 * - The baseline, in this same process after the hub's sockets are closed: a plain
 *   WebSocketServer with the same number of sockets (same specs), a precomputed map from
 *   (department, customer, date) to its sockets, fed by the same writer over one publisher socket
 *   (no database); per change it parses the batch, stringifies the message once and sends the same
 *   frame to each socket of the map entry.
 * - CPU: this process's CPU time (every thread: gateway main thread with hub, change bus and HTTP;
 *   the idle projector worker; libuv and GC threads) from the start of the writing until the load
 *   process reports the last expected message (or gives up), divided by the messages delivered;
 *   the same window for the baseline. Also divided by the messages fanned out (handed to sockets:
 *   for the hub, the matching sockets of every change SocketHub.broadcast was given, counted by a
 *   wrapper this benchmark puts around the hub instance's `broadcast`, which also times it); the
 *   two agree when every message arrived, and the second is the fair one when the hub fell behind.
 *   The load process's CPU is apart (printed for context); PostgreSQL's is not counted. Ratios
 *   are hub / bare. Before each run, 10 s with the sockets connected and no changes give the idle
 *   CPU (for the hub: its heartbeat, a ping per socket every 10 s).
 * - Memory per socket: heap and RSS of this process after a forced GC, before and after the
 *   sockets connected, divided by their number. The baseline is measured second, so its RSS can
 *   reuse pages the hub's sockets freed (its RSS figure is a lower bound). Peak RSS and the longest
 *   event-loop stall of the main thread during the run are printed too.
 */
const args = new Map(process.argv.slice(2).map((a, i, all) => [a, all[i + 1] ?? '']));
const SOCKETS = Number(args.get('--sockets') ?? 5000);
const DEPARTMENTS = Number(args.get('--departments') ?? 100);
const RATE = Number(args.get('--rate') ?? 500);
const SECONDS = Number(args.get('--seconds') ?? 60);
const IDLE_SECONDS = 10;
const TARGET_P99_MS = 200;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Heap and RSS after a full collection. */
async function memory() {
  gc();
  await sleep(200);
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

/** Sends a message to the load process and waits for its answer. */
function ask(child: ChildProcess, message: ToLoad): Promise<FromLoad> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`load process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (answer: FromLoad) => {
      child.off('exit', onExit);
      if (answer.type === 'error') reject(new Error(`load process: ${answer.message}`));
      else resolve(answer);
    });
    child.send(message);
  });
}

async function waitFor(label: string, ok: () => boolean, ms = 30_000) {
  const started = performance.now();
  while (!ok()) {
    if (performance.now() - started > ms) throw new Error(`timed out waiting for ${label}`);
    await sleep(10);
  }
}

/** CPU seconds of this process's main thread (the gateway's event loop), from /proc. */
const mainThreadCpu = () => procStat(`/proc/self/task/${process.pid}/stat`)?.seconds ?? NaN;

async function measure(
  system: System,
  child: ChildProcess,
  target: Target,
  url: string,
  sink: string,
  size: () => number,
  fanOut: FanOut,
): Promise<Measured> {
  const knex = system.db.knex;
  const before = await memory();
  const connected = await ask(child, { type: 'connect', target, url });
  await waitFor(`${SOCKETS} ${target} sockets`, () => size() === SOCKETS);
  await sleep(1000);
  const after = await memory();
  const idleStart = process.cpuUsage();
  await sleep(IDLE_SECONDS * 1000);
  const idle = process.cpuUsage(idleStart);
  fanOut.ms = fanOut.calls = fanOut.changes = fanOut.messages = 0;
  fanOut.pickup = [];
  // This process's CPU (cpuSample's PostgreSQL part is left out: the writer's backends end
  // inside the window, and the server is shared with other runs).
  const cpu0 = await cpuSample(knex);
  const main0 = mainThreadCpu();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peakRss = process.memoryUsage.rss();
  const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 500);
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  const done = await ask(child, { type: 'run', target, sink });
  const windowMs = performance.now() - t0;
  const busy = performance.eventLoopUtilization(elu0).utilization;
  const cpu1 = await cpuSample(knex);
  const main1 = mainThreadCpu();
  clearInterval(rssTimer);
  delay.disable();
  if (done.type !== 'done') throw new Error(`unexpected answer ${done.type}`);
  await ask(child, { type: 'close' });
  await waitFor(`${target} sockets to close`, () => size() === 0);
  return {
    connectMs: connected.type === 'connected' ? connected.ms : NaN,
    perSocket: {
      heap: (after.heap - before.heap) / SOCKETS,
      rss: (after.rss - before.rss) / SOCKETS,
    },
    idleCpuMsPerSec: (idle.user + idle.system) / 1000 / IDLE_SECONDS,
    result: done.result,
    cpuMs: (cpu1.node - cpu0.node) * 1000,
    windowMs,
    busy,
    mainCpuMs: (main1 - main0) * 1000,
    stallMs: delay.max / 1e6,
    peakRss,
    fanOut: { ...fanOut },
  };
}

async function main() {
  const name = `bench_sockets_${Date.now()}`;
  const admin = connect(LOCAL_URL, 1);
  await admin.raw(`create database ${name}`);
  let system: System | undefined;
  let child: ChildProcess | undefined;
  try {
    system = await startSystem(
      loadConfig({
        DATABASE_URL: withDatabase(LOCAL_URL, name),
        PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
      }),
      silentLogger(),
    );
    const version = (
      await system.db.knex.raw<{ rows: { v: string }[] }>(
        `select current_setting('server_version') as v`,
      )
    ).rows[0]!.v;
    console.log(
      `bench:sockets: ${fmt(SOCKETS)} sockets over ${DEPARTMENTS} departments (one planner each), ` +
        `${RATE} changes/s for ${SECONDS} s; PostgreSQL ${version} (${LOCAL_URL.replace(/\/\/.*@/, '//')}), database ${name}`,
    );

    // Departments and their planners, as the system; the planners log in through the token flow.
    const setupStarted = performance.now();
    const departmentIds: string[] = [];
    for (let d = 0; d < DEPARTMENTS; d++) {
      const created = await system.run('CREATE_DEPARTMENT', {
        name: `Bench ${d + 1}`,
        departmentType: 'courier',
        country: 'NO',
      });
      if (created.status !== 200)
        throw new Error(`CREATE_DEPARTMENT: ${created.status} ${JSON.stringify(created.body)}`);
      departmentIds.push((created.body as { ids: string[] }).ids[0]!);
    }
    const cookies = new Array<string>(DEPARTMENTS);
    const sys = system;
    await runConcurrent(DEPARTMENTS, 8, async (d) => {
      const session = await signIn(sys, `+4748${String(d + 1).padStart(6, '0')}`, {
        name: `Planner ${d + 1}`,
        role: 'PLANNER',
        departmentIds: [departmentIds[d]!],
      });
      if (!session.cookie) throw new Error(`planner ${d + 1} could not log in`);
      cookies[d] = session.cookie;
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    const universe: Universe = {
      departmentIds,
      // Scope only: the gateway does not look customers up for planners.
      customerIds: departmentIds.map((_, d) => [
        String(1_000_001 + 2 * d),
        String(1_000_002 + 2 * d),
      ]),
      today,
      tomorrow: new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    };
    const specs = socketSpecs(SOCKETS, DEPARTMENTS);
    console.log(
      `setup: ${DEPARTMENTS} departments and planners logged in in ${fmt((performance.now() - setupStarted) / 1000, 1)} s`,
    );

    child = fork(fileURLToPath(new URL('./socketLoad.js', import.meta.url)), [], {
      stdio: 'inherit',
    });
    await ask(child, {
      type: 'setup',
      universe,
      specs,
      cookies,
      rate: RATE,
      seconds: SECONDS,
    });

    // The hub: its broadcast is timed where the change bus calls it.
    const hub = system.hub;
    const hubFanOut: FanOut = { ms: 0, calls: 0, changes: 0, messages: 0, pickup: [] };
    // How many sockets must get a change of each scope (to count the messages the hub hands out).
    const recipients = new Map<string, number>();
    for (const spec of specs)
      for (const shape of shapesOf(spec.department))
        if (accepts(spec, shape)) {
          const key = shapeKey(shape, universe);
          recipients.set(key, (recipients.get(key) ?? 0) + 1);
        }
    let hubChangesSeen = 0;
    const broadcast = hub.broadcast.bind(hub);
    // The hub queues each batch and fans it out in turns while the bus reads on: the fan-out time
    // is the wall time its queue was not empty (each busy period once).
    const draining = () => (hub as unknown as { draining: Promise<void> | null }).draining;
    hub.broadcast = (changes: ChangeRecord[]) => {
      hubChangesSeen += changes.length;
      const t = performance.now();
      const at = performance.timeOrigin + t;
      for (const c of changes) {
        const sent = (c.data as { sentAt?: number } | null)?.sentAt;
        if (sent === undefined) continue;
        hubFanOut.pickup.push(at - sent);
        const { departmentId, customerId, date } = c.scope;
        hubFanOut.messages += recipients.get(scopeKey(departmentId!, customerId!, date!)) ?? 0;
      }
      const idle = draining() === null;
      const result = broadcast(changes);
      const busy = draining();
      if (idle && busy)
        void busy.then(() => {
          hubFanOut.ms += performance.now() - t;
        });
      hubFanOut.calls += 1;
      hubFanOut.changes += changes.length;
      return result;
    };
    console.log(`hub phase: connecting, ${IDLE_SECONDS} s idle, ${SECONDS} s of changes …`);
    const hubRun = await measure(
      system,
      child,
      'hub',
      `${system.url.replace(/^http/, 'ws')}/api/subscribe`,
      withDatabase(LOCAL_URL, name),
      () => hub.size,
      hubFanOut,
    );

    // A hub that fell behind still reads the rest (for no socket now) before the baseline starts.
    await waitFor(
      'the change bus to read every change',
      () => hubChangesSeen >= hubRun.result.written,
      600_000,
    );

    const bare = await startBare(universe, specs);
    console.log(`bare ws phase: connecting, ${IDLE_SECONDS} s idle, ${SECONDS} s of changes …`);
    const bareRun = await measure(
      system,
      child,
      'bare',
      bare.url,
      `${bare.url}/publish`,
      bare.subscribers,
      bare.timing,
    );
    await bare.close();

    reportSockets(hubRun, bareRun, TARGET_P99_MS);
  } finally {
    if (child && child.exitCode === null) {
      child.kill();
      await new Promise((resolve) => child!.once('exit', resolve));
    }
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
