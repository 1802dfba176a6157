import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createCourier, createSlot } from '../support/planning.js';
import {
  freshPhone,
  startTestSystem,
  storeHead,
  type Client,
  type TestSystem,
} from '../support/system.js';

const DATE = bookingDate(2);
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();

interface Booked {
  id: string;
  shipmentId: string;
  packageIds: string[];
}
interface ScanRow {
  code: string;
  kind: string;
  warning: string | null;
  codeType: string | null;
  moved: string[];
  consignments: { orderId: string; state: string }[];
}

/** The courier's scans, ADD_SCANNED_EVENTS (issue 42, docs/decisions/0064-courier-scans.md). */
describe('scans: ADD_SCANNED_EVENTS', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let customer: string;

  const order = async (extra: Record<string, unknown> = {}): Promise<Booked> => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: {
        ...osloAddress,
        name: 'Kari',
        address: 'Bogstadveien 1',
        lat: 59.93,
        lng: 10.72,
        phone: '+4791234567',
      },
      measurements: [{ weight: 10, quantity: 2 }],
      ...extra,
    });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    await sys.settled();
    const [row] = (await sys.query('orders', { ids: [id] })).body;
    const lines = row.order.measurements as { packageIds: string[] }[];
    return { id, shipmentId: row.order.shipmentId, packageIds: lines.flatMap((l) => l.packageIds) };
  };
  const state = async (id: string) => {
    await sys.settled();
    return (await sys.query('consignments', { ids: [id] })).body[0].state as string;
  };
  /** A started slot driven by a new courier, with these orders on it; the courier's client. */
  const route = async (orders: Booked[]) => {
    const courier = await createCourier(sys, [oslo]);
    const slotId = await createSlot(sys, oslo, DATE, { courierId: courier.id });
    const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: orders.map((o) => o.id),
      slotId,
    });
    expect(planned.status).toBe(200);
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    await sys.settled();
    return { slotId, courier, session: sys.as(await sys.signIn(courier.phoneNumber)) };
  };
  const scans = async (client: Pick<Client, 'query'>, slotId: string): Promise<ScanRow[]> => {
    await sys.settled();
    const res = await client.query('slotScans', { slotId });
    expect(res.status).toBe(200);
    return (res.body[0]?.scans ?? []) as ScanRow[];
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    oslo = await dep('Oslo');
    bergen = await dep('Bergen');
    customer = (await sys.command('CREATE_CUSTOMER', { name: 'Apotek', departmentId: oslo })).body
      .ids[0];
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-039 each package moves by its scans; the consignment moves when all its packages agree', async () => {
    const o = await order();
    const { slotId, session } = await route([o]);
    const [first, second] = o.packageIds as [string, string];
    const send = (code: string, kind: string, minute: number) =>
      session.command('ADD_SCANNED_EVENTS', {
        slotId,
        scans: [{ code, kind, scannedAt: at(minute), position: { lat: 59.91, lng: 10.75 } }],
      });
    expect((await send(first, 'PICKED_UP', 1)).status).toBe(200);
    // One of two packages picked up: the consignment waits for the other.
    expect(await state(o.id)).toBe('ASSIGNED');
    // The label's GS1-128 form (AI 00, brackets) names the same package.
    expect((await send(`(00)${second}`, 'PICKED_UP', 2)).status).toBe(200);
    expect(await state(o.id)).toBe('COLLECTED');
    expect((await send(first, 'DELIVERED', 3)).status).toBe(200);
    expect(await state(o.id)).toBe('COLLECTED');
    // The shipment's GSIN counts for each of its packages.
    expect((await send(o.shipmentId, 'DELIVERED', 4)).status).toBe(200);
    expect(await state(o.id)).toBe('DELIVERED');
    const rows = await scans(session, slotId);
    expect(rows.map((r) => [r.codeType, r.kind, r.warning])).toEqual([
      ['SSCC', 'PICKED_UP', null],
      ['SSCC', 'PICKED_UP', null],
      ['SSCC', 'DELIVERED', null],
      ['GSIN', 'DELIVERED', null],
    ]);
    expect(rows[1]!.code).toBe(second);
    expect(rows[1]!.consignments).toEqual([{ orderId: o.id, state: 'COLLECTED' }]);
    expect(rows[3]!.moved).toEqual([second]);
    // The planner reads the same scans.
    expect((await scans(sys, slotId)).length).toBe(4);
    // The recipient's tracking page: each step once, at its first scan; nothing else of the scans.
    const [row] = (await sys.query('orders', { ids: [o.id] })).body;
    const tracked = await sys.query('getShipmentDetailsFromTracking', { id: row.order.trackingId });
    expect(tracked.body.scans).toEqual([
      { kind: 'PICKED_UP', at: at(1) },
      { kind: 'DELIVERED', at: at(3) },
    ]);
  });

  it('a scan off the route, a second scan of a kind and a scan out of order are recorded with a warning and change no state', async () => {
    const o = await order();
    const elsewhere = await order();
    const { slotId, session } = await route([o]);
    const res = await session.command('ADD_SCANNED_EVENTS', {
      slotId,
      scans: [
        { code: o.shipmentId, kind: 'LOADED', scannedAt: at(1) },
        { code: o.shipmentId, kind: 'LOADED', scannedAt: at(2) },
        { code: o.packageIds[0], kind: 'AT_TERMINAL', scannedAt: at(3) },
        { code: elsewhere.packageIds[0], kind: 'LOADED', scannedAt: at(4) },
        { code: 'NOT-A-CODE', kind: 'DELIVERED', scannedAt: at(5) },
      ],
    });
    expect(res.status).toBe(200);
    const rows = await scans(session, slotId);
    expect(rows.map((r) => r.warning)).toEqual([
      null,
      'duplicate',
      'outOfOrder',
      'notOnRoute',
      'notOnRoute',
    ]);
    expect(rows[0]!.consignments).toEqual([{ orderId: o.id, state: 'COLLECTED' }]);
    expect(await state(o.id)).toBe('COLLECTED');
    expect(await state(elsewhere.id)).toBe('RESOLVED');
    // The same batch again (a queue sent twice): nothing new is recorded or moved.
    const head = await storeHead(sys);
    const again = await session.command('ADD_SCANNED_EVENTS', {
      slotId,
      scans: [{ code: o.shipmentId, kind: 'LOADED', scannedAt: at(1) }],
    });
    expect(again.status).toBe(200);
    expect(await storeHead(sys)).toBe(head);
    expect((await scans(session, slotId)).length).toBe(5);
  });

  it('two batches at once on one consignment: each lands, on the state the other left', async () => {
    const o = await order({ measurements: [{ weight: 1, quantity: 4 }] });
    const { slotId, session } = await route([o]);
    const batch = (ids: string[], minute: number) =>
      session.command('ADD_SCANNED_EVENTS', {
        slotId,
        scans: ids.map((code, i) => ({ code, kind: 'PICKED_UP', scannedAt: at(minute + i) })),
      });
    const [a, b] = await Promise.all([
      batch(o.packageIds.slice(0, 2), 10),
      batch(o.packageIds.slice(2), 20),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await state(o.id)).toBe('COLLECTED');
    const rows = await scans(session, slotId);
    expect(rows.map((r) => r.warning)).toEqual([null, null, null, null]);
    // Exactly one of the four scans completed the pickup.
    expect(rows.filter((r) => r.consignments.length > 0)).toHaveLength(1);
  });

  it('S7-CALL-093 a scan of a load carrier counts for every consignment it holds', async () => {
    const a = await order({ loadCarrierId: 'CAGE-7' });
    const b = await order({ loadCarrierId: 'CAGE-7' });
    const c = await order();
    const { slotId, session } = await route([a, b, c]);
    const res = await session.command('ADD_SCANNED_EVENTS', {
      slotId,
      scans: [{ code: 'CAGE-7', kind: 'LOADED', scannedAt: at(1) }],
    });
    expect(res.status).toBe(200);
    expect([await state(a.id), await state(b.id), await state(c.id)]).toEqual([
      'COLLECTED',
      'COLLECTED',
      'ASSIGNED',
    ]);
    const [row] = await scans(session, slotId);
    expect(row).toMatchObject({ codeType: 'LOAD_CARRIER', warning: null });
    expect(row!.moved.sort()).toEqual([...a.packageIds, ...b.packageIds].sort());
    const same = (await sys.query('consignmentsInSameLoadCarrier', { consignmentId: a.id })).body;
    expect(same.map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('a batch over 500 scans, or a bad kind, is refused whole with a 400 and nothing recorded', async () => {
    const o = await order();
    const { slotId, session } = await route([o]);
    const head = await storeHead(sys);
    const many = Array.from({ length: 501 }, (_, i) => ({
      code: o.shipmentId,
      kind: 'LOADED',
      scannedAt: new Date(Date.UTC(2026, 0, 1, 8, 0, i)).toISOString(),
    }));
    const big = await session.command('ADD_SCANNED_EVENTS', { slotId, scans: many });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('at most 500 scans');
    const bad = await session.command('ADD_SCANNED_EVENTS', {
      slotId,
      scans: [{ code: o.shipmentId, kind: 'LOST', scannedAt: at(1) }],
    });
    expect(bad.status).toBe(400);
    expect(await storeHead(sys)).toBe(head);
    expect(await scans(session, slotId)).toEqual([]);
  });

  it('S6-ROLE-016 a courier scans only a slot it is driving; a planner of another department none', async () => {
    const o = await order();
    const { slotId, session } = await route([o]);
    const scan = { slotId, scans: [{ code: o.shipmentId, kind: 'LOADED', scannedAt: at(1) }] };
    // A slot of another courier is not the courier's to read: not found, naming the field.
    const other = sys.as(await sys.signIn((await createCourier(sys, [oslo])).phoneNumber));
    const refused = await other.command('ADD_SCANNED_EVENTS', scan);
    expect(refused.status).toBe(404);
    expect(refused.body[0].params).toEqual({ field: 'slotId' });
    expect((await other.query('slotScans', { slotId })).body).toEqual([]);
    const bergenPlanner = sys.as(
      await sys.login({ role: 'PLANNER', departmentIds: [bergen], phoneNumber: freshPhone() }),
    );
    expect((await bergenPlanner.command('ADD_SCANNED_EVENTS', scan)).status).toBe(404);
    // Its own slot once finished: refused, saying why.
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'complete' })).status,
    ).toBe(200);
    await sys.settled();
    const done = await session.command('ADD_SCANNED_EVENTS', scan);
    expect(done.status).toBe(403);
    expect(done.body[0].description).toContain('not a slot you are driving');
    expect(await state(o.id)).toBe('ASSIGNED');
  });

  it("a stop's numbers reach the courier driving its route and the slot's planners, nobody else", async () => {
    const o = await order();
    const { slotId, session } = await route([o]);
    const ask = { slotId, consignmentId: o.id, type: 'delivery' };
    const mine = await session.query('stopContact', ask);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ name: 'Kari', phone: '+4791234567', type: 'delivery' });
    expect((await sys.query('stopContact', ask)).body).toMatchObject({ phone: '+4791234567' });
    // Another courier, a planner of another department, a consignment off the slot: not found.
    const other = sys.as(await sys.signIn((await createCourier(sys, [oslo])).phoneNumber));
    expect((await other.query('stopContact', ask)).status).toBe(404);
    const bergenPlanner = sys.as(
      await sys.login({ role: 'PLANNER', departmentIds: [bergen], phoneNumber: freshPhone() }),
    );
    expect((await bergenPlanner.query('stopContact', ask)).status).toBe(404);
    const off = await order();
    expect((await session.query('stopContact', { ...ask, consignmentId: off.id })).status).toBe(
      404,
    );
    // The route finished: the courier's numbers stop.
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'complete' })).status,
    ).toBe(200);
    await sys.settled();
    expect((await session.query('stopContact', ask)).status).toBe(403);
  });
});
