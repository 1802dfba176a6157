import type { ServiceName } from '@nordlog/deploy';
import { signIdentity } from '@nordlog/platform';
import { SYSTEM_IDENTITY } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { lastMessageId, projectionsSettled, waitForToken } from './system.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A service of the production topology started as a process of its own (deploy/dist/services). */
export interface ServiceProcess {
  name: string;
  service: ServiceName;
  child: ChildProcess;
  /** Where it listens (its `/health`, `/ready`, `/metrics` and routes). */
  url: string;
  /** The JSON log lines it wrote so far. */
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
}

export interface Topology {
  secret: string;
  env: Record<string, string>;
  start(name: string, service: ServiceName, env?: Record<string, string>): Promise<ServiceProcess>;
  processes: Map<string, ServiceProcess>;
  /** A command sent straight to the command service as the system (identity signed). */
  systemCommand(type: string, payload: unknown): Promise<{ status: number; body: unknown }>;
  stopAll(): Promise<void>;
}

export function assertServicesBuilt(): void {
  if (!existsSync(`${root}deploy/dist/services/gateway.js`))
    throw new Error('deploy/dist/services is not built: run `npx tsc -b` (npm test does)');
}

/**
 * Starts services as child processes on one database (each on a free port it reports in its
 * log), with the environment every one of them needs. `stopAll` ends them all.
 */
export function topology(env: Record<string, string>): Topology {
  assertServicesBuilt();
  const secret = randomBytes(24).toString('hex');
  const shared: Record<string, string> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    INTERNAL_SECRET: secret,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    // One master key of personal data for every service of the topology (docs/decisions/0050).
    PERSONAL_DATA_KEY: randomBytes(32).toString('base64'),
    // One webhook signing key for the command service (signing) and the query service (0070).
    WEBHOOK_SIGNING_KEY: randomBytes(32).toString('hex'),
    AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
    PUBLIC_MAX_REQUESTS_PER_MINUTE: '100000',
    DATABASE_POOL_SIZE: '6',
    ...env,
  };
  const processes = new Map<string, ServiceProcess>();
  const start = async (name: string, service: ServiceName, extra: Record<string, string> = {}) => {
    // SERVICE_NODE_ARGS: Node flags for every service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
    const flags = process.env.SERVICE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...flags, `${root}deploy/dist/services/${service}.js`], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...shared, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs: Record<string, unknown>[] = [];
    const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    const errors: string[] = [];
    createInterface({ input: child.stderr }).on('line', (line) => errors.push(line));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start: ${errors.join('\n')}`)),
        30_000,
      );
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited with ${code}: ${errors.join('\n')}`));
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return;
        }
        logs.push(entry);
        if (typeof entry.port === 'number' && String(entry.msg).endsWith('service listening')) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${entry.port}`);
        }
      });
    });
    const running: ServiceProcess = { name, service, child, url, logs, exited };
    processes.set(name, running);
    return running;
  };
  return {
    secret,
    env: shared,
    start,
    processes,
    systemCommand: async (type, payload) => {
      const command = processes.get('command');
      if (!command) throw new Error('no command service');
      const res = await fetch(`${command.url}/api/command/${type}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signIdentity(secret, SYSTEM_IDENTITY) },
        body: JSON.stringify({ type, payload }),
      });
      return { status: res.status, body: await res.json() };
    },
    stopAll: async () => {
      await Promise.all(
        [...processes.values()].map(async (p) => {
          if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
          await p.exited;
        }),
      );
    },
  };
}

/** Gateways of a topology (instances named by `ids`) in front of its command and query services. */
export function startGateways(
  t: Topology,
  ids: readonly string[],
  command: ServiceProcess,
  query: ServiceProcess,
): Promise<ServiceProcess[]> {
  return Promise.all(
    ids.map((id) =>
      t.start(`gateway-${id}`, 'gateway', {
        GATEWAY_INSTANCE_ID: id,
        COMMAND_SERVICE_URL: command.url,
        QUERY_SERVICE_URL: query.url,
        PUBLIC_URL: 'http://localhost:8080',
      }),
    ),
  );
}

/** Resolves when `url` answers `GET /ready` with 200 (or fails after `timeoutMs`). */
export async function waitReady(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/ready`).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`${url} not ready: ${res?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A session on a gateway of a topology: the log-in code is read from the message outbox. */
export async function gatewaySignIn(
  knex: Knex,
  gateway: string,
  phoneNumber: string,
): Promise<{ cookie: string; csrf: string }> {
  const store = { db: { knex } };
  const before = await lastMessageId(store);
  const asked = await fetch(`${gateway}/auth/request-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber }),
  });
  if (asked.status !== 200) throw new Error(`request-token: ${asked.status}`);
  const token = await waitForToken(store, phoneNumber, before);
  const res = await fetch(`${gateway}/auth/verify-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber, token }),
  });
  if (res.status !== 200) throw new Error(`verify-token: ${res.status} ${await res.text()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: csrfToken };
}

/** A courier department made by the system on a topology's command service: its id. */
export async function systemDepartment(t: Topology, name = 'Bench'): Promise<string> {
  const res = await t.systemCommand('CREATE_DEPARTMENT', {
    name,
    departmentType: 'courier',
    country: 'NO',
  });
  if (res.status !== 200) throw new Error(`CREATE_DEPARTMENT: ${JSON.stringify(res.body)}`);
  return (res.body as { ids: string[] }).ids[0]!;
}

/**
 * An ADMIN made by the system, with its row projected (a projector must be running): the phone
 * number to sign in with (`gatewaySignIn`).
 */
export async function systemAdmin(t: Topology, knex: Knex): Promise<string> {
  const phone = `+4748${String(Date.now()).slice(-6)}`;
  const res = await t.systemCommand('CREATE_USER', {
    name: 'Bench Admin',
    phoneNumber: phone,
    role: 'ADMIN',
  });
  if (res.status !== 200) throw new Error(`CREATE_USER: ${JSON.stringify(res.body)}`);
  await projectionsSettled(knex, 60_000);
  return phone;
}
