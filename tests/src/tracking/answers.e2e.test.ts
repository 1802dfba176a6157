import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, dayIn, ERASED_TEXT, MAX_RECIPIENT_ANSWERS, weekdayOf } from '@nordlog/contracts';
import { configureNumberSeries, osloAddress } from '../support/booking.js';
import { createCourier, createSlot } from '../support/planning.js';
import {
  createFirstDepartmentAndCustomer,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';

type Row = Record<string, any>;

/**
 * The recipient answers on the tracking page (issue 41 part 4; docs/decisions/0063): three public
 * commands at `/openapi/command/{name}` through the gateway, the tracking key the only
 * credential; the planner sees the change on the order, its history and its grid row.
 */
describe('recipient answers', () => {
  let sys: TestSystem;
  let point: string;
  let bergenPoint: string;
  let notAPoint: string;
  let holiday: string;
  const today = dayIn('Europe/Oslo', new Date().toISOString());

  /** A public call, without a session. */
  const open = async (path: string, body: unknown) => {
    const res = await fetch(`${sys.url}/openapi/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: JSON.parse(text) };
  };
  const answer = (name: string, payload: Row) => open(`command/${name}`, { type: name, payload });
  const track = (id: string) =>
    open('query/getShipmentDetailsFromTracking', {
      query: 'getShipmentDetailsFromTracking',
      params: { id },
    });
  const orderRow = async (id: string): Promise<Row> => {
    await sys.settled();
    return (await sys.query('orders', { ids: [id] })).body[0];
  };
  /** A booked order of Oslo (department 1) and its tracking key. */
  const book = async (extra: Row = {}) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate: addDays(today, 1),
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
      pickup: { ...osloAddress, name: 'Apotek Storgata' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791234567' },
      measurements: [{ weight: 2 }],
      ...extra,
    });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    return { id, key: (await orderRow(id)).order.trackingId as string };
  };
  const address = async (departmentId: string, name: string, pickupPoint: boolean) => {
    const res = await sys.command('CREATE_ADDRESS', {
      departmentId,
      customerId: '1',
      pickupPoint,
      block: { ...osloAddress, name, address: `${name}gata 3` },
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    const bergen = await sys.command('CREATE_DEPARTMENT', {
      name: 'Bergen',
      departmentType: 'courier',
      country: 'NO',
    });
    point = await address('1', 'Kiwi Storo', true);
    notAPoint = await address('1', 'Lager', false);
    bergenPoint = await address(bergen.body.ids[0], 'Kiwi Bryggen', true);
    // A public holiday on the third working day ahead: not an open date.
    let day = addDays(today, 1);
    for (let n = 0; n < 3; day = addDays(day, 1)) if (weekdayOf(day) <= 5) n++;
    holiday = addDays(day, -1);
    const made = await sys.command('CREATE_HOLIDAY', {
      country: 'NO',
      type: 'PUBLIC_HOLIDAY',
      date: holiday,
    });
    expect(made.status).toBe(200);
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('the tracking answer offers the open dates (working days of the next 14, holidays out) and the department’s pickup points', async () => {
    const { key } = await book();
    await sys.settled();
    const { status, body } = await track(key);
    expect(status).toBe(200);
    expect(body).toMatchObject({ answersOpen: true, answers: [] });
    expect(body.openDates.length).toBeGreaterThan(5);
    for (const d of body.openDates as string[]) {
      expect(d > today && d <= addDays(today, 14)).toBe(true);
      expect(weekdayOf(d)).toBeLessThanOrEqual(5);
    }
    expect(body.openDates).not.toContain(holiday);
    // Only this department's points, only the place: no phone, no customer.
    expect(body.pickupPoints).toEqual([
      {
        id: point,
        name: 'Kiwi Storo',
        address: 'Kiwi Storogata 3',
        zipCode: '0155',
        zipArea: 'Oslo',
      },
    ]);
    expect(body.pickupPoints.map((p: Row) => p.id)).not.toContain(bergenPoint);
    expect(body.pickupPoints.map((p: Row) => p.id)).not.toContain(notAPoint);
  });

  it('RECIPIENT_REQUEST_DAY moves the delivery (and the day it is planned on), clears its window and its slot; the history says the public asked', async () => {
    const { id, key } = await book();
    const slot = await createSlot(sys, '1', addDays(today, 1));
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot })).status,
    ).toBe(200);
    await sys.settled();
    const date = (await track(key)).body.openDates[1] as string;
    const res = await answer('RECIPIENT_REQUEST_DAY', { trackingId: key, date });
    expect(res.status).toBe(200);
    const row = await orderRow(id);
    expect(row).toMatchObject({ slotId: null, state: 'RESOLVED' });
    expect(row.order).toMatchObject({ deliveryDate: date, pickupDate: date });
    expect(row.order.deliveryTimeEarliest).toBeUndefined();
    expect(row.recipientAnswers).toEqual([{ kind: 'day', date, at: expect.any(String) }]);
    // The slot let it go (the unassign path), the grid row shows the new day.
    const slotView = (await sys.query('slotById', { id: slot })).body;
    expect(JSON.stringify(slotView.stops ?? [])).not.toContain(`"${id}"`);
    const grid = (await sys.query('consignments', { ids: [id] })).body;
    const gridRow = (grid.rows ?? grid)[0];
    expect(gridRow).toMatchObject({ date, slotId: null, deliveryTimeEarliest: null });
    const history = (await sys.query('orderHistory', { orderId: id })).body as Row[];
    const answered = history.find((e) => e.eventType === 'RecipientAnswered');
    expect(answered).toMatchObject({ userId: 'public' });
    expect(history.map((e) => e.eventType)).toContain('ConsignmentUnassignedFromSlot');
    const tracked = (await track(key)).body;
    expect(tracked).toMatchObject({ deliveryDate: date, answers: [{ kind: 'day', date }] });
    // Pre-advice keys on the new day (0062: a new delivery date is a new trigger).
    const [advice] = (await sys.query('preAdviceForOrder', { orderId: id })).body;
    expect(advice).toMatchObject({ deliveryDate: date });
  });

  it('a closed day is a 400 naming the date and why: weekend, holiday, past, too far; nothing is recorded', async () => {
    const { id, key } = await book();
    let saturday = addDays(today, 1);
    while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
    const cases: [string, string][] = [
      [saturday, 'weekend'],
      [holiday, 'holiday'],
      [today, 'past'],
      [addDays(today, 20), 'tooFar'],
    ];
    for (const [date, reason] of cases) {
      const res = await answer('RECIPIENT_REQUEST_DAY', { trackingId: key, date });
      expect(res.status).toBe(400);
      expect(res.body[0]).toMatchObject({
        errorType: 'VALIDATION_ERROR',
        params: { date, reason },
      });
      expect(res.body[0].description).toContain(date);
    }
    expect((await orderRow(id)).recipientAnswers).toBeUndefined();
  });

  it('RECIPIENT_LEAVE_AT_DOOR puts the note on the order (not on the public answer); a second replaces it; erasure erases it', async () => {
    const { id, key } = await book();
    expect(
      (await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: 'By the shed' })).status,
    ).toBe(200);
    const second = await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: 'Blue door' });
    expect(second.status).toBe(200);
    const row = await orderRow(id);
    expect(row.order.leaveAtDoor).toEqual({ note: 'Blue door' });
    // The courier's stop shows it (the stop's contact, asked while the route is driven).
    const slot = await createSlot(sys, '1', addDays(today, 1));
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot })).status,
    ).toBe(200);
    await sys.settled();
    const contact = await sys.query('stopContact', {
      slotId: slot,
      consignmentId: id,
      type: 'delivery',
    });
    expect(contact.body).toMatchObject({ leaveAtDoor: 'Blue door' });
    expect(row.recipientAnswers).toHaveLength(1);
    const tracked = await track(key);
    expect(tracked.body.answers).toEqual([{ kind: 'leaveAtDoor', at: expect.any(String) }]);
    expect(tracked.text).not.toContain('Blue door');
    // An empty or too long note is a 400.
    expect((await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: ' ' })).status).toBe(
      400,
    );
    expect(
      (await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: 'x'.repeat(301) })).status,
    ).toBe(400);
    // The note is the recipient's personal data: erased with the order's parties (0050).
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [id] })).status).toBe(200);
    expect((await orderRow(id)).order.leaveAtDoor).toEqual({ note: ERASED_TEXT });
  });

  it('RECIPIENT_CHOOSE_PICKUP_POINT delivers to the point (the recipient’s name and phone kept); another department’s point or a plain address is the same 404 as none', async () => {
    const { id, key } = await book();
    const res = await answer('RECIPIENT_CHOOSE_PICKUP_POINT', {
      trackingId: key,
      pickupPointId: point,
    });
    expect(res.status).toBe(200);
    const { order } = await orderRow(id);
    expect(order.type).toBe('PickupPoint');
    expect(order.delivery).toMatchObject({
      name: 'Kari Nordmann',
      phone: '+4791234567',
      address: 'Kiwi Storogata 3',
      contactPerson: 'Kiwi Storo',
      pupUnitId: point,
    });
    const none = await answer('RECIPIENT_CHOOSE_PICKUP_POINT', {
      trackingId: key,
      pickupPointId: '999999',
    });
    expect(none.status).toBe(404);
    for (const other of [bergenPoint, notAPoint]) {
      const refused = await answer('RECIPIENT_CHOOSE_PICKUP_POINT', {
        trackingId: key,
        pickupPointId: other,
      });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(none.body);
    }
  });

  it('after the courier left with it: 409; delivered: 410; an unknown key: the tracking query’s own 404', async () => {
    const { id, key } = await book({ pickupDate: today });
    const courier = await createCourier(sys, ['1']);
    const slot = await createSlot(sys, '1', today, { courierId: courier.id });
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: slot })).status,
    ).toBe(200);
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId: slot, transition: 'start' })).status,
    ).toBe(200);
    await sys.settled();
    expect((await track(key)).body).toMatchObject({
      answersOpen: false,
      openDates: [],
      pickupPoints: [],
    });
    const left = await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: 'Door' });
    expect(left.status).toBe(409);
    expect(left.body[0]).toMatchObject({ errorType: 'INVALID_STATE_TRANSITION' });
    expect(left.body[0].description).toMatch(/courier has left/);

    expect((await sys.command('MANUAL_DELIVER', { consignmentIds: [id] })).status).toBe(200);
    const expired = await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: 'Door' });
    expect(expired.status).toBe(410);
    expect(expired.body[0]).toMatchObject({ errorType: 'TRACKING_EXPIRED' });
    expect((await orderRow(id)).recipientAnswers).toBeUndefined();

    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const asked = await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: unknown, note: 'Door' });
    const queried = await track(unknown);
    expect([asked.status, queried.status]).toEqual([404, 404]);
    expect(asked.body).toEqual(queried.body);
  });

  it(`at most ${MAX_RECIPIENT_ANSWERS} answers per order: the sixth is 429`, async () => {
    const { id, key } = await book();
    for (let i = 0; i < MAX_RECIPIENT_ANSWERS; i++)
      expect(
        (await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: `n${i}` })).status,
      ).toBe(200);
    const sixth = await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: key, note: 'n6' });
    expect(sixth.status).toBe(429);
    expect((await orderRow(id)).order.leaveAtDoor).toEqual({ note: 'n4' });
  });

  it('a service whose mapping says no flexible delivery takes no answers: the page offers none, the commands are 409 and record nothing; a code the catalogue lacks is not held back', async () => {
    const created = await sys.command('CREATE_ARTICLE', {
      group: 'TRANSPORT',
      code: 'FIXED',
      label: 'Fixed appointment',
      kind: 'FREIGHT',
    });
    expect(created.status).toBe(200);
    const article = created.body.ids[0] as string;
    const mapping = (allowFlexDelivery: boolean) =>
      sys.command('UPDATE_SERVICE_MAPPING', { id: article, allowFlexDelivery });
    expect((await mapping(false)).status).toBe(200);
    const fixed = await book({ serviceId: 'FIXED' });
    const free = await book({ serviceId: 'NOT-IN-CATALOGUE' });
    await sys.settled();

    const shown = await track(fixed.key);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ answersOpen: false, openDates: [], pickupPoints: [] });
    expect((await track(free.key)).body.answersOpen).toBe(true);
    for (const [name, payload] of [
      ['RECIPIENT_LEAVE_AT_DOOR', { trackingId: fixed.key, note: 'Behind the shed' }],
      [
        'RECIPIENT_REQUEST_DAY',
        { trackingId: fixed.key, date: (shown.body.openDates[0] ?? addDays(today, 3)) as string },
      ],
      ['RECIPIENT_CHOOSE_PICKUP_POINT', { trackingId: fixed.key, pickupPointId: point }],
    ] as const) {
      const refused = await answer(name, payload);
      expect({ name, status: refused.status }).toEqual({ name, status: 409 });
      expect(refused.body[0]).toMatchObject({
        errorType: 'INVALID_STATE_TRANSITION',
        params: { reason: 'flexDeliveryNotAllowed', serviceId: 'FIXED' },
      });
    }
    expect((await orderRow(fixed.id)).recipientAnswers ?? []).toEqual([]);

    // The operator allows it again: the same link now takes an answer.
    expect((await mapping(true)).status).toBe(200);
    await sys.settled();
    expect((await track(fixed.key)).body.answersOpen).toBe(true);
    const taken = await answer('RECIPIENT_LEAVE_AT_DOOR', { trackingId: fixed.key, note: 'Porch' });
    expect(taken.status).toBe(200);
  });

  it('/openapi/command runs only public commands: another name is 401 NOT_LOGGED_IN, an unknown one 404', async () => {
    const refused = await answer('DELETE_ORDERS', { orderIds: ['1'] });
    expect(refused.status).toBe(401);
    expect(refused.body[0]).toMatchObject({ errorType: 'NOT_LOGGED_IN' });
    expect((await answer('NO_SUCH_COMMAND', {})).status).toBe(404);
  });
});
