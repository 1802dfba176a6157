import { startSystem, type System } from '@nordlog/deploy';
import { loadConfig, silentLogger } from '@nordlog/platform';
import { projections } from '@nordlog/projector';
import { createEmptyDatabase } from './database.js';

export interface Session {
  cookie: string;
  csrf: string;
}

export interface Client {
  post(path: string, body: unknown): Promise<{ status: number; body: any }>;
  command(
    type: string,
    payload: unknown,
    extra?: Record<string, unknown>,
  ): Promise<{ status: number; body: any }>;
  query(name: string, params: unknown): Promise<{ status: number; body: any }>;
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

/** The id of the newest stored message (0 when none). */
export async function lastMessageId(system: System): Promise<number> {
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
  system: System,
  phone: string,
  afterId = 0,
): Promise<string | undefined> {
  for (let i = 0; i < 100; i++) {
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

/** The whole product on a database of its own, listening on a free port, with an ADMIN logged in. */
export async function startTestSystem(
  options: { socketPingMs?: number; socketStaleMs?: number; env?: Record<string, string> } = {},
): Promise<TestSystem> {
  const database = await createEmptyDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    // Tests log many users in from one address.
    AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
    ...options.env,
  });
  const system = await startSystem(config, silentLogger(), options);

  const settled = async () => {
    for (let i = 0; i < 500; i++) {
      const r = await system.db.knex.raw<{ rows: { events: number; caught: number }[] }>(
        `with head as (select transaction_id, position from es_events order by transaction_id desc, position desc limit 1)
         select (select count(*) from head)::int as events,
                (select count(*) from projection_checkpoints c, head
                  where (c.transaction_id, c.position) >= (head.transaction_id, head.position))::int as caught`,
      );
      const { events, caught } = r.rows[0]!;
      if (events === 0 || caught === projections.length) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('projections did not catch up within 10 s');
  };

  const as = (session: Session | null): Client => {
    const post = async (path: string, body: unknown) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (session) Object.assign(headers, { cookie: session.cookie, 'x-csrf-token': session.csrf });
      const res = await fetch(`${system.url}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    return {
      post,
      command: (type, payload, extra = {}) =>
        post(`/api/command/${type}`, { type, payload, ...extra }),
      query: (name, params) => post(`/api/query/${name}`, { query: name, params }),
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
    await settled();
    return signIn(user.phoneNumber);
  };

  const signIn = async (phoneNumber: string): Promise<Session> => {
    const user = { phoneNumber };
    const anonymous = { 'content-type': 'application/json' };
    const afterId = await lastMessageId(system);
    const requested = await fetch(`${system.url}/auth/request-token`, {
      method: 'POST',
      headers: anonymous,
      body: JSON.stringify({ phoneNumber: user.phoneNumber }),
    });
    if (requested.status !== 200) throw new Error(`request-token failed: ${requested.status}`);
    const token = await waitForToken(system, user.phoneNumber, afterId);
    const res = await fetch(`${system.url}/auth/verify-token`, {
      method: 'POST',
      headers: anonymous,
      body: JSON.stringify({ phoneNumber: user.phoneNumber, token }),
    });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    const { csrfToken } = (await res.json()) as { csrfToken: string };
    return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: csrfToken };
  };

  const admin = await login({ name: 'Test Admin', phoneNumber: freshPhone(), role: 'ADMIN' });
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
