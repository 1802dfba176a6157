import { startSystem, type System } from '@nordlog/deploy';
import { loadConfig, silentLogger } from '@nordlog/platform';
import { projections } from '@nordlog/projector';
import { createEmptyDatabase } from './database.js';

export interface TestSystem extends System {
  post(path: string, body: unknown): Promise<{ status: number; body: any }>;
  command(
    type: string,
    payload: unknown,
    extra?: Record<string, unknown>,
  ): Promise<{ status: number; body: any }>;
  query(name: string, params: unknown): Promise<{ status: number; body: any }>;
  /** Resolves when every projection has caught up with the event store. */
  settled(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The whole product on a database of its own, listening on a free port. */
export async function startTestSystem(
  options: { socketPingMs?: number; socketStaleMs?: number } = {},
): Promise<TestSystem> {
  const database = await createEmptyDatabase();
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
  });
  const system = await startSystem(config, silentLogger(), options);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${system.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    ...system,
    post,
    command: (type, payload, extra = {}) =>
      post(`/api/command/${type}`, { type, payload, ...extra }),
    query: (name, params) => post(`/api/query/${name}`, { query: name, params }),
    settled: async () => {
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
    },
    shutdown: async () => {
      await system.close();
      await database.drop();
    },
  };
}
