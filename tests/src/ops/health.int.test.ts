import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createCommandService } from '@nordlog/command-service';
import { SYSTEM_IDENTITY, socketProtocol } from '@nordlog/contracts';
import { SocketHub } from '@nordlog/gateway';
import {
  connect,
  createLogger,
  createMetrics,
  errorMiddleware,
  fromPrivateNetwork,
  healthRoutes,
  oldestUnprojectedAgeMs,
  PostgresChangeBus,
  PostgresEventStore,
  PostgresIdAllocator,
  readiness,
  silentLogger,
  type Knex,
  type Metrics,
} from '@nordlog/platform';
import {
  createProjector,
  projections,
  readModelMigrations,
  type Projector,
} from '@nordlog/projector';
import express, { type Express, type Request } from 'express';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** The value of one series in Prometheus text, or undefined when it is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function listen(app: Express): Promise<{ server: Server; url: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const names = projections.map((p) => p.name);
const department = {
  name: 'Oslo',
  departmentType: 'courier',
  country: 'NO',
  location: { lat: 59.91, lng: 10.75 },
};

describe('health, readiness and metrics (issue 15 §4)', () => {
  let db: TestDatabase;
  let metrics: Metrics;
  let projector: Projector | null = null;
  let bus: PostgresChangeBus;
  let hub: SocketHub;
  let server: Server;
  let url: string;
  const logLines: Record<string, unknown>[] = [];
  const servers: Server[] = [];
  const knexes: Knex[] = [];
  const afterAllQuiet: (() => void)[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(readModelMigrations);
    const store = new PostgresEventStore(db.knex, db.notifier);
    metrics = createMetrics({ service: 'embedded', defaultMetrics: false });
    metrics.watchDatabase(db.knex, { reuseMs: 0 });
    const commandLogger = createLogger('debug', 'test', {
      write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const app = express();
    app.set('trust proxy', 'loopback');
    app.use(
      healthRoutes({
        metrics,
        ready: readiness({ knex: db.knex, projections: names, maxLagMs: 30_000, cacheMs: 0 }),
      }),
    );
    app.use(
      '/api/command',
      createCommandService({
        store,
        ids: new PostgresIdAllocator(db.knex),
        logger: commandLogger,
        identify: () => SYSTEM_IDENTITY,
        metrics,
      }),
    );
    app.use(errorMiddleware(silentLogger()));
    ({ server, url } = await listen(app));
    bus = new PostgresChangeBus(db.knex, db.notifier, silentLogger());
    hub = new SocketHub({
      bus,
      logger: silentLogger(),
      identify: async () => SYSTEM_IDENTITY,
      today: () => '2026-01-05',
      metrics,
    });
    hub.attach(server);
  });

  afterAll(async () => {
    await hub.close();
    await close(server);
    for (const s of servers) await close(s);
    await projector?.stop();
    await bus.close();
    for (const k of knexes) await k.destroy();
    for (const restore of afterAllQuiet) restore();
    await db.drop();
  });

  const command = (type: string, payload: unknown, extra: Record<string, unknown> = {}) =>
    fetch(`${url}/api/command/${type}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, payload, ...extra }),
    });
  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  it('GET /health answers 200 {ok: true} while the process runs', async () => {
    const res = await fetch(`${url}/health`);
    expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
  });

  it('/metrics counts and times a command run through a command service given metrics; its log lines carry commandId and correlationId', async () => {
    const commandId = randomUUID();
    const res = await command('CREATE_DEPARTMENT', department, {
      commandId,
      correlationId: 'trace-42',
    });
    expect(res.status).toBe(200);
    expect((await command('CREATE_DEPARTMENT', { name: '' })).status).toBe(400);
    expect((await command('NO_SUCH_COMMAND', {})).status).toBe(404);
    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const counted = (command: string, outcome: string) =>
      sample(text, 'nordlog_commands_total', { service: 'embedded', command, outcome });
    expect(counted('CREATE_DEPARTMENT', 'ok')).toBe(1);
    expect(counted('CREATE_DEPARTMENT', 'VALIDATION_ERROR')).toBe(1);
    // A name from the path is never a label value of its own: unknown ones share one series.
    expect(counted('unknown', 'UNKNOWN_COMMAND')).toBe(1);
    expect(
      sample(text, 'nordlog_command_duration_seconds_count', { command: 'CREATE_DEPARTMENT' }),
    ).toBe(2);
    const line = logLines.find((l) => l.msg === 'command' && l.commandId === commandId);
    expect(line).toMatchObject({
      command: 'CREATE_DEPARTMENT',
      correlationId: 'trace-42',
      outcome: 'ok',
      level: 20,
    });
  });

  it('/ready is 503 while the projections lag beyond the bound, 200 once they caught up', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    // No projector has run: the department's events wait. A bound of 0 ms makes that too much.
    const strict = await readiness({ knex: db.knex, projections: names, maxLagMs: 0 })();
    expect(strict.ok).toBe(false);
    expect(strict.checks).toMatchObject({
      database: { ok: true },
      projections: { ok: false, maxLagMs: 0 },
    });
    expect((strict.checks.projections as { lagMs: number }).lagMs).toBeGreaterThan(0);

    projector = createProjector({
      knex: db.knex,
      store: new PostgresEventStore(db.knex, db.notifier),
      notifier: db.notifier,
      logger: silentLogger(),
    });
    projector.start();
    await until(async () => (await oldestUnprojectedAgeMs(db.knex, names)) === 0);
    const res = await fetch(`${url}/ready`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      ok: true,
      checks: {
        database: { ok: true, ms: expect.any(Number) },
        projections: { ok: true, lagMs: 0, maxLagMs: 30_000 },
      },
    });
  });

  it('/metrics reads projection lag and the change-outbox backlog from the database when scraped', async () => {
    let text = (await scrape()).text;
    for (const projection of ['departments', 'orders'])
      expect([
        projection,
        sample(text, 'nordlog_projection_lag_events', { projection }),
        sample(text, 'nordlog_projection_lag_seconds', { projection }),
      ]).toEqual([projection, 0, 0]);
    // No relay has started: rm_changes waits for none; the message outbox keeps no sent marker.
    expect(sample(text, 'nordlog_outbox_backlog')).toBeUndefined();

    // A projection that has applied nothing, and a relay at the start of the change outbox.
    await db.knex.raw(
      `insert into projection_checkpoints (name, transaction_id, position) values ('probe', '0', 0)`,
    );
    await db.knex.raw(
      `insert into relay_checkpoints (name, transaction_id, position) values ('changes', '0', 0)`,
    );
    const count = async (table: string) =>
      Number((await db.knex(table).count<{ n: string }[]>('* as n'))[0]!.n);
    text = (await scrape()).text;
    expect(sample(text, 'nordlog_projection_lag_events', { projection: 'probe' })).toBe(
      await count('es_events'),
    );
    expect(sample(text, 'nordlog_projection_lag_seconds', { projection: 'probe' })).toBeGreaterThan(
      0,
    );
    expect(await count('rm_changes')).toBeGreaterThan(0);
    expect(sample(text, 'nordlog_outbox_backlog', { outbox: 'rm_changes' })).toBe(
      await count('rm_changes'),
    );
    expect(sample(text, 'nordlog_metrics_read_errors_total')).toBeUndefined();
    await db.knex('projection_checkpoints').where({ name: 'probe' }).delete();
    await db.knex('relay_checkpoints').delete();
  });

  it('counts open sockets and the change frames sent to them', async () => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${socketProtocol.path}`);
    const frames: { entity: string }[] = [];
    ws.on('message', (data) => {
      const text = Buffer.from(data as Buffer).toString('utf8');
      if (text.startsWith('{')) frames.push(JSON.parse(text) as { entity: string });
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await until(async () => sample((await scrape()).text, 'nordlog_sockets_open') === 1);
    expect(await command('CREATE_DEPARTMENT', { ...department, name: 'Bergen' })).toMatchObject({
      status: 200,
    });
    await until(async () => frames.some((f) => f.entity === 'departments'));
    const text = (await scrape()).text;
    expect(sample(text, 'nordlog_socket_messages_sent_total')).toBe(frames.length);
    ws.close();
    await until(async () => sample((await scrape()).text, 'nordlog_sockets_open') === 0);
  });

  it('/ready is 503 when the database cannot be reached; /metrics still answers', async () => {
    // knex reports each refused connection on the console itself; expected here.
    const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    afterAllQuiet.push(() => quiet.mockRestore());
    const dead = connect(`postgres://postgres@127.0.0.1:${await closedPort()}/nothing`, 1);
    knexes.push(dead);
    const deadMetrics = createMetrics({ service: 'command', defaultMetrics: false });
    deadMetrics.watchDatabase(dead, { timeoutMs: 1000, reuseMs: 0 });
    const app = express();
    app.use(
      healthRoutes({ metrics: deadMetrics, ready: readiness({ knex: dead, timeoutMs: 1000 }) }),
    );
    const other = await listen(app);
    servers.push(other.server);
    const began = Date.now();
    const res = await fetch(`${other.url}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      ok: false,
      checks: {
        database: { ok: false, error: 'unreachable' },
        projections: { ok: false, error: 'not checked: no database' },
      },
    });
    expect(Date.now() - began).toBeLessThan(5000);
    expect((await fetch(`${other.url}/health`)).status).toBe(200);
    const scraped = await fetch(`${other.url}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(sample(text, 'nordlog_metrics_read_errors_total', { source: 'projection_lag' })).toBe(1);
    expect(sample(text, 'nordlog_projection_lag_seconds')).toBeUndefined();
  });

  it('/metrics refuses callers outside the private network, and anything forwarded by a proxy', async () => {
    const fake = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ socket: { remoteAddress }, ip: remoteAddress, headers }) as unknown as Request;
    expect(fromPrivateNetwork(fake('203.0.113.9'))).toBe(false);
    expect(fromPrivateNetwork(fake('2001:db8::7'))).toBe(false);
    expect(fromPrivateNetwork(fake('192.168.10.4'))).toBe(true);
    expect(fromPrivateNetwork(fake('10.0.0.3', { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    // Over HTTP: a public client behind a reverse proxy on this machine gets the 404 of no route.
    const forwarded = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded.status).toBe(404);
    expect(forwarded.text).not.toContain('nordlog_');
    expect((await scrape()).status).toBe(200);
    // A rule of one's own replaces the default.
    const app = express();
    app.use(
      healthRoutes({ metrics, ready: async () => ({ ok: true, checks: {} }), allow: () => false }),
    );
    const other = await listen(app);
    servers.push(other.server);
    expect((await fetch(`${other.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${other.url}/ready`)).status).toBe(200);
  });
});
