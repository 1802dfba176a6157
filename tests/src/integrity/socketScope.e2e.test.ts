import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChangeMessage } from '@nordlog/contracts';
import { startTestSystem, storeHead, type TestSystem } from '../support/system.js';
import { changeAdmin, changeUsersAndSeries } from './socketScope/changesAdmin.js';
import { changeSameDay, changeWindowsAndMatrix } from './socketScope/changesBooking.js';
import { changeCatalogue, changeInvoicing } from './socketScope/changesCatalogue.js';
import { changeAddressesAndKeys, changeWebhooks } from './socketScope/changesCustomers.js';
import {
  changeDeviations,
  changeOrders,
  changePreAdvice,
  changeRecurring,
} from './socketScope/changesOrders.js';
import {
  changeFleet,
  changeLabels,
  changeOptimizing,
  changeTemplates,
} from './socketScope/changesPlanning.js';
import { changeRecipient } from './socketScope/changesRecipient.js';
import { inContext, sameData } from './socketScope/compare.js';
import { readers } from './socketScope/readers.js';
import {
  entities,
  startWorld,
  type Row,
  type Socket,
  type User,
  type World,
} from './socketScope/world.js';

/**
 * Socket scope = query access (docs/decisions/0018): for every role, with contexts with and
 * without department, customer and date filters, what a socket ends up with for each row (its
 * last upsert or delete) is what the user's own queries answer, narrowed by the context: the same
 * rows, with the same data.
 */
describe('socket scope equals query access, for every entity, role and context', () => {
  let sys: TestSystem;
  let world: World;
  const users: User[] = [];
  const sockets: Socket[] = [];

  let marker = '0';
  const outboxHead = () => storeHead(sys, 'rm_changes');

  beforeAll(async () => {
    sys = await startTestSystem();
    world = await startWorld(sys, users, sockets);
    marker = await outboxHead();
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await sys.shutdown();
  });

  it('S7-CALL-020 every socket ends with exactly the rows its user reads by query, as its context narrows them', async () => {
    // Changes of every entity, inside and outside the users' department and customer, feature by
    // feature, in this order (later changes use earlier ones' orders and slots).
    const a = await changeOrders(sys, world);
    await changeAdmin(sys, world);
    await changeCatalogue(sys, world);
    await changeInvoicing(sys, world, a);
    await changeUsersAndSeries(sys, world);
    await changeLabels(sys, world, a);
    const { away } = await changeFleet(sys, world, users, a);
    const osloSlot = await changeDeviations(sys, world, away);
    await changeTemplates(sys, world);
    const fresh = await changeRecurring(sys, world, a);
    await changeSameDay(sys, world);
    await changeWindowsAndMatrix(sys, world);
    await changeAddressesAndKeys(sys, world);
    await changePreAdvice(sys, world, a);
    await changeRecipient(sys, world, fresh, osloSlot, away);
    await changeWebhooks(sys, world);
    await changeOptimizing(sys, world);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    // The rows that changed while the sockets were open (the outbox holds every change).
    const changed = new Set(
      (
        await sys.db
          .knex('rm_changes')
          .where('position', '>', marker)
          .select<{ entity: string; entity_id: string }[]>('entity', 'entity_id')
      ).map((c) => `${c.entity}:${c.entity_id}`),
    );
    expect(new Set([...changed].map((k) => k.split(':')[0])).size).toBe(entities.length);
    const mismatches: unknown[] = [];
    let compared = 0;
    for (const { label, session } of users) {
      const client = sys.as(session);
      const readable = new Map<string, Row>();
      for (const entity of entities)
        for (const row of await readers[entity](client, world))
          readable.set(`${entity}:${row.id}`, row);
      for (const { label: socketLabel, user, context, socket } of sockets) {
        if (user !== label) continue;
        // The socket's end state: the last message of each row.
        const last = new Map<string, ChangeMessage>();
        for (const m of socket.received as ChangeMessage[])
          if (typeof m === 'object' && m && 'entity' in m) last.set(`${m.entity}:${m.id}`, m);
        const shown = new Map(
          [...last].filter(([, m]) => m.op === 'upsert').map(([k, m]) => [k, m.data as Row]),
        );
        const expected = new Map(
          [...readable].filter(([key, row]) => last.has(key) || inContext(context, key, row)),
        );
        for (const [key, row] of expected) {
          compared++;
          const message = last.get(key);
          const accepted = inContext(context, key, row);
          if (!accepted) {
            if (message?.op === 'upsert')
              mismatches.push({ socketLabel, key, extra: 'outside its context' });
            continue;
          }
          if (!changed.has(key)) continue; // did not change while the socket was open
          const data = shown.get(key);
          if (!data) mismatches.push({ socketLabel, key, missing: 'the query reads it' });
          else if (!sameData(data, row)) mismatches.push({ socketLabel, key, data, query: row });
        }
        for (const [key] of shown)
          if (!readable.has(key))
            mismatches.push({ socketLabel, key, leaked: 'the query refuses it' });
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(100);
  }, 180_000);
});
