import {
  CHANGES_CHANNEL,
  connect,
  Notifier,
  NOTIFY_INTERVAL_MS,
  silentLogger,
  writeChanges,
  type Change,
} from '@nordlog/platform';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import {
  accepts,
  changeOf,
  changeShape,
  queryOf,
  type ChangeShape,
  type FromLoad,
  type PhaseResult,
  type SocketSpec,
  type Target,
  type ToLoad,
  type Universe,
} from './socketModel.js';
import { percentile } from './stats.js';

/**
 * The load process of `bench:sockets` (a child process of the coordinator, so that none of its
 * CPU counts as the gateway's). Its main thread holds the subscribed sockets and checks every
 * message against the expectation (socketModel.ts); a worker thread writes the changes at the
 * target rate, so its pacing and commit timestamps do not wait on the sockets' event loop. The
 * writer notes each change's send time in a SharedArrayBuffer (and in the change's data) just
 * before its transaction; a socket takes the latency when the message arrives (same clock).
 */

interface WriterJob {
  target: Target;
  sink: string;
  universe: Universe;
  rate: number;
  seconds: number;
  sentAt: SharedArrayBuffer;
}

interface WriterDone {
  written: number;
  ms: number;
  transactions: number;
  /** When the last change was written (performance.timeOrigin based). */
  lastAt: number;
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The writer thread: changes `0 … rate × seconds - 1`, each as soon as it is due. */
async function writer(job: WriterJob): Promise<WriterDone> {
  const sentAt = new Float64Array(job.sentAt);
  const total = Math.round(job.rate * job.seconds);
  let write: (changes: Change[]) => Promise<void>;
  let close: () => Promise<void>;
  if (job.target === 'hub') {
    // As a projector in another process: the rows in the outbox in one transaction, then the
    // wake-up NOTIFY the gateway's change bus listens to.
    const knex = connect(job.sink, 2);
    const notifier = new Notifier(job.sink, knex, silentLogger());
    write = async (changes) => {
      await knex.transaction((trx) => writeChanges(trx, changes));
      notifier.notify(CHANGES_CHANNEL);
    };
    close = async () => {
      // The last NOTIFY may still wait for its interval; closing the notifier would drop it.
      await sleep(5 * NOTIFY_INTERVAL_MS);
      await notifier.close();
      await knex.destroy();
    };
  } else {
    const ws = new WebSocket(job.sink);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    write = (changes) =>
      new Promise<void>((resolve, reject) =>
        ws.send(JSON.stringify(changes), (err) => (err ? reject(err) : resolve())),
      );
    close = async () => {
      ws.close();
      await new Promise((resolve) => ws.once('close', resolve));
    };
  }
  let seq = 0;
  let transactions = 0;
  let lastAt = 0;
  const started = performance.now();
  while (seq < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * job.rate) / 1000) + 1);
    if (due <= seq) {
      await sleep(started + (seq * 1000) / job.rate - performance.now());
      continue;
    }
    const changes = Array.from({ length: due - seq }, (_, i) => changeOf(seq + i, job.universe));
    const at = now();
    for (let i = 0; i < changes.length; i++) {
      changes[i]!.data.sentAt = at;
      sentAt[seq + i] = at;
    }
    await write(changes);
    lastAt = now();
    transactions += 1;
    seq = due;
  }
  const ms = performance.now() - started;
  await close();
  return { written: seq, ms, transactions, lastAt };
}

if (!isMainThread) {
  writer(workerData as WriterJob).then(
    (done) => parentPort!.postMessage(done),
    (err: unknown) => parentPort!.postMessage({ error: String(err) }),
  );
} else {
  loadProcess();
}

/** The main thread of the load process: the sockets, driven by the coordinator over IPC. */
function loadProcess(): void {
  const send = (m: FromLoad) => process.send!(m);
  let universe: Universe;
  let specs: SocketSpec[] = [];
  let cookies: string[] = [];
  let rate = 0;
  let seconds = 0;

  // Per phase: the sockets and what they received.
  let sockets: WebSocket[] = [];
  let sentAt = new Float64Array(new SharedArrayBuffer(8));
  let sentAtBuffer = new SharedArrayBuffer(8);
  let received = new Int32Array(0);
  let lastSeq = new Int32Array(0);
  let shapes: ChangeShape[] = [];
  let latencies: number[] = [];
  let delivered = 0;
  let unexpected = 0;
  let disorder = 0;
  let mismatches = 0;
  let closedDuringRun = 0;
  let closeCodes: Record<number, number> = {};
  let running = false;
  let lastMessageAt = 0;
  let sampled = 0;

  const onMessage = (i: number, raw: Buffer) => {
    if (raw[0] !== 0x7b) {
      // `ping` (the hub's heartbeat: no pong for 30 s closes the socket), `ok`, `login`.
      if (raw.length === 4 && raw.toString('latin1') === 'ping') sockets[i]!.send('pong');
      return;
    }
    const at = now();
    // `{"entity":"consignments","op":"upsert","id":"123",…`: the id is in the first bytes.
    const m = /"id":"(\d+)"/.exec(raw.toString('latin1', 0, 96));
    const seq = m ? Number(m[1]) - 1 : -1;
    const shape = shapes[seq];
    if (shape === undefined) {
      mismatches += 1;
      return;
    }
    lastMessageAt = at;
    latencies.push(at - sentAt[seq]!);
    if (!accepts(specs[i]!, shape)) unexpected += 1;
    else if (seq <= lastSeq[i]!) disorder += 1;
    else {
      lastSeq[i] = seq;
      received[i] = received[i]! + 1;
      delivered += 1;
    }
    if (++sampled % 64 === 0) {
      // Every 64th message in full: the change that was written, with its send time.
      const full = JSON.parse(raw.toString('utf8')) as {
        entity: string;
        data: { sentAt: number; departmentId: string; date: string };
      };
      if (
        full.entity !== 'consignments' ||
        full.data.sentAt !== sentAt[seq] ||
        full.data.departmentId !== universe.departmentIds[shape.department] ||
        full.data.date !== (shape.day === 0 ? universe.today : universe.tomorrow)
      )
        mismatches += 1;
    }
  };

  async function connectAll(target: Target, url: string): Promise<number> {
    const started = performance.now();
    sockets = new Array<WebSocket>(specs.length);
    received = new Int32Array(specs.length);
    lastSeq = new Int32Array(specs.length).fill(-1);
    let next = 0;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        for (;;) {
          const i = next++;
          if (i >= specs.length) return;
          const spec = specs[i]!;
          const ws =
            target === 'hub'
              ? new WebSocket(`${url}?${queryOf(spec, universe)}`, {
                  headers: { cookie: cookies[spec.department]! },
                })
              : new WebSocket(`${url}/?socket=${i}`);
          sockets[i] = ws;
          ws.on('message', (raw: Buffer) => onMessage(i, raw));
          ws.on('close', (code: number) => {
            if (!running) return;
            closedDuringRun += 1;
            closeCodes[code] = (closeCodes[code] ?? 0) + 1;
          });
          await new Promise((resolve, reject) => {
            ws.once('open', resolve);
            ws.once('error', reject);
          });
        }
      }),
    );
    return performance.now() - started;
  }

  async function run(target: Target, sink: string): Promise<PhaseResult> {
    const total = Math.round(rate * seconds);
    shapes = Array.from({ length: total }, (_, seq) =>
      changeShape(seq, universe.departmentIds.length),
    );
    sentAtBuffer = new SharedArrayBuffer(Math.max(8, total * 8));
    sentAt = new Float64Array(sentAtBuffer);
    latencies = [];
    delivered = unexpected = disorder = mismatches = closedDuringRun = sampled = 0;
    closeCodes = {};
    received.fill(0);
    lastSeq.fill(-1);
    const cpuBefore = process.cpuUsage();
    running = true;
    const worker = new Worker(new URL(import.meta.url), {
      workerData: {
        target,
        sink,
        universe,
        rate,
        seconds,
        sentAt: sentAtBuffer,
      } satisfies WriterJob,
    });
    const done = await new Promise<WriterDone>((resolve, reject) => {
      worker.once('message', (m: WriterDone | { error: string }) =>
        'error' in m ? reject(new Error(m.error)) : resolve(m),
      );
      worker.once('error', reject);
    });
    // What each socket must get of the changes written: by the shape's count.
    const counts = new Map<string, number>();
    const keyOf = (s: ChangeShape) => `${s.department}|${s.customer}|${s.day}`;
    for (let seq = 0; seq < done.written; seq++) {
      const k = keyOf(shapes[seq]!);
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const expectedOf = specs.map((spec) => {
      let n = 0;
      for (const customer of [0, 1] as const)
        for (const day of [0, 1] as const) {
          const shape = { department: spec.department, customer, day };
          if (accepts(spec, shape)) n += counts.get(keyOf(shape)) ?? 0;
        }
      return n;
    });
    const expected = expectedOf.reduce((a, b) => a + b, 0);
    // Wait for every expected message; give up after 15 s without progress or a longer cap.
    const capMs = Math.max(60_000, 2 * seconds * 1000);
    const waitStarted = performance.now();
    let progress = delivered;
    let progressAt = performance.now();
    let gaveUp: PhaseResult['gaveUp'] = null;
    while (delivered < expected) {
      await sleep(20);
      if (delivered !== progress) {
        progress = delivered;
        progressAt = performance.now();
      } else if (performance.now() - progressAt > 15_000) {
        gaveUp = 'stalled';
        break;
      }
      if (performance.now() - waitStarted > capMs) {
        gaveUp = 'cap';
        break;
      }
    }
    running = false;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      written: done.written,
      writeMs: done.ms,
      transactions: done.transactions,
      expected,
      delivered,
      lost: expected - delivered,
      gaveUp,
      capMs,
      socketsShort: expectedOf.filter((n, i) => received[i]! < n).length,
      unexpected,
      disorder,
      mismatches,
      closed: closedDuringRun,
      closeCodes,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.reduce((a, b) => Math.max(a, b), 0),
      drainMs: Math.max(0, lastMessageAt - done.lastAt),
      loadCpuMs: (cpu.user + cpu.system) / 1000,
    };
  }

  async function closeAll(): Promise<void> {
    await Promise.all(
      sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close();
          }),
      ),
    );
    sockets = [];
  }

  process.on('message', (m: ToLoad) => {
    const handle = async (): Promise<FromLoad> => {
      switch (m.type) {
        case 'setup': {
          ({ universe, specs, cookies, rate, seconds } = m);
          return { type: 'ready' };
        }
        case 'connect':
          return { type: 'connected', ms: await connectAll(m.target, m.url) };
        case 'run':
          return { type: 'done', result: await run(m.target, m.sink) };
        case 'close':
          await closeAll();
          return { type: 'closed' };
      }
    };
    handle().then(send, (err: unknown) =>
      send({
        type: 'error',
        message: err instanceof Error ? (err.stack ?? err.message) : String(err),
      }),
    );
  });
}
