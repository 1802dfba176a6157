import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from '@nordlog/platform';
import type { Knex } from '@nordlog/platform';
import { createEmptyDatabase } from '../support/database.js';
import { kcatAvailable, startMockKafka, type MockKafka } from '../support/kafkaMock.js';
import {
  gatewaySignIn,
  startGateways,
  topology,
  waitReady,
  type Topology,
} from '../support/processes.js';
import { connectSocket } from '../support/socket.js';
import { freshPhone, projectionsSettled } from '../support/system.js';

/**
 * Issue 15 §3, on the local PostgreSQL server and librdkafka's mock Kafka cluster (mock-broker
 * test): two gateways, one command service, one projector, one query service and the relay, each
 * a process of its own (deploy/dist/services). The gateways take their change feed from Kafka.
 */
describe('topology (mock-broker): services as separate processes', () => {
  let kafka: MockKafka;
  let db: { url: string; drop(): Promise<void> };
  let knex: Knex;
  let t: Topology;
  let gatewayA: string;
  let gatewayB: string;

  const signIn = (gateway: string, phone: string) => gatewaySignIn(knex, gateway, phone);
  const settled = () => projectionsSettled(knex, 60_000);

  beforeAll(async () => {
    if (!kcatAvailable()) throw new Error('kcat is not installed (apt-get install kcat)');
    kafka = await startMockKafka();
    db = await createEmptyDatabase();
    knex = connect(db.url, 2);
    t = topology({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: kafka.brokers.join(','),
      CHANGE_FEED: 'kafka',
      RELAY_BATCH_SIZE: '50',
    });
    // The command service first: it applies the migrations the others then find done.
    const command = await t.start('command', 'command');
    const others = await Promise.all([
      t.start('query', 'query'),
      t.start('projector', 'projector'),
      t.start('relay', 'relay'),
    ]);
    const query = others[0];
    const gateways = await startGateways(t, ['a', 'b'], command, query);
    [gatewayA, gatewayB] = gateways.map((g) => g.url) as [string, string];
    await Promise.all([command, ...others, ...gateways].map((p) => waitReady(p.url)));
  }, 120_000);

  afterAll(async () => {
    await t?.stopAll();
    await knex?.destroy();
    await db?.drop();
    await kafka?.stop();
  }, 60_000);

  it('a command sent through gateway A reaches a matching socket on gateway B', async () => {
    const phone = freshPhone();
    const created = await t.systemCommand('CREATE_USER', {
      name: 'Topology Admin',
      phoneNumber: phone,
      role: 'ADMIN',
    });
    expect(created.status).toBe(200);
    await settled();
    const onA = await signIn(gatewayA, phone);
    const onB = await signIn(gatewayB, phone);
    const socket = await connectSocket(gatewayB, 'types=departments', { cookie: onB.cookie });
    try {
      const res = await fetch(`${gatewayA}/api/command/CREATE_DEPARTMENT`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: onA.cookie,
          'x-csrf-token': onA.csrf,
        },
        body: JSON.stringify({
          type: 'CREATE_DEPARTMENT',
          payload: { name: 'Tromsø', departmentType: 'courier', country: 'NO' },
        }),
      });
      expect(res.status).toBe(200);
      const [id] = ((await res.json()) as { ids: string[] }).ids;
      const message = (await socket.next(
        (m: { entity?: string; id?: string }) => m.entity === 'departments' && m.id === id,
        20_000,
      )) as { data: { name: string } };
      expect(message.data.name).toBe('Tromsø');
      // The query service answers through gateway A with the same session's identity.
      const listed = await fetch(`${gatewayA}/api/query/departments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: onA.cookie },
        body: JSON.stringify({ query: 'departments', params: {} }),
      });
      expect(listed.status).toBe(200);
      expect(((await listed.json()) as { id: string }[]).map((d) => d.id)).toContain(id);
    } finally {
      socket.close();
    }
  }, 60_000);

  it('a service reached directly believes no caller without the gateway’s signature', async () => {
    const command = t.processes.get('command')!;
    const forged = await fetch(`${command.url}/api/command/CREATE_DEPARTMENT`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-nordlog-identity': Buffer.from(
          JSON.stringify({ userId: 'x', role: 'ADMIN', access: ['*'], departmentIds: '*' }),
        ).toString('base64url'),
        'x-nordlog-identity-time': String(Date.now()),
        'x-nordlog-identity-signature': 'forged',
      },
      body: JSON.stringify({ type: 'CREATE_DEPARTMENT', payload: { name: 'X' } }),
    });
    expect(forged.status).toBe(401);
    const anonymous = await fetch(`${command.url}/api/command/CREATE_DEPARTMENT`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'CREATE_DEPARTMENT', payload: { name: 'X' } }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('the projector killed with SIGKILL mid-stream and restarted catches up with nothing lost or doubled', async () => {
    const department = (
      (await t.systemCommand('CREATE_DEPARTMENT', {
        name: 'Kill test',
        departmentType: 'courier',
        country: 'NO',
      })) as { body: { ids: string[] } }
    ).body.ids[0]!;
    const N = 300;
    const sent: Promise<{ status: number }>[] = [];
    let killed = false;
    for (let i = 0; i < N; i++) {
      sent.push(
        t.systemCommand('CREATE_CUSTOMER', { name: `Kunde ${i}`, departmentId: department }),
      );
      if (i === N / 3) {
        // Mid-stream: the projector dies between two batches or inside one.
        t.processes.get('projector')!.child.kill('SIGKILL');
        killed = true;
      }
      if (i % 20 === 19) await Promise.all(sent.slice(-20));
    }
    expect(killed).toBe(true);
    expect((await Promise.all(sent)).every((r) => r.status === 200)).toBe(true);
    await t.processes.get('projector')!.exited;
    const restarted = await t.start('projector', 'projector');
    await waitReady(restarted.url);
    await settled();
    const rows = await knex('rm_customers')
      .where('department_id', department)
      .select<{ name: string }[]>(knex.raw("data->>'name' as name"));
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.name)).size).toBe(N);
    // Each changed row was published once (the outbox is written in the projection's transaction).
    const doubled = await knex.raw<{ rows: unknown[] }>(
      `select entity, entity_id, revision from rm_changes
        group by entity, entity_id, revision having count(*) > 1`,
    );
    expect(doubled.rows).toEqual([]);
  }, 120_000);
});
