import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isValidSscc } from '@nordlog/contracts';
import type { TestSystem } from '../support/system.js';
import { delivery, order, startBookingSystem } from './bookingFixture.js';

/**
 * Searching booked shipments and orders (spec §7 searchConsignments, searchOrders): by package
 * and shipment ids on any date, by words within the range, with AND and OR.
 */
describe('searching bookings', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let lonely: string;
  beforeAll(async () => {
    ({ sys, oslo, bergen, lonely } = await startBookingSystem());
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a package id (SSCC) on a label finds its shipment in searchConsignments (issue 13)', async () => {
    const id = (await sys.command('CREATE_ORDER', order(oslo))).body.ids[0];
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [id] })).body;
    const sscc: string = row.packageIds[1];
    const found = await sys.query('searchConsignments', { searchPhrase: sscc });
    expect(found.status).toBe(200);
    expect(found.body.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('an id searches every date: an SSCC, a GSIN or an order number finds its shipment outside the range; words keep to the range', async () => {
    const id = (await sys.command('CREATE_ORDER', order(oslo, { customerRef: 'OUTSIDE-9' }))).body
      .ids[0];
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [id] })).body;
    // A range the order is not in (its pickup is in the future).
    const range = { fromDate: '2020-01-01', toDate: '2020-01-02' };
    const search = async (searchPhrase: string, more: Record<string, unknown> = {}) => {
      const res = await sys.query('searchConsignments', { searchPhrase, ...range, ...more });
      expect({ searchPhrase, status: res.status }).toEqual({ searchPhrase, status: 200 });
      return res.body.map((r: { id: string }) => r.id);
    };
    expect(await search(row.packageIds[0])).toEqual([id]);
    expect(await search(`(00)${row.packageIds[0]}`)).toEqual([id]);
    expect(await search(row.shipmentId)).toEqual([id]);
    // An order number (a search has 3 characters at least: with another order's GSIN).
    const other = (await sys.command('CREATE_ORDER', order(oslo))).body.ids[0];
    await sys.settled();
    const [otherRow] = (await sys.query('consignments', { ids: [other] })).body;
    expect((await search(`${id} ${otherRow.shipmentId}`)).sort()).toEqual([id, other].sort());
    // Words, or words with an id, keep to the range.
    expect(await search('OUTSIDE-9')).toEqual([]);
    expect(await search(`OUTSIDE-9 ${row.shipmentId}`)).toEqual([]);
    // A number with a wrong check digit is not an SSCC: it keeps to the range too.
    const wrong = row.packageIds[0].slice(0, 17) + String((Number(row.packageIds[0][17]) + 1) % 10);
    expect(await search(wrong)).toEqual([]);
    // Scope and state still hold: another department's page, another state.
    expect(await search(row.shipmentId, { departmentIds: [bergen] })).toEqual([]);
    expect(await search(row.shipmentId, { states: ['DELIVERED'] })).toEqual([]);
  });

  it('a shipment number finds its shipment, not the one whose package SSCC holds the same digits (extension digit 0)', async () => {
    // The SSCC of a GSIN's serial is extension digit 0 and then the GSIN's digits, whose check
    // digit is the same (GS1 weights count from the right). Packages outnumber shipments, so after
    // a booking or two that SSCC is on an earlier booking's package.
    const holderOf = async (sscc: string) =>
      (await sys.query('searchConsignments', { searchPhrase: sscc })).body.map(
        (r: { id: string }) => r.id,
      )[0] as string | undefined;
    let id = '';
    let gsin = '';
    let holder: string | undefined;
    for (let i = 0; i < 20 && (holder === undefined || holder === id); i++) {
      id = (await sys.command('CREATE_ORDER', order(oslo))).body.ids[0];
      await sys.settled();
      gsin = (await sys.query('consignments', { ids: [id] })).body[0].shipmentId;
      expect(isValidSscc(`0${gsin}`)).toBe(true);
      holder = await holderOf(`0${gsin}`);
    }
    expect(holder).toBeDefined();
    expect(holder).not.toBe(id);
    const found = await sys.query('searchConsignments', { searchPhrase: gsin });
    expect(found.body.map((r: { id: string }) => r.id)).toEqual([id]);
    // Part of a number still finds it (a planner typing the end of an SSCC).
    const byTail = await sys.query('searchConsignments', { searchPhrase: gsin.slice(-8) });
    expect(byTail.body.map((r: { id: string }) => r.id)).toContain(holder);
  });

  it('S7-CALL-089 S9-CONST-011 S3-ENT-056 searchOrders combines words with AND by default, OR when asked; hits carry orderId and parentId', async () => {
    const a = (await sys.command('CREATE_ORDER', order(lonely, { customerRef: 'ZEBRA-7' }))).body
      .ids[0];
    const b = (
      await sys.command(
        'CREATE_ORDER',
        order(lonely, {
          customerRef: 'YAK-8',
          delivery: { ...delivery, name: 'Zebra Hansen' },
          parentId: a,
        }),
      )
    ).body.ids[0];
    await sys.settled();
    const ids = (body: { orderId: string }[]) => body.map((r) => r.orderId).sort();
    const and = await sys.query('searchOrders', {
      searchPhrase: 'zebra yak',
      departmentIds: [lonely],
    });
    expect(ids(and.body)).toEqual([b]);
    const or = await sys.query('searchOrders', {
      searchPhrase: 'zebra yak',
      searchOperator: 'OR',
      departmentIds: [lonely],
    });
    expect(ids(or.body)).toEqual([a, b].sort());
    expect(and.body[0]).toMatchObject({ orderId: b, parentId: a });
    expect((await sys.query('searchOrders', { searchPhrase: 'ze' })).status).toBe(400);
  });
  it('S8-ERR-031 searchOrders rows carry the error lists of the pickup, delivery and department services', async () => {
    // Bergen prices nothing: a booked service has no price there, and there is no freight price.
    const list = await sys.command('CREATE_PRICE_LIST', {
      name: 'Bergen empty',
      departmentId: bergen,
      currency: 'NOK',
      validFrom: '2020-01-01',
    });
    expect(list.status).toBe(200);
    const priced = await sys.command(
      'CREATE_ORDER',
      order(bergen, { customerRef: 'KIWI-31', additionalServices: [{ vasCode: 'SMSVARSEL' }] }),
    );
    expect(priced.status).toBe(200);
    // Tromsø has no price list at all.
    const unpriced = await sys.command('CREATE_ORDER', order(lonely, { customerRef: 'MANGO-31' }));
    expect(unpriced.status).toBe(200);
    await sys.settled();
    const errorsOf = async (searchPhrase: string) => {
      const found = await sys.query('searchOrders', { searchPhrase });
      expect(found.status).toBe(200);
      return found.body.map((r: { id: string; errors: unknown }) => [r.id, r.errors]);
    };
    expect(await errorsOf('KIWI-31')).toEqual([
      [
        priced.body.ids[0],
        {
          pickupServices: [],
          deliveryServices: ['NO_SERVICE_PRICE: SMSVARSEL'],
          departmentServices: ['NO_FREIGHT_PRICE'],
        },
      ],
    ]);
    expect(await errorsOf('MANGO-31')).toEqual([
      [
        unpriced.body.ids[0],
        { pickupServices: [], deliveryServices: [], departmentServices: ['NO_PRICE_LIST'] },
      ],
    ]);
  });
});
