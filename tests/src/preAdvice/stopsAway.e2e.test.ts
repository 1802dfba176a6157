import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCourier, createSlot } from '../support/planning.js';
import { freshPhone, type TestSystem } from '../support/system.js';
import { LATER, SENDER, recipient, startPreAdviceWorld, type Row } from './world.js';

/**
 * "When the courier is N stops away" (issue 41, docs/decisions/0062 addendum): the STOPS_AWAY
 * trigger, counted by the process from the running route's stop order and the courier's reports,
 * through the gateway.
 */
describe('pre-advice when the courier is N stops away', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    ({ sys } = w);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a policy needs its number of stops with the trigger, and only then', async () => {
    const base = {
      name: 'Near',
      departmentId: '1',
      channel: 'SMS',
      texts: [{ language: 'nb', smsText: 'Sjåføren er snart hos deg' }],
    };
    const missing = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      ...base,
      triggers: ['STOPS_AWAY'],
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('stopsAway');
    const stray = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      ...base,
      triggers: ['BOOKED'],
      stopsAway: 2,
    });
    expect(stray.status).toBe(400);
    await sys.settled();
    expect(
      ((await sys.query('preAdvicePolicies', {})).body as Row[]).map((p) => p.name),
    ).not.toContain('Near');
  });

  it('sent once to each order whose delivery is the policy’s number of stops away or nearer, as the courier reports stops; not before the route starts, never twice, not swallowed by the dispatch message', async () => {
    const customer = (await sys.command('CREATE_CUSTOMER', { name: 'Nær AS', departmentId: '1' }))
      .body.ids[0] as string;
    const policy = await sys.command('CREATE_PRE_ADVICE_POLICY', {
      name: 'Nær: dispatched and one stop away',
      customerId: customer,
      triggers: ['DISPATCHED', 'STOPS_AWAY'],
      stopsAway: 1,
      channel: 'SMS',
      texts: [{ language: 'nb', smsText: 'Fra {senderName}: {window}' }],
    });
    expect(policy.status).toBe(200);
    const phones = [freshPhone(), freshPhone(), freshPhone()];
    const orders: string[] = [];
    for (const phone of phones) {
      const res = await sys.command('CREATE_ORDER', {
        departmentId: '1',
        customerId: customer,
        pickupDate: LATER,
        deliveryTimeEarliest: '10:00',
        deliveryTimeLatest: '14:00',
        pickup: SENDER,
        delivery: recipient(phone),
        measurements: [{ weight: 2 }],
      });
      expect(res.status).toBe(200);
      orders.push(res.body.ids[0] as string);
    }
    const [a, b, c] = orders as [string, string, string];
    const courier = await createCourier(sys, ['1']);
    const slotId = await createSlot(sys, '1', LATER, { courierId: courier.id });
    const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: orders,
      slotId,
    });
    expect(planned.status).toBe(200);
    // The route: the three pickups, then the deliveries a, b, c.
    const route = await sys.command('UPDATE_ROUTE', {
      slotId,
      stops: [
        ...orders.map((id) => ({ kind: 'pickup', consignmentId: id })),
        ...orders.map((id) => ({ kind: 'delivery', consignmentId: id })),
      ],
    });
    expect(route.status).toBe(200);
    const stopsAway = async (id: string) =>
      (await w.outcomes(id)).filter((o) => o.startsWith('STOPS_AWAY'));
    const sms = async (i: number) => (await w.outbox(phones[i]!)).length;
    // Not started: no STOPS_AWAY decision.
    await w.pass();
    expect(await stopsAway(a)).toEqual([]);
    // Started: the dispatch message goes; every delivery is 3 or more stops away.
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    await w.pass();
    expect((await w.outcomes(a)).at(-1)).toBe(`DISPATCHED-${slotId} SMS_SENT`);
    for (const id of orders) expect(await stopsAway(id)).toEqual([]);
    // The courier collects the three: a's delivery is next (0), b's one away, c's two.
    const session = sys.as(await sys.signIn(courier.phoneNumber));
    expect((await session.command('MANUAL_COLLECT', { consignmentIds: orders })).status).toBe(200);
    await w.pass();
    expect(await stopsAway(a)).toEqual([`STOPS_AWAY-${slotId} SMS_SENT`]);
    expect(await stopsAway(b)).toEqual([`STOPS_AWAY-${slotId} SMS_SENT`]);
    expect(await stopsAway(c)).toEqual([]);
    expect([await sms(0), await sms(1), await sms(2)]).toEqual([2, 2, 1]);
    const near = (await w.outbox(phones[1]!)).at(-1)!;
    expect(near.body).toContain(`/track/${await w.trackingOf(b)}`);
    // a delivered: c is one stop away now.
    expect((await session.command('MANUAL_DELIVER', { consignmentIds: [a] })).status).toBe(200);
    await w.pass();
    expect(await stopsAway(c)).toEqual([`STOPS_AWAY-${slotId} SMS_SENT`]);
    // Nothing is sent twice, however many passes.
    await w.pass();
    expect((await session.command('MANUAL_DELIVER', { consignmentIds: [b] })).status).toBe(200);
    await w.pass();
    expect([await sms(0), await sms(1), await sms(2)]).toEqual([2, 2, 2]);
    expect(await stopsAway(b)).toEqual([`STOPS_AWAY-${slotId} SMS_SENT`]);
    // What the order reads: the trigger and the vas code of a delivery SMS.
    const attempt = ((await w.preAdvice(c)).attempts as Row[]).at(-1)!;
    expect(attempt).toMatchObject({ cause: 'STOPS_AWAY', outcome: 'SMS_SENT', vasCode: '1091' });
  });
});
