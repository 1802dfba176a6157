import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  REST_BREAK,
  TRACKING_FIELDS,
  TRACKING_POSITION_FIELDS,
  publicQueries,
  querySchemas,
  socketProtocol,
  trackingSocket,
  type RoutePoint,
  type SlotView,
  type TrackingDetails,
  zonedInstant,
} from '@nordlog/contracts';
import { connectSocket } from '../support/socket.js';
import { startDemoDay, type DemoDay } from '../support/demoDay.js';
import type { Session, TestSystem } from '../support/system.js';

/**
 * The public tracking page's calls (issue 17 §3; docs/decisions/0028-tracking.md): the query
 * answered without a session at `/openapi/query`, the recipient's fields only, the arrival and
 * the courier's rounded position only while this delivery is next, and the tracking socket that
 * carries signals, never rows. On the demo day: Oslo's first slot is driven by the demo courier.
 */
describe('public tracking', () => {
  let sys: TestSystem;
  let planner: Session;
  let courier: Session;
  let courierId: string;
  let driven: string;
  let moveCourier: DemoDay['report'];
  /** An order given the recipient's phone and e-mail and a price by the first test. */
  let edited: string;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());

  /** The public call, without a session. */
  const track = async (id: unknown, name = 'getShipmentDetailsFromTracking') => {
    const res = await fetch(`${sys.url}/openapi/query/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: name, params: { id } }),
    });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) };
  };
  const orderOf = async (id: string) => {
    await sys.settled();
    return (await sys.query('orders', { ids: [id] })).body[0] as {
      shipmentId: string;
      order: Record<string, any> & { trackingId: string };
    };
  };
  const drivenSlot = async (): Promise<SlotView> => {
    await sys.settled();
    const res = await sys.query('slotById', { id: driven });
    expect(res.status).toBe(200);
    return res.body as SlotView;
  };
  /** The slot's stops still to come, breaks left out, in route order. */
  const remaining = (slot: SlotView): RoutePoint[] =>
    (slot.routePoints ?? []).filter((p) => !p.done && p.type !== REST_BREAK);
  const report = async (latitude: number, longitude: number) => {
    await moveCourier(latitude, longitude);
    await sys.settled();
  };

  beforeAll(async () => {
    ({ sys, planner, courier, courierId, driven, report: moveCourier } = await startDemoDay());
    // The courier reaches a delivery: every pickup before the first remaining delivery is made.
    for (;;) {
      const [next] = remaining(await drivenSlot());
      if (!next || next.type === 'delivery') break;
      const res = await sys
        .as(courier)
        .command('MANUAL_COLLECT', { consignmentIds: [next.consignmentId] });
      expect(res.status).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    await sys?.shutdown();
  });

  it('S7-CALL-097: every order is booked with a random tracking key that edits keep; the query answers with and without a session', async () => {
    const slot = await drivenSlot();
    const [next] = remaining(slot);
    const { order, shipmentId } = await orderOf(next!.consignmentId!);
    expect(order.trackingId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Keys are not derived from anything a stranger knows: no two orders share one.
    const all = (await sys.query('consignments', { fromDate: today, toDate: today })).body as {
      trackingId: string | null;
      shipmentId: string;
    }[];
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((r) => r.trackingId)).size).toBe(all.length);
    expect(all.find((r) => r.shipmentId === shipmentId)!.trackingId).toBe(order.trackingId);
    // An edit (the recipient's contacts and a price) keeps the key.
    const editable = all.find((r) =>
      ['RESOLVED', 'ASSIGNED'].includes((r as { state?: string }).state ?? ''),
    ) as unknown as { id: string };
    edited = editable.id;
    const before = await orderOf(edited);
    const res = await sys.command('UPDATE_ORDER', {
      orderId: edited,
      delivery: {
        ...before.order.delivery,
        phone: '+4791234567',
        email: 'kari.nordmann@example.no',
      },
      correctedArticlePrices: [
        { articleCode: 'FREIGHT', articleLabel: 'Freight', customerPrice: 987654 },
      ],
    });
    expect(res.status).toBe(200);
    const after = (await orderOf(edited)).order;
    expect(after.delivery.email).toBe('kari.nordmann@example.no');
    expect(after.trackingId).toBe(before.order.trackingId);

    const open = await track(order.trackingId);
    expect(open.status).toBe(200);
    const logged = await sys.as(planner).query('getShipmentDetailsFromTracking', {
      id: order.trackingId,
    });
    expect(logged.status).toBe(200);
    expect(logged.body).toEqual(open.body);
    expect(open.body).toMatchObject({
      trackingId: order.trackingId,
      shipmentId,
      state: 'COLLECTED',
      stage: 'onTheWay',
    });
    // Without a session at /api: 401; a missing or malformed key: 400; an unknown one: 404.
    const anonymous = await fetch(`${sys.url}/api/query/getShipmentDetailsFromTracking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params: { id: order.trackingId } }),
    });
    expect(anonymous.status).toBe(401);
    expect((await track(undefined)).status).toBe(400);
    expect((await track('x'.repeat(200))).status).toBe(400);
    const unknown = await track('A'.repeat(22));
    expect(unknown.status).toBe(404);
    expect(unknown.body[0].errorType).toBe('NOT_FOUND');
  });

  it('S7-CALL-097: without a session only the public queries are answered; every other query is refused as not logged in', async () => {
    for (const name of Object.keys(querySchemas)) {
      const res = await track('A'.repeat(22), name);
      if (publicQueries.includes(name as never))
        expect({ name, status: res.status }).toEqual({ name, status: 404 });
      else {
        expect({ name, status: res.status }).toEqual({ name, status: 401 });
        expect(res.body[0].errorType).toBe('NOT_LOGGED_IN');
      }
    }
    expect((await track('A'.repeat(22), 'noSuchQuery')).status).toBe(404);
  });

  it('S1-GEN-029: the recipient sees the recipient fields only: no phones, e-mails, names, addresses, prices or other shipments', async () => {
    const slot = await drivenSlot();
    const stops = remaining(slot);
    await report(59.9123456, 10.7512345);
    const checked = [
      ...stops.filter((p) => p.type === 'delivery').map((p) => p.consignmentId!),
      edited,
    ];
    for (const id of checked) {
      const stop = { key: id, consignmentId: id };
      const { order } = await orderOf(id);
      const { status, text, body } = await track(order.trackingId);
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual([...TRACKING_FIELDS].sort());
      if (body.courierPosition)
        expect(Object.keys(body.courierPosition).sort()).toEqual(
          [...TRACKING_POSITION_FIELDS].sort(),
        );
      // Nothing of the order beyond the listed fields is in the text of the answer.
      const secrets = [
        order.delivery.phone,
        order.delivery.email,
        order.delivery.name,
        order.delivery.address,
        order.delivery.contactPerson,
        order.pickup.phone,
        order.pickup.name,
        order.pickup.address,
        order.customerId && `"customerId"`,
        ...(order.correctedArticlePrices ?? []).map((p: { customerPrice: number }) =>
          String(p.customerPrice),
        ),
        courierId && `"${courierId}"`,
        ...slot
          .routePoints!.filter((p) => p.consignmentId !== stop.consignmentId)
          .map((p) => p.shipmentId),
      ].filter((s): s is string => typeof s === 'string' && s.trim().length > 2);
      for (const secret of secrets)
        expect({ stop: stop.key, leaked: text.includes(secret) ? secret : null }).toEqual({
          stop: stop.key,
          leaked: null,
        });
      expect(text).not.toMatch(/@|\+47/);
    }
  });

  it('the arrival while the slot is driven, and the courier rounded only while this delivery is its next stop', async () => {
    await report(59.9123456, 10.7512345);
    const stops = remaining(await drivenSlot());
    const deliveries = stops.filter((p) => p.type === 'delivery');
    expect(deliveries.length).toBeGreaterThan(1);
    expect(stops[0]!.type).toBe('delivery');
    const states = new Set<string>();
    for (const stop of deliveries) {
      const { order } = await orderOf(stop.consignmentId!);
      const body = (await track(order.trackingId)).body as TrackingDetails;
      const before = stops.indexOf(stop);
      expect({ key: stop.key, stopsBefore: body.stopsBefore }).toEqual({
        key: stop.key,
        stopsBefore: before,
      });
      expect(Date.parse(body.eta!)).toBeGreaterThan(Date.now() - 60_000);
      // A courier early for the window waits: the recipient is told the window's start.
      if (body.deliveryTimeEarliest)
        expect(Date.parse(body.eta!)).toBeGreaterThanOrEqual(
          zonedInstant(body.deliveryDate, body.deliveryTimeEarliest, body.timeZone).getTime(),
        );
      if (before === 0)
        expect(body.courierPosition).toEqual({ lat: 59.912, lng: 10.751, at: expect.any(String) });
      else expect(body.courierPosition).toBeNull();
      // Issue 36: on a route in progress a shipment is on the way, collected or not yet.
      expect({ key: stop.key, stage: body.stage }).toEqual({ key: stop.key, stage: 'onTheWay' });
      states.add(body.state);
    }
    expect(states.has('ASSIGNED')).toBe(true);
    // Further along, the arrival is later.
    const etas = await Promise.all(
      deliveries.map(async (s) =>
        Date.parse((await track((await orderOf(s.consignmentId!)).order.trackingId)).body.eta),
      ),
    );
    expect([...etas].sort((a, b) => a - b)).toEqual(etas);
    // A shipment that is not on a driven slot: no arrival, no courier.
    const elsewhere = (
      await sys.query('consignments', { fromDate: today, toDate: today })
    ).body.find(
      (r: { slotId: string | null; state: string }) =>
        r.slotId !== driven && r.state !== 'DELIVERED',
    );
    const quiet = (await track(elsewhere.trackingId)).body as TrackingDetails;
    expect(quiet).toMatchObject({ eta: null, stopsBefore: null, courierPosition: null });
  });

  it('the tracking socket needs no session, signals its own shipment’s changes (order, slot, courier) and carries no data', async () => {
    const stops = remaining(await drivenSlot());
    const [next] = stops;
    const mine = (await orderOf(next!.consignmentId!)).order.trackingId;
    const elsewhere = (
      await sys.query('consignments', { fromDate: today, toDate: today })
    ).body.find(
      (r: { slotId: string | null; state: string }) =>
        r.slotId !== driven && r.state !== 'DELIVERED',
    );
    const socket = await connectSocket(sys.url, `${trackingSocket.param}=${mine}`);
    const other = await connectSocket(sys.url, `${trackingSocket.param}=${elsewhere.trackingId}`);
    await socket.next((m) => m === socketProtocol.messages.ok);
    await other.next((m) => m === socketProtocol.messages.ok);
    const signal = { entity: trackingSocket.entity, op: trackingSocket.op, id: mine };
    // The courier moves: a signal, and the page's next answer has the new position.
    await report(59.921, 10.761);
    await socket.next((m) => m.entity === 'tracking' && m.id === mine);
    expect((await track(mine)).body.courierPosition).toMatchObject({ lat: 59.921, lng: 10.761 });
    // The courier delivers it: a signal; the answer says delivered, with no arrival and no courier.
    const seen = socket.received.length;
    expect(
      (await sys.as(courier).command('MANUAL_DELIVER', { consignmentIds: [next!.consignmentId] }))
        .status,
    ).toBe(200);
    await socket.next((m) => socket.received.indexOf(m) >= seen && m.entity === 'tracking');
    await sys.settled();
    expect((await track(mine)).body).toMatchObject({
      state: 'DELIVERED',
      stage: 'delivered',
      eta: null,
      courierPosition: null,
    });
    // Only signals, pings and the acknowledgement: never a row.
    for (const frame of [...socket.received, ...other.received]) {
      if (typeof frame === 'string') expect(['ok', 'ping']).toContain(frame);
      else expect(Object.keys(frame).sort()).toEqual(['entity', 'id', 'op']);
    }
    expect(
      socket.received
        .filter((m) => typeof m !== 'string')
        .every((m) => JSON.stringify(m) === JSON.stringify(signal)),
    ).toBe(true);
    // The other shipment (another slot, another courier) heard nothing of this one.
    expect(other.received.filter((m) => typeof m !== 'string')).toEqual([]);
    socket.close();
    other.close();
    // An unknown key: closed with the error code.
    const stranger = await connectSocket(sys.url, `${trackingSocket.param}=${'A'.repeat(22)}`);
    expect(await stranger.closed).toBe(socketProtocol.closeCodes.error);
  });

  it('issue 36: support staff open a shipment’s tracking by its shipment number or an SSCC, under their own read access', async () => {
    const [next] = remaining(await drivenSlot());
    const { order, shipmentId } = await orderOf(next!.consignmentId!);
    const sscc = (order.measurements as { packageIds: string[] }[])[0]!.packageIds[0]!;
    const recipient = (await track(order.trackingId)).body as TrackingDetails;
    const asPlanner = (reference: unknown) =>
      sys.as(planner).query('shipmentTracking', { reference });
    for (const reference of [shipmentId, sscc]) {
      const res = await asPlanner(reference);
      expect({ reference, status: res.status }).toEqual({ reference, status: 200 });
      // What the recipient sees, no more (the list of fields), the public key included.
      expect(Object.keys(res.body).sort()).toEqual([...TRACKING_FIELDS].sort());
      expect(res.body).toMatchObject({
        trackingId: order.trackingId,
        shipmentId,
        state: recipient.state,
        stage: recipient.stage,
        deliveryDate: recipient.deliveryDate,
      });
    }
    // Another department's planner, an unknown number and no session: refused alike.
    const other = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Tromsø',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    const stranger = await sys.login({
      phoneNumber: `+4799${String(Date.now()).slice(-6)}`,
      role: 'PLANNER',
      departmentIds: [other],
    });
    expect(
      (await sys.as(stranger).query('shipmentTracking', { reference: shipmentId })).status,
    ).toBe(404);
    expect((await asPlanner('99999999999999999')).status).toBe(404);
    expect((await asPlanner('not a number')).status).toBe(400);
    expect((await sys.as(null).query('shipmentTracking', { reference: shipmentId })).status).toBe(
      401,
    );
  });
});
