import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PreAdviceJob } from '@nordlog/command-service';
import { PRE_ADVICE_TABLE } from '@nordlog/contracts';
import { OutboxMessagePort, silentLogger } from '@nordlog/platform';
import { createSlot } from '../support/planning.js';
import { type TestSystem } from '../support/system.js';
import { LATER, SENDER, recipient, startPreAdviceWorld, type Row } from './world.js';

/** More orders than one chunk of a pass (500, command-service/src/preAdvice/batchAppend.ts). */
const ORDERS = 650;
const phoneOf = (i: number) =>
  `+4741${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(3, '0')}`;

/**
 * A pass in batches (docs/decisions/0062, addendum "the pass in batches"): many orders decided,
 * claimed, handed over and recorded together, by two processes at once.
 */
describe('pre-advice passes over many orders', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    ({ sys } = w);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('two passes at once over 650 dispatched orders: each SMS handed over exactly once, each order recorded SMS_SENT once', async () => {
    const customer = (await sys.command('CREATE_CUSTOMER', { name: 'Massepost AS' })).body.ids[0];
    expect(
      (
        await sys.command('CREATE_PRE_ADVICE_POLICY', {
          name: 'Massepost: dispatched',
          customerId: customer,
          triggers: ['DISPATCHED'],
          channel: 'SMS',
          texts: [{ language: 'nb', smsText: 'Pakken kommer {window}' }],
        })
      ).status,
    ).toBe(200);
    const orders: string[] = [];
    for (let from = 0; from < ORDERS; from += 100) {
      const res = await sys.command('CREATE_ORDERS', {
        orders: Array.from({ length: Math.min(100, ORDERS - from) }, (_, k) => ({
          departmentId: '1',
          customerId: customer,
          pickupDate: LATER,
          deliveryTimeEarliest: '10:00',
          deliveryTimeLatest: '14:00',
          pickup: SENDER,
          delivery: recipient(phoneOf(from + k)),
          measurements: [{ weight: 2 }],
        })),
      });
      expect(res.status).toBe(200);
    }
    await sys.settled();
    orders.push(
      ...(
        await sys.db
          .knex(PRE_ADVICE_TABLE)
          .whereRaw(`data->>'customerId' = ?`, [customer])
          .orderBy('id')
          .select<{ id: string }[]>('id')
      ).map((r) => String(r.id)),
    );
    expect(orders).toHaveLength(ORDERS);
    const slot = await createSlot(sys, '1', LATER);
    for (let from = 0; from < ORDERS; from += 100) {
      const res = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
        consignmentIds: orders.slice(from, from + 100),
        slotId: slot,
      });
      expect(res.status === 200 ? 'ok' : JSON.stringify(res.body)).toBe('ok');
    }
    await w.pass(); // BOOKED: WRONG_TRIGGER for every order, nothing sent.
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId: slot, transition: 'completePlanning' }))
        .status,
    ).toBe(200);
    await sys.settled();
    // Another process whose adapter takes messages one by one (no sendMany), side by side.
    const outbox = new OutboxMessagePort(sys.db.knex, silentLogger());
    const other = new PreAdviceJob({
      store: sys.store,
      knex: sys.db.knex,
      messages: { send: (m) => outbox.send(m) },
      logger: silentLogger(),
      publicUrl: () => 'https://x.example',
      concurrency: 3,
    });
    await Promise.all([w.pass(), w.pass(other)]);
    await Promise.all([w.pass(), w.pass(other)]);
    const phones = Array.from({ length: ORDERS }, (_, i) => phoneOf(i));
    const sent = await sys.db
      .knex<Row>('message_outbox')
      .whereIn('recipient', phones)
      .groupBy('recipient')
      .select<Row[]>('recipient', sys.db.knex.raw('count(*)::int as n'));
    expect(sent).toHaveLength(ORDERS);
    expect(sent.filter((r) => r.n !== 1)).toEqual([]);
    const rows = await sys.db
      .knex(PRE_ADVICE_TABLE)
      .whereIn('id', orders)
      .select<Row[]>('id', 'data');
    expect(rows).toHaveLength(ORDERS);
    const dispatched = rows.map((r) =>
      (r.data.attempts as Row[])
        .filter((a) => a.key === `DISPATCHED-${slot}`)
        .map((a) => a.outcome as string)
        .join(','),
    );
    expect(dispatched.filter((d) => d !== 'SMS_SENT')).toEqual([]);
  }, 240_000);
});
