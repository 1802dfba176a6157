import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

const DATE = bookingDate();
const NEXT_DAY = bookingDate(2);
import { connectSocket, type TestSocket } from '../support/socket.js';

const block = (lat?: number) => ({
  name: 'Nordlys Apotek',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  ...(lat ? { lat, lng: 10.75 } : {}),
});
const orderPayload = (
  departmentId: string,
  customerId: string,
  over: Record<string, unknown> = {},
) => ({
  departmentId,
  customerId,
  pickupDate: DATE,
  pickup: block(59.91),
  delivery: { ...block(59.93), name: 'Kari Nordmann', address: 'Bogstadveien 10' },
  measurements: [
    { weight: 500, weightUnit: 'GRM', length: 1, width: 0.5, height: 0.2, dimensionUnit: 'MTR' },
    { weight: 2, length: 0, width: 0, height: 0, volume: 0.5, volumeUnit: 'MTQ', quantity: 2 },
  ],
  ...over,
});

describe('the spine end to end: command → event → read model → socket', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let customer: string;
  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = (name: string) => ({
      name,
      departmentType: 'courier',
      country: 'NO',
      alystraId: name,
      location: { lat: 59.9, lng: 10.7 },
    });
    oslo = (await sys.command('CREATE_DEPARTMENT', dep('Oslo'))).body.ids[0];
    bergen = (await sys.command('CREATE_DEPARTMENT', dep('Bergen'))).body.ids[0];
    customer = (
      await sys.command('CREATE_CUSTOMER', {
        name: 'Fjordkraft Elektro AS',
        departmentId: oslo,
        orgNumber: '912345602',
      })
    ).body.ids[0];
    await sys.settled();
  });
  afterAll(async () => sys.shutdown());

  it('S7-CALL-011 S7-CMD-026 a command replies with its id, position, events and ids; S7-CALL-006 the query returns the new state', async () => {
    const res = await sys.command('UPDATE_DEPARTMENT', {
      id: oslo,
      name: 'Oslo Sentrum',
      npsId: 'nps-7',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ events: ['DepartmentUpdated'], ids: [oslo], failed: [] });
    expect(res.body.commandId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(res.body.position)).toBeGreaterThan(0);
    await sys.settled();
    const departments = await sys.query('departments', {});
    expect(departments.status).toBe(200);
    expect(departments.body.find((d: { id: string }) => d.id === oslo)).toMatchObject({
      name: 'Oslo Sentrum',
      npsId: 'nps-7',
      country: 'NO',
      departmentType: 'courier',
    });
  });

  it('S3-ENT-019 S8-ERR-002 bad input is 400 with [{errorType, description}] naming the field, and nothing is stored', async () => {
    const before = await sys.db.knex('es_events').count<{ count: string }[]>('* as count');
    const res = await sys.command('CREATE_DEPARTMENT', {
      name: 'X',
      departmentType: 'foo',
      country: 'NO',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual([
      expect.objectContaining({
        errorType: 'VALIDATION_ERROR',
        description: expect.stringContaining('payload.departmentType'),
      }),
    ]);
    const after = await sys.db.knex('es_events').count<{ count: string }[]>('* as count');
    expect(after).toEqual(before);
  });

  it('an unknown command is 404, a type that differs from the path is 400, broken JSON is 400', async () => {
    expect((await sys.command('LAUNCH_ROCKET', {})).status).toBe(404);
    const mismatch = await sys.post('/api/command/CREATE_DEPARTMENT', {
      type: 'UPDATE_DEPARTMENT',
      payload: {},
    });
    expect(mismatch.status).toBe(400);
    const res = await fetch(`${sys.url}/api/command/CREATE_DEPARTMENT`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: sys.admin.cookie,
        'x-csrf-token': sys.admin.csrf,
      },
      body: '{',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      { errorType: 'BAD_REQUEST', description: 'The body is not valid JSON' },
    ]);
  });

  it('S3-ENT-014 S3-ENT-015 an order becomes a consignment row with normalised units and row flags', async () => {
    const res = await sys.command('CREATE_ORDER', orderPayload(oslo, customer));
    expect(res.status).toBe(200);
    const id = res.body.ids[0];
    await sys.settled();
    const rows = (await sys.query('consignments', { departmentIds: [oslo], fromDate: DATE })).body;
    const row = rows.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({
      state: 'RESOLVED',
      weightValue: 4.5,
      weightUnit: 'KGM',
      volumeValue: 1100,
      volumeUnit: 'DMQ',
      lengthValue: 100,
      widthValue: 50,
      heightValue: 20,
      lengthUnit: 'CMT',
      packageCount: 3,
      isAssignable: true,
      isDeletable: true,
      isEditable: true,
      isSelectable: true,
      groupId: null,
      loadCarrierId: null,
      groupOrder: null,
      type: 'Delivery',
    });
    for (const key of [
      'deliveryTimeEarliest',
      'deliveryTimeLatest',
      'pickupTimeEarliest',
      'pickupTimeLatest',
      'updatedAtEpoch',
    ])
      expect(row).toHaveProperty(key);
  });

  it('S4-FLOW-001 S4-FLOW-004 S7-CMD-038 overrides follow the state machine: 409 INVALID_STATE_TRANSITION when not allowed', async () => {
    const id = (await sys.command('CREATE_ORDER', orderPayload(oslo, customer))).body.ids[0];
    const early = await sys.command('MANUAL_DELIVER', { consignmentIds: [id] });
    expect(early.status).toBe(409);
    expect(early.body[0].errorType).toBe('INVALID_STATE_TRANSITION');
    const slotId = await createSlot(sys, oslo, DATE);
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId })).status,
    ).toBe(200);
    expect((await sys.command('MANUAL_COLLECT', { consignmentIds: [id] })).body.events).toEqual([
      'ConsignmentCollected',
    ]);
    expect(
      (await sys.command('MANUAL_DELIVER', { consignmentIds: [id], comment: 'left at door' })).body
        .events,
    ).toEqual(['ConsignmentDelivered']);
    await sys.settled();
    const [row] = (await sys.query('consignments', { ids: [id] })).body;
    expect(row).toMatchObject({
      state: 'DELIVERED',
      slotId,
      isDeletable: false,
      isEditable: false,
    });
    const history = (await sys.query('orderHistory', { orderId: id })).body;
    expect(history.map((h: { eventType: string }) => h.eventType)).toEqual([
      'OrderCreated',
      'ConsignmentAssignedToSlot',
      'ConsignmentCollected',
      'ConsignmentDelivered',
    ]);
    expect(history[3]).toMatchObject({ streamRevision: 3 });
    expect(history[3].userId).toMatch(/^\d+$/);
    expect(Date.parse(history[3].occurredAt)).not.toBeNaN();
  });

  it('S8-ERR-021 the history of an unknown order is "Order not found" (404)', async () => {
    const res = await sys.query('orderHistory', { orderId: '999999' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual([{ errorType: 'ORDER_NOT_FOUND', description: 'Order not found' }]);
  });

  it('a repeated commandId returns the first outcome and appends nothing', async () => {
    const commandId = randomUUID();
    const first = await sys.command('CREATE_ORDER', orderPayload(oslo, customer), { commandId });
    const count = async () =>
      Number((await sys.db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count);
    const before = await count();
    const again = await sys.command('CREATE_ORDER', orderPayload(oslo, customer), { commandId });
    expect(again).toEqual(first);
    expect(await count()).toBe(before);
  });

  it('S7-CMD-031 a bulk command reports what failed and applies the rest', async () => {
    const a = (await sys.command('CREATE_ORDER', orderPayload(oslo, customer))).body.ids[0];
    const b = (await sys.command('CREATE_ORDER', orderPayload(oslo, customer))).body.ids[0];
    await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [b],
      slotId: await createSlot(sys, oslo, DATE),
    });
    await sys.command('MANUAL_COLLECT', { consignmentIds: [b] });
    const res = await sys.command('DELETE_ORDERS', { orderIds: [a, b] });
    expect(res.status).toBe(200);
    expect(res.body.ids).toEqual([a]);
    expect(res.body.failed).toEqual([
      {
        id: b,
        errorType: 'INVALID_STATE_TRANSITION',
        description: expect.stringContaining('COLLECTED'),
      },
    ]);
    expect((await sys.command('RESTORE_ORDERS', { orderIds: [a] })).body.events).toEqual([
      'OrderRestored',
    ]);
  });

  it('S5-VAL-046 S9-CONST-012 search needs more than 2 characters; consignment words combine with OR', async () => {
    expect((await sys.query('searchConsignments', { searchPhrase: 'ab' })).status).toBe(400);
    await sys.command('CREATE_ORDER', orderPayload(oslo, customer, { customerRef: 'ZEBRA-1' }));
    await sys.command('CREATE_ORDER', orderPayload(oslo, customer, { customerRef: 'YAK-2' }));
    await sys.settled();
    const either = (await sys.query('searchConsignments', { searchPhrase: 'zebra-1 yak-2' })).body;
    expect(either.map((r: { customerRef: string }) => r.customerRef).sort()).toEqual([
      'YAK-2',
      'ZEBRA-1',
    ]);
    const both = (
      await sys.query('searchConsignments', {
        searchPhrase: 'zebra-1 yak-2',
        searchOperator: 'AND',
      })
    ).body;
    expect(both).toEqual([]);
    const customers = (await sys.query('searchCustomers', { searchPhrase: 'fjord elektro' })).body;
    expect(customers.map((c: { id: string }) => c.id)).toEqual([customer]);
    expect((await sys.query('searchCustomers', { searchPhrase: 'fj' })).status).toBe(400);
  });

  it('S7-CALL-091 a search over a short date range (rows of those days first) finds what a long range finds, and nothing outside it', async () => {
    await sys.command('CREATE_ORDER', orderPayload(oslo, customer, { customerRef: 'OKAPI-3' }));
    await sys.command(
      'CREATE_ORDER',
      orderPayload(oslo, customer, { customerRef: 'OKAPI-4', pickupDate: NEXT_DAY }),
    );
    await sys.settled();
    const find = async (params: Record<string, unknown>) =>
      (
        await sys.query('searchConsignments', {
          searchPhrase: 'okapi',
          departmentIds: [oslo],
          ...params,
        })
      ).body
        .map((r: { customerRef: string }) => r.customerRef)
        .sort();
    expect(await find({ fromDate: DATE, toDate: NEXT_DAY })).toEqual(['OKAPI-3', 'OKAPI-4']);
    expect(await find({ fromDate: bookingDate(-200), toDate: bookingDate(200) })).toEqual([
      'OKAPI-3',
      'OKAPI-4',
    ]);
    expect(await find({})).toEqual(['OKAPI-3', 'OKAPI-4']);
    expect(await find({ fromDate: NEXT_DAY, toDate: NEXT_DAY })).toEqual(['OKAPI-4']);
    expect(await find({ dates: [DATE] })).toEqual(['OKAPI-3']);
    expect(
      await find({
        searchPhrase: 'okapi-3 okapi-4',
        searchOperator: 'AND',
        fromDate: DATE,
        toDate: NEXT_DAY,
      }),
    ).toEqual([]);
    expect(await find({ departmentIds: [bergen], fromDate: DATE, toDate: NEXT_DAY })).toEqual([]);
  });

  it('S4-STATE-007 S8-ERR-023 an unknown state in a query is refused with "Unknown consignment state"', async () => {
    const res = await sys.query('consignments', { states: ['FOO'] });
    expect(res.status).toBe(400);
    expect(res.body[0].description).toContain('Unknown consignment state');
  });

  it('GET /revision answers the build id', async () => {
    const res = await fetch(`${sys.url}/revision`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revision: expect.any(String) });
  });

  describe('live socket', () => {
    let inOslo: TestSocket;
    let inBergen: TestSocket;
    beforeAll(async () => {
      inOslo = await connectSocket(
        sys.url,
        `departmentIds=${oslo}&dates=${DATE}&types=consignments`,
        { cookie: sys.admin.cookie },
      );
      inBergen = await connectSocket(
        sys.url,
        `departmentIds=${bergen}&dates=${DATE}&types=consignments`,
        { cookie: sys.admin.cookie },
      );
    });
    afterAll(() => {
      inOslo.close();
      inBergen.close();
    });

    it('S7-CALL-040 S7-CALL-043 a socket whose context matches receives the change as {entity, op, id, revision, data}; one whose context does not, does not', async () => {
      const id = (await sys.command('CREATE_ORDER', orderPayload(oslo, customer))).body.ids[0];
      const message = await inOslo.next((m) => typeof m === 'object' && m.id === id);
      expect(message).toMatchObject({
        entity: 'consignments',
        op: 'upsert',
        id,
        revision: 0,
        data: { state: 'RESOLVED', departmentId: oslo },
      });
      await sys.settled();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(inBergen.received.filter((m) => typeof m === 'object' && m.id === id)).toEqual([]);
    });

    it('S4-BEH-018 a new context sent as JSON is acknowledged with ok and takes effect', async () => {
      inBergen.send(
        JSON.stringify({ departmentIds: [oslo], dates: [DATE], types: ['consignments'] }),
      );
      expect(await inBergen.next((m) => m === 'ok')).toBe('ok');
      const id = (await sys.command('CREATE_ORDER', orderPayload(oslo, customer))).body.ids[0];
      expect(await inBergen.next((m) => typeof m === 'object' && m.id === id)).toMatchObject({
        entity: 'consignments',
      });
    });

    it('a change on another date does not reach a socket for today', async () => {
      // A socket for that date is the witness: once it has the change, the gateway has
      // dispatched it to every socket, so a lag cannot make the check below pass unseen.
      const nextDay = await connectSocket(
        sys.url,
        `departmentIds=${oslo}&dates=${NEXT_DAY}&types=consignments`,
        { cookie: sys.admin.cookie },
      );
      try {
        const id = (
          await sys.command('CREATE_ORDER', orderPayload(oslo, customer, { pickupDate: NEXT_DAY }))
        ).body.ids[0];
        await nextDay.next((m) => typeof m === 'object' && m.id === id);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(inOslo.received.filter((m) => typeof m === 'object' && m.id === id)).toEqual([]);
      } finally {
        nextDay.close();
      }
    });
  });
});

describe('socket liveness', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem({ socketPingMs: 100, socketStaleMs: 400 });
  });
  afterAll(async () => sys.shutdown());

  it('S7-CALL-047 S4-BEH-024 a socket that stops answering pings is closed with 3004', async () => {
    const silent = await connectSocket(sys.url, '', {
      answerPings: false,
      cookie: sys.admin.cookie,
    });
    const code = await silent.closed;
    expect(code).toBe(3004);
    expect(silent.received).toContain('ping');
  });

  it('S4-BEH-022 a socket that answers ping with pong stays open; S7-CALL-046 a server shutdown closes it with 3003', async () => {
    const lively = await connectSocket(sys.url, '', { cookie: sys.admin.cookie });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(lively.isOpen()).toBe(true);
    expect(lively.received.filter((m) => m === 'ping').length).toBeGreaterThan(3);
    await sys.hub.close();
    expect(await lively.closed).toBe(3003);
  });
});
