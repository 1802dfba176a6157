import { startSystem, type System } from '@nordlog/deploy';
import { loadConfig, silentLogger, type Knex, type Logger } from '@nordlog/platform';
import { projections, readModelMigrations } from '@nordlog/projector';
import { createMigratedDatabase } from './database.js';

export interface Session {
  cookie: string;
  csrf: string;
}

export interface Client {
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** A GET (the REST resources), with the session cookie. */
  get(
    path: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  command(
    type: string,
    payload: unknown,
    extra?: Record<string, unknown>,
  ): Promise<{ status: number; body: any }>;
  query(
    name: string,
    params: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export interface TestSystem extends System, Client {
  /** The logged-in ADMIN session the plain `command`/`query` helpers use. */
  admin: Session;
  /** Logs in as an existing user through the token flow. */
  signIn(phoneNumber: string): Promise<Session>;
  /** Creates a user (as the system) and logs in as them through the token flow. */
  login(user: {
    name?: string;
    phoneNumber: string;
    role: string;
    [key: string]: unknown;
  }): Promise<Session>;
  as(session: Session | null): Client;
  /** Resolves when every projection has caught up with the event store. */
  settled(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Where the message outbox is: a running system, or any connection to its database. */
export type MessageStore = { db: { knex: Knex } };

/** The id of the newest stored message (0 when none). */
export async function lastMessageId(system: MessageStore): Promise<number> {
  const row = await system.db
    .knex('message_outbox')
    .max<{ max: string | null }>('id as max')
    .first();
  return Number(row?.max ?? 0);
}

/**
 * The login code sent to a phone after message `afterId`; the message is stored just after the
 * request is answered, so wait for it.
 */
export async function waitForToken(
  system: MessageStore,
  phone: string,
  afterId = 0,
  timeoutMs = 15_000,
): Promise<string | undefined> {
  // By a deadline, not a count of tries: on a loaded machine a message can take seconds.
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const row = await system.db
      .knex('message_outbox')
      .where({ recipient: phone })
      .andWhere('id', '>', afterId)
      .orderBy('id', 'desc')
      .first<{ body: string }>('body');
    const token = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return undefined;
}

let phones = 0;
/** A phone number no other test user has. */
export const freshPhone = () =>
  `+4745${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(3, '0')}`;

/** A test system's configuration: a free port on loopback, no demo data, test mode. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    // Tests log many users in from one address.
    AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
    PUBLIC_MAX_REQUESTS_PER_MINUTE: '100000',
    // Suites present refused API keys by the dozen (docs/decisions/0069).
    API_KEY_MAX_FAILURES_PER_MINUTE: '100000',
    // Recurring orders are booked when a test runs a pass (docs/decisions/0058): a background
    // pass would append while a suite counts what a command stored.
    RECURRING_INTERVAL_SECONDS: '0',
    // Pre-advice is decided and sent when a test runs a pass (docs/decisions/0062), likewise.
    PRE_ADVICE_INTERVAL_SECONDS: '0',
    // Webhooks are sent when a test runs a pass (docs/decisions/0070), to receivers the test
    // starts on loopback (allowed here only; production refuses it).
    WEBHOOK_INTERVAL_SECONDS: '0',
    WEBHOOKS_ALLOW_LOCAL: 'true',
    ...env,
  });
}

/** Whether the running test file drives a browser (tests/src/browser, docs/decisions/0107). */
const drivesBrowser = (): boolean => {
  // Jest's global (the benches import this module outside jest, where it is absent).
  const jest = globalThis as { expect?: { getState(): { testPath?: string } } };
  return /[\\/]browser[\\/]/.test(jest.expect?.getState().testPath ?? '');
};

/** The whole product on a database of its own, listening on a free port, with an ADMIN logged in. */
export async function startTestSystem(
  options: {
    socketPingMs?: number;
    socketStaleMs?: number;
    minPositionWaitMs?: number;
    env?: Record<string, string>;
    /** The PostgreSQL server to create the database on (default TEST_DATABASE_URL). */
    serverUrl?: string;
    logger?: Logger;
    /** Where login codes are read (default: the outbox); e.g. an SMS provider stand-in. */
    tokens?: { mark(): number; read(phone: string, mark: number): Promise<string | undefined> };
    /**
     * The projector in its worker thread, as the product runs it (default: in this process,
     * docs/decisions/0107: a worker loads the whole compiled product again, a third of a small
     * file's CPU; in a browser test's file, the worker: the pages see the product's timing).
     */
    projectorInWorker?: boolean;
  } = {},
): Promise<TestSystem> {
  // A copy of a template migrated as the system migrates at start (which then finds nothing to do).
  const database = await createMigratedDatabase(readModelMigrations, options.serverUrl);
  const config = testConfig(database.url, options.env);
  const system = await startSystem(config, options.logger ?? silentLogger(), {
    ...options,
    projectorInWorker: options.projectorInWorker ?? drivesBrowser(),
  });

  // 30 s: CI machines are shared, and a loaded one can be slow to schedule the projector.
  const settled = () => projectionsSettled(system.db.knex, 30_000);

  const as = (session: Session | null): Client => {
    const send = async (
      method: 'GET' | 'POST',
      path: string,
      body: unknown,
      extra: Record<string, string> = {},
    ) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...extra };
      if (session) Object.assign(headers, { cookie: session.cookie, 'x-csrf-token': session.csrf });
      const res = await fetch(`${system.url}${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      const answer = { status: res.status, body: text ? JSON.parse(text) : null };
      // Not enumerable: tests compare whole answers ({status, body}) with toEqual.
      Object.defineProperty(answer, 'headers', { value: res.headers, enumerable: false });
      return answer as typeof answer & { headers: Headers };
    };
    const post = (path: string, body: unknown, headers?: Record<string, string>) =>
      send('POST', path, body, headers);
    return {
      post,
      get: (path, headers) => send('GET', path, undefined, headers),
      command: (type, payload, extra = {}) =>
        post(`/api/command/${type}`, { type, payload, ...extra }),
      query: (name, params, headers) =>
        post(`/api/query/${name}`, { query: name, params }, headers),
    };
  };

  const login = async (user: {
    name?: string;
    phoneNumber: string;
    role: string;
    [key: string]: unknown;
  }): Promise<Session> => {
    const created = await system.run('CREATE_USER', {
      name: user.name ?? `Test ${user.role}`,
      ...user,
    });
    if (created.status !== 200)
      throw new Error(`CREATE_USER failed: ${JSON.stringify(created.body)}`);
    return signIn(user.phoneNumber);
  };

  const signIn = async (phoneNumber: string): Promise<Session> => {
    // The gateway finds the user in a read model and sends no code to a phone it does not know:
    // a user created just before (the demo users, a test's own) must be projected first. With
    // test files side by side the projector can lag by seconds (decision record 0003: any open
    // transaction on the server holds its reads back), and the code then never came.
    await settled();
    const user = { phoneNumber };
    const anonymous = { 'content-type': 'application/json' };
    const afterId = options.tokens ? options.tokens.mark() : await lastMessageId(system);
    const requested = await fetch(`${system.url}/auth/request-token`, {
      method: 'POST',
      headers: anonymous,
      body: JSON.stringify({ phoneNumber: user.phoneNumber }),
    });
    if (requested.status !== 200) throw new Error(`request-token failed: ${requested.status}`);
    const token = options.tokens
      ? await options.tokens.read(user.phoneNumber, afterId)
      : await waitForToken(system, user.phoneNumber, afterId);
    const res = await fetch(`${system.url}/auth/verify-token`, {
      method: 'POST',
      headers: anonymous,
      body: JSON.stringify({ phoneNumber: user.phoneNumber, token }),
    });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: csrfToken };
  };

  let admin: Session;
  try {
    admin = await login({ name: 'Test Admin', phoneNumber: freshPhone(), role: 'ADMIN' });
  } catch (err) {
    // Nothing may outlive a failed start: a leaked server keeps jest from exiting.
    await system.close().catch(() => undefined);
    await database.drop().catch(() => undefined);
    throw err;
  }
  return {
    ...system,
    ...as(admin),
    admin,
    login,
    signIn,
    as,
    settled,
    shutdown: async () => {
      await system.close();
      await database.drop();
    },
  };
}

/** The position of the newest event (or outbox change): unchanged when nothing was stored. */
export async function storeHead(system: System, table: 'es_events' | 'rm_changes' = 'es_events') {
  const row = await system.db.knex(table).max<{ max: string | null }>('position as max').first();
  return String(row?.max ?? '0');
}

/**
 * The position of the last event a command appended, leaving out what the optimising and
 * invoicing runners append on their own while a run goes (their events are caused by
 * `optimizing-{id}`, 0026, and `invoicing-run-{id}`, 0032).
 */
export async function commandHead(system: System) {
  const row = await system.db
    .knex('es_events')
    .whereRaw(`metadata->>'causationId' not like 'optimizing-%'`)
    .whereRaw(`metadata->>'causationId' not like 'invoicing-run-%'`)
    .max<{ max: string | null }>('position as max')
    .first();
  return String(row?.max ?? '0');
}

/**
 * Department 1 and customer 1 of a fresh system (the first of each), for tests of users whose
 * access names them: a user's departments and customer must exist.
 */
export async function createFirstDepartmentAndCustomer(system: Pick<Client, 'command'>) {
  const department = await system.command('CREATE_DEPARTMENT', {
    name: 'Oslo',
    departmentType: 'courier',
    country: 'NO',
  });
  const customer = await system.command('CREATE_CUSTOMER', { name: 'Apotek 1' });
  if (department.body?.ids?.[0] !== '1' || customer.body?.ids?.[0] !== '1')
    throw new Error('department 1 and customer 1 must be the first of a fresh system');
}

/** Resolves when every projection's checkpoint has reached the newest event. */
export async function projectionsSettled(knex: Knex, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await knex.raw<{ rows: { events: number; caught: number }[] }>(
      `with head as (select transaction_id, position from es_events order by transaction_id desc, position desc limit 1)
       select (select count(*) from head)::int as events,
              (select count(*) from projection_checkpoints c, head
                where (c.transaction_id, c.position) >= (head.transaction_id, head.position))::int as caught`,
    );
    const { events, caught } = r.rows[0]!;
    if (events === 0 || caught === projections.length) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`projections did not catch up within ${timeoutMs / 1000} s`);
}
