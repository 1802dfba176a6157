import {
  connect,
  Notifier,
  PostgresEventStore,
  silentLogger,
  withPersonalData,
  type Knex,
} from '@nordlog/platform';
import { checksum, projections, rebuild } from '@nordlog/projector';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bookingDate, osloAddress } from '../support/booking.js';
import { projectionsSettled } from '../support/system.js';

/**
 * The reliability suite runs each test twice over: short parameters in CI (`npm test`), long ones
 * with SOAK=1 (`npm run test:soak`).
 */
export const SOAK = process.env.SOAK === '1';
export const pick = <T>(ci: T, soak: T): T => (SOAK ? soak : ci);
/**
 * A numeric parameter: CI's or the soak run's, unless the environment variable `name` sets it
 * (e.g. SOAK_SOCKETS=300 to find where a machine's limit lies).
 */
export const param = (name: string, ci: number, soak: number): number => {
  const set = process.env[name];
  return set !== undefined && set !== '' && Number.isFinite(Number(set))
    ? Number(set)
    : pick(ci, soak);
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Prints a measured figure so that it shows in the jest output (and can be quoted). */
export function report(test: string, figures: Record<string, unknown>): void {
  console.log(`[soak${SOAK ? '' : ':ci'}] ${test}: ${JSON.stringify(figures)}`);
}

/**
 * While the database is down, knex prints each failed connection attempt with console.log
 * ("Acquire connection error", "Connection Error"); the product logs the failures itself. This
 * keeps those lines out of the test output (of this thread: the projector's worker prints its
 * own) and lets everything else through. Returns the undo.
 */
export function quietKnexConnectionLogs(): () => void {
  const original = console.log;
  // eslint-disable-next-line no-control-regex
  const noise = /^(\u001b\[\d+m)?(Acquire connection error|Connection Error)\b/;
  console.log = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && noise.test(args[0])) return;
    original(...args);
  };
  return () => {
    console.log = original;
  };
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built entry script (tests/dist/soak/server.js): a child process runs compiled code. */
export const serverScript = path.resolve(here, '../../dist/soak/server.js');

export interface Product {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<void>;
  /** The last lines the process wrote (for a failure message). */
  output(): string;
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 15 s: the product closes in order. */
  stop(): Promise<void>;
}

/**
 * Starts the product in a child process on `databaseUrl` and resolves once it listens. The
 * process is killed if it does not report ready within 60 s.
 */
export async function startProduct(options: {
  databaseUrl: string;
  port: number;
  adminPhone?: string;
  env?: Record<string, string>;
}): Promise<Product> {
  if (!existsSync(serverScript))
    throw new Error(`${serverScript} is missing: build first (npx tsc -b)`);
  // SOAK_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: where the product spends
  // its time (the profile is written when it stops in order).
  const nodeArgs = (process.env.SOAK_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, serverScript], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'error',
      AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
      PUBLIC_MAX_REQUESTS_PER_MINUTE: '100000',
      // Fixed, so that login codes requested before a restart still verify after it.
      AUTH_SECRET: 'soak-suite-secret-0123456789abcdef0123456789abcdef',
      NODE_NO_WARNINGS: '1',
      ...(options.adminPhone ? { SOAK_ADMIN_PHONE: options.adminPhone } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  let exitedFlag = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exitedFlag = true;
      resolve();
    }),
  );
  const output = () => lines.join('\n');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the product did not start within 60 s:\n${output()}`));
    }, 60_000);
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      keep(chunk);
      buffered += chunk.toString('utf8');
      const found = /SOAK_READY (\S+)/.exec(buffered);
      if (found) {
        clearTimeout(timer);
        buffered = '';
        resolve(found[1]!);
      } else if (buffered.length > 100_000) buffered = buffered.slice(-1000);
    });
    child.stderr.on('data', keep);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the product exited while starting (${child.exitCode}):\n${output()}`));
    });
  });
  const signal = async (name: NodeJS.Signals) => {
    if (!exitedFlag) child.kill(name);
    await exited;
  };
  return {
    url,
    child,
    exited,
    output,
    kill: () => signal('SIGKILL'),
    stop: async () => {
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await signal('SIGTERM');
      clearTimeout(force);
    },
  };
}

export interface Session {
  cookie: string;
  csrf: string;
}

export interface Answer {
  status: number;
  body: any;
}

/** Logs in through the token flow; the code is read from the message outbox. */
export async function signIn(knex: Knex, url: string, phone: string): Promise<Session> {
  const json = { 'content-type': 'application/json' };
  const mark = await knex('message_outbox').max<{ max: string | null }>('id as max').first();
  const afterId = Number(mark?.max ?? 0);
  const requested = await fetch(`${url}/auth/request-token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phoneNumber: phone }),
  });
  if (requested.status !== 200) throw new Error(`request-token failed: ${requested.status}`);
  let token: string | undefined;
  for (let i = 0; i < 500 && !token; i++) {
    const row = await knex('message_outbox')
      .where({ recipient: phone })
      .andWhere('id', '>', afterId)
      .orderBy('id', 'desc')
      .first<{ body: string } | undefined>('body');
    token = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    if (!token) await sleep(10);
  }
  const res = await fetch(`${url}/auth/verify-token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phoneNumber: phone, token }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: csrfToken };
}

/**
 * Sends one command; resolves with the answer, rejects when no answer came (the connection
 * failed or `timeoutMs` passed).
 */
export async function sendCommand(
  url: string,
  session: Session,
  type: string,
  payload: unknown,
  commandId?: string,
  timeoutMs = 60_000,
): Promise<Answer> {
  const res = await fetch(`${url}/api/command/${type}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
    },
    body: JSON.stringify({ type, payload, ...(commandId ? { commandId } : {}) }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A query, optionally with `x-min-position` (read-your-writes). */
export async function sendQuery(
  url: string,
  session: Session,
  name: string,
  params: unknown,
  minPosition?: string,
): Promise<Answer & { reached: string | null }> {
  const res = await fetch(`${url}/api/query/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(minPosition ? { 'x-min-position': minPosition } : {}),
    },
    body: JSON.stringify({ query: name, params }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    reached: res.headers.get('x-min-position-reached'),
  };
}

/** Resolves when every projection's checkpoint has reached the newest event. */
export const settled = (knex: Knex, timeoutMs = 60_000): Promise<void> =>
  projectionsSettled(knex, timeoutMs);

export const checksums = (knex: Knex) => Promise.all(projections.map((p) => checksum(knex, p)));

/**
 * "Rebuild equals live" (as tests/src/spine/projections.int.test.ts): the checksums of every read
 * model as the live projector left them, then after a rebuild from position 0. Nothing else may
 * write meanwhile (stop the product first).
 */
export async function liveAndRebuilt(
  url: string,
): Promise<{ live: string[]; rebuilt: string[]; events: number }> {
  const knex = connect(url, 8);
  const notifier = new Notifier(url, knex, silentLogger());
  try {
    const live = await checksums(knex);
    // Read as the product reads: personal data opened (docs/decisions/0050).
    const store = await withPersonalData(
      new PostgresEventStore(knex, notifier),
      knex,
      process.env.PERSONAL_DATA_KEY,
    );
    const result = await rebuild(knex, store, projections);
    return { live, rebuilt: await checksums(knex), events: result.events };
  } finally {
    await notifier.close();
    await knex.destroy();
  }
}

/** A booking with coordinates on both sides (no address lookup), for `bookingDate()`. */
export const orderPayload = (departmentId: string, customerId: string, n: number) => ({
  departmentId,
  customerId,
  pickupDate: bookingDate(),
  customerRef: `SOAK-${n}`,
  pickup: osloAddress,
  delivery: {
    ...osloAddress,
    name: `Recipient ${n}`,
    address: `Bogstadveien ${1 + (n % 90)}`,
    lat: 59.93,
    lng: 10.72,
  },
  measurements: [
    { weight: 500, weightUnit: 'GRM', length: 1, width: 0.5, height: 0.2, dimensionUnit: 'MTR' },
  ],
});

/** Statistics of a list of numbers (latencies in ms). */
export function stats(values: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    n: sorted.length,
    p50: Math.round(at(0.5)),
    p99: Math.round(at(0.99)),
    max: Math.round(sorted[sorted.length - 1] ?? 0),
  };
}
