import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { executeCommand } from '@nordlog/command-service';
import {
  addDays,
  dayIn,
  ERASED_TEXT,
  NPS_ANSWER_DAYS,
  ORDERS_TABLE,
  PUBLIC_IDENTITY,
} from '@nordlog/contracts';
import { PostgresIdAllocator, silentLogger } from '@nordlog/platform';
import { configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';

type Row = Record<string, any>;

/**
 * The net promoter question after delivery (issue 43 §2; docs/decisions/0083-nps.md): the
 * customer's NPS from date, the public command RECIPIENT_RATE_DELIVERY at
 * `/openapi/command/{name}` (the tracking key the only credential), the tracking answer's `nps`,
 * the order's history and the `npsScores` report.
 */
describe('net promoter score', () => {
  let sys: TestSystem;
  let asked: string;
  let notAsked: string;
  const today = dayIn('Europe/Oslo', new Date().toISOString());

  const open = async (path: string, body: unknown) => {
    const res = await fetch(`${sys.url}/openapi/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) };
  };
  const rate = (payload: Row) =>
    open('command/RECIPIENT_RATE_DELIVERY', { type: 'RECIPIENT_RATE_DELIVERY', payload });
  const track = async (id: string) => {
    await sys.settled();
    return open('query/getShipmentDetailsFromTracking', {
      query: 'getShipmentDetailsFromTracking',
      params: { id },
    });
  };
  const customer = async (name: string, npsFromDate: string | null) => {
    const res = await sys.command('CREATE_CUSTOMER', { name, departmentId: '1' });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    if (npsFromDate)
      expect((await sys.command('UPDATE_CUSTOMER', { id, npsFromDate })).status).toBe(200);
    return id;
  };
  /** A booked order of Oslo for this customer, delivered unless told otherwise; its key. */
  const order = async (customerId: string, deliver = true) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId,
      pickupDate: today,
      pickup: { ...osloAddress, name: 'Apotek Storgata' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 2 }],
    });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    if (deliver) {
      const slot = await createSlot(sys, '1', today);
      for (const [name, payload] of [
        ['UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot }],
        ['MANUAL_DELIVER', { consignmentIds: [id] }],
      ] as const)
        expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
          name,
          status: 200,
        });
    }
    await sys.settled();
    const [row] = (await sys.query('orders', { ids: [id] })).body as Row[];
    return { id, key: row!.order.trackingId as string };
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    asked = await customer('Nettbutikken', addDays(today, -30));
    notAsked = await customer('Senere AS', addDays(today, 1));
    expect(
      (await sys.command('UPDATE_CUSTOMER', { id: asked, senderName: 'Nettbutikk.no' })).status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('S7-CMD-044 the NPS from date is a customer update: accepted, read back, cleared; a date that is not one is a 400 with no change', async () => {
    const id = await customer('Dato AS', null);
    expect((await sys.command('UPDATE_CUSTOMER', { id, npsFromDate: '2026-03-01' })).status).toBe(
      200,
    );
    await sys.settled();
    const read = async () => (await sys.query('allCustomersByIds', { ids: [id] })).body[0];
    expect(await read()).toMatchObject({ npsFromDate: '2026-03-01' });
    const bad = await sys.command('UPDATE_CUSTOMER', { id, npsFromDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body[0]).toMatchObject({ errorType: 'VALIDATION_ERROR' });
    expect((await sys.command('UPDATE_CUSTOMER', { id, npsFromDate: null })).status).toBe(200);
    await sys.settled();
    expect(await read()).toMatchObject({ npsFromDate: null });
  });

  it('a delivered order of a customer asking is asked (the sender named), takes one answer, shows it in its history; a second is 409', async () => {
    const { id, key } = await order(asked);
    expect((await track(key)).body.nps).toEqual({
      asked: true,
      answered: false,
      sender: 'Nettbutikk.no',
    });
    const res = await rate({ trackingId: key, score: 9, comment: 'Kind courier' });
    expect(res.status).toBe(200);
    expect((await track(key)).body.nps).toEqual({ asked: false, answered: true, sender: null });
    const history = (await sys.query('orderHistory', { orderId: id })).body as Row[];
    const rated = history.find((e) => e.eventType === 'DeliveryRated');
    expect(rated).toMatchObject({
      userId: 'public',
      data: { score: 9, comment: 'Kind courier', deliveredOn: today, customerId: asked },
    });
    const again = await rate({ trackingId: key, score: 3 });
    expect(again.status).toBe(409);
    expect(again.body[0]).toMatchObject({ errorType: 'ALREADY_EXISTS' });
    // The comment is the recipient's: erased with the order's parties (0050).
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] })).status).toBe(200);
    await sys.settled();
    const erased = (await sys.query('orderHistory', { orderId: id })).body as Row[];
    expect(erased.find((e) => e.eventType === 'DeliveryRated')!.data).toMatchObject({
      score: 9,
      comment: ERASED_TEXT,
    });
  });

  it('not asked: before the delivery is delivered, for a customer whose NPS from date is after the delivery or who has none: 409, nothing recorded', async () => {
    const cases = [await order(asked, false), await order(notAsked), await order('1')];
    for (const { id, key } of cases) {
      expect((await track(key)).body.nps).toMatchObject({ asked: false, answered: false });
      const res = await rate({ trackingId: key, score: 7 });
      expect(res.status).toBe(409);
      expect(res.body[0]).toMatchObject({ errorType: 'INVALID_STATE_TRANSITION' });
      const history = (await sys.query('orderHistory', { orderId: id })).body as Row[];
      expect(history.map((e) => e.eventType)).not.toContain('DeliveryRated');
    }
  });

  it(`more than ${NPS_ANSWER_DAYS} days after the delivery: 410 TRACKING_EXPIRED; bad payloads 400; an unknown key the tracking query's own 404`, async () => {
    const { key } = await order(asked);
    // The command service's clock 15 days on (its own clock: the product's runs in real time).
    const deps = {
      store: sys.store,
      ids: new PostgresIdAllocator(sys.db.knex),
      logger: silentLogger(),
      trackedOrderId: async (trackingId: string) =>
        (
          await sys.db
            .knex(ORDERS_TABLE)
            .where('tracking_id', trackingId)
            .first<{ id: string } | undefined>('id')
        )?.id ?? null,
    };
    const send = (days: number) =>
      executeCommand(
        { ...deps, clock: () => new Date(Date.now() + days * 86_400_000) },
        {
          name: 'RECIPIENT_RATE_DELIVERY',
          body: { type: 'RECIPIENT_RATE_DELIVERY', payload: { trackingId: key, score: 5 } },
          identity: PUBLIC_IDENTITY,
        },
      ) as Promise<{ status: number; body: any }>;
    const late = await send(NPS_ANSWER_DAYS + 1);
    expect(late.status).toBe(410);
    expect(late.body[0]).toMatchObject({
      errorType: 'TRACKING_EXPIRED',
      params: { reason: 'npsWindow', days: NPS_ANSWER_DAYS },
    });
    // On the last day it is still taken.
    expect((await send(NPS_ANSWER_DAYS - 1)).status).toBe(200);

    for (const payload of [
      { trackingId: key, score: 11 },
      { trackingId: key, score: 4.5 },
      { trackingId: key, score: -1 },
      { trackingId: key, score: 5, comment: 'x'.repeat(501) },
    ])
      expect((await rate(payload)).status).toBe(400);
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const [asking, queried] = [await rate({ trackingId: unknown, score: 5 }), await track(unknown)];
    expect([asking.status, queried.status]).toEqual([404, 404]);
    expect(asking.body).toEqual(queried.body);
  });

  it('npsScores: per customer, promoters 9-10, passives 7-8, detractors 0-6, NPS = % promoters − % detractors rounded (hand-computed)', async () => {
    const shop = await customer('Butikk A', addDays(today, -1));
    const store = await customer('Butikk B', addDays(today, -1));
    // Butikk A: 10, 9, 8, 3, 6, 9 → 3 promoters, 1 passive, 2 detractors of 6: 50 − 33.3 = 17.
    // Butikk B: 0, 10, 5 → 1 promoter, 2 detractors of 3: 33.3 − 66.7 = −33.
    for (const [customerId, scores] of [
      [shop, [10, 9, 8, 3, 6, 9]],
      [store, [0, 10, 5]],
    ] as const)
      for (const score of scores) {
        const { key } = await order(customerId);
        expect((await rate({ trackingId: key, score })).status).toBe(200);
      }
    await sys.settled();
    const res = await sys.query('npsScores', {
      departmentIds: ['1'],
      fromDate: today,
      toDate: today,
    });
    expect(res.status).toBe(200);
    const row = (id: string) => (res.body.rows as Row[]).find((r) => r.customerId === id);
    expect(row(shop)).toEqual({
      customerId: shop,
      customerName: 'Butikk A',
      answers: 6,
      promoters: 3,
      passives: 1,
      detractors: 2,
      nps: 17,
    });
    expect(row(store)).toMatchObject({
      answers: 3,
      promoters: 1,
      passives: 0,
      detractors: 2,
      nps: -33,
    });
    // Another day's range has none of them.
    const before = await sys.query('npsScores', {
      departmentIds: ['1'],
      fromDate: addDays(today, -10),
      toDate: addDays(today, -1),
    });
    expect(before.body).toEqual({
      rows: [],
      totals: { answers: 0, promoters: 0, passives: 0, detractors: 0, nps: null },
    });
    // Read as the productivity report is: a reader without PLANNER_REPORTS is refused.
    const planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_LIVE'],
    });
    expect(
      (
        await sys
          .as(planner)
          .query('npsScores', { departmentIds: ['1'], fromDate: today, toDate: today })
      ).status,
    ).toBe(403);
  });
});
