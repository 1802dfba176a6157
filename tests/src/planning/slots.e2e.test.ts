import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createCourier, createSlot } from '../support/planning.js';
import { startTestSystem, storeHead, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);

/** Slots, assignment, routes, areas, templates and the order planning commands (issue 14). */
describe('planning: slots, routes and assignment', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let customer: string;

  const order = async (
    departmentId = oslo,
    extra: Record<string, unknown> = {},
    at: { lat: number; lng: number } = { lat: 59.93, lng: 10.72 },
  ) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId,
      customerId: customer,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari', address: 'Bogstadveien 1', ...at },
      measurements: [{ weight: 10, quantity: 2 }],
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const slotRow = async (id: string) => {
    await sys.settled();
    const res = await sys.query('slotById', { id });
    expect(res.status).toBe(200);
    return res.body;
  };
  const consignment = async (id: string) => {
    await sys.settled();
    return (await sys.query('consignments', { ids: [id] })).body[0];
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

  it('S7-CMD-028 S3-ENT-044 S3-ENT-045 CREATE_SLOT, UPDATE_SLOT and DELETE_SLOT take effect in `slots`', async () => {
    const created = await sys.command('CREATE_SLOT', {
      departmentId: oslo,
      name: 'Morning 1',
      timeFrom: `${DATE}T06:30:00.000Z`,
    });
    expect(created.status).toBe(200);
    const id = created.body.ids[0];
    await sys.settled();
    const [row] = (await sys.query('slots', { fromDate: DATE, toDate: DATE, slotIds: [id] })).body;
    expect(row).toMatchObject({
      id,
      departmentId: oslo,
      courierId: null,
      timeFrom: `${DATE}T06:30:00.000Z`,
      state: 'NOT_STARTED',
      name: 'Morning 1',
      slotMode: 'ROUTE',
      shouldDriverNotReturn: true,
      date: DATE,
      routePoints: [],
    });
    expect((await sys.command('UPDATE_SLOT', { id, name: 'Morning A' })).status).toBe(200);
    expect(await slotRow(id)).toMatchObject({
      name: 'Morning A',
      timeFrom: `${DATE}T06:30:00.000Z`,
    });
    const bad = await sys.command('UPDATE_SLOT', { id, timeTo: `${DATE}T05:00:00.000Z` });
    expect(bad.status).toBe(400);
    expect((await sys.command('DELETE_SLOT', { id })).status).toBe(200);
    await sys.settled();
    expect((await sys.query('slotById', { id })).status).toBe(404);
    expect(
      (await sys.query('slots', { fromDate: DATE, toDate: DATE, slotIds: [id] })).body,
    ).toEqual([]);
  });

  it('S1-GEN-002 S7-CALL-073 a consignment planned onto a slot is a route point with arrival and end time', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const id = await order();
    const res = await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId });
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual(['ConsignmentsPlannedOnSlot', 'ConsignmentAssignedToSlot']);
    await sys.settled();
    const points = (await sys.query('routePoints', { slotId })).body;
    expect(points).toHaveLength(2);
    expect(points.map((p: { type: string }) => p.type)).toEqual(['pickup', 'delivery']);
    expect(points[1]).toMatchObject({ consignmentId: id, slotId, sequence: 2, done: false });
    expect(Date.parse(points[1].arrival)).toBeGreaterThan(Date.parse(points[0].endTime));
    expect(Date.parse(points[1].endTime)).toBeGreaterThan(Date.parse(points[1].arrival));
    expect(await consignment(id)).toMatchObject({ state: 'ASSIGNED', slotId });
    // By period and department too.
    const byDay = (await sys.query('routePoints', { fromDate: DATE, departmentIds: [oslo] })).body;
    expect(byDay.some((p: { consignmentId: string }) => p.consignmentId === id)).toBe(true);
    expect((await sys.query('routePoints', {})).status).toBe(400);
  });

  it('UPDATE_CONSIGNMENT_SLOT refuses a slot that does not exist or is of another department, and stores nothing', async () => {
    const id = await order();
    const away = await createSlot(sys, bergen, DATE);
    const before = await storeHead(sys);
    const unknown = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [id],
      slotId: '77',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body[0]).toMatchObject({
      errorType: 'NOT_FOUND',
      description: 'Slot 77 not found',
    });
    const other = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [id],
      slotId: away,
    });
    expect(other.status).toBe(400);
    expect(other.body[0].description).toContain(`department ${bergen}`);
    expect(await storeHead(sys)).toBe(before);
    expect(await consignment(id)).toMatchObject({ state: 'RESOLVED', slotId: null });
  });

  it('moving a consignment to another slot takes it off the first, atomically', async () => {
    const first = await createSlot(sys, oslo, DATE);
    const second = await createSlot(sys, oslo, DATE);
    const id = await order();
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId: first });
    const moved = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [id],
      slotId: second,
    });
    expect(moved.body.events).toEqual([
      'ConsignmentsPlannedOnSlot',
      'ConsignmentAssignedToSlot',
      'ConsignmentsRemovedFromSlot',
    ]);
    expect((await slotRow(first)).routePoints).toEqual([]);
    expect((await slotRow(second)).routePoints).toHaveLength(2);
    expect(await consignment(id)).toMatchObject({ slotId: second });
  });

  it('S4-FLOW-005 S4-FLOW-006 S4-FLOW-007 unassign, force-unassign and bulk unassign take consignments off the route', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const ids = [await order(), await order(), await order(), await order()];
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: ids, slotId });
    const one = await sys.command('UNASSIGN_CONSIGNMENTS', { consignmentIds: [ids[0]] });
    expect(one.body.events).toEqual(['ConsignmentUnassignedFromSlot']);
    expect((await slotRow(slotId)).routePoints).toHaveLength(6);
    await sys.command('MANUAL_COLLECT', { consignmentIds: [ids[1]] });
    const plain = await sys.command('UNASSIGN_CONSIGNMENTS', { consignmentIds: [ids[1]] });
    expect(plain.status).toBe(409);
    const forced = await sys.command('UNASSIGN_CONSIGNMENTS', {
      consignmentIds: [ids[1]],
      force: true,
    });
    expect(forced.status).toBe(200);
    const bulk = await sys.command('UNASSIGN_CONSIGNMENTS', { consignmentIds: ids.slice(2) });
    expect(bulk.body.ids).toEqual(ids.slice(2));
    expect((await slotRow(slotId)).routePoints).toEqual([]);
    for (const id of ids) expect((await consignment(id)).slotId).toBeNull();
  });

  it('deleting or moving an assigned order takes it off its slot', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const gone = await order();
    const moved = await order();
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [gone, moved], slotId });
    expect((await sys.command('DELETE_ORDERS', { orderIds: [gone] })).status).toBe(200);
    expect(
      (await sys.command('MOVE_ORDERS', { orderIds: [moved], departmentId: bergen })).status,
    ).toBe(200);
    expect((await slotRow(slotId)).routePoints).toEqual([]);
  });

  it('S7-CMD-027 CREATE_ROUTE, UPDATE_ROUTE and DELETE_ROUTE plan, reorder and clear a slot', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const [a, b] = [await order(), await order()];
    expect((await sys.command('CREATE_ROUTE', { slotId, consignmentIds: [a, b] })).status).toBe(
      200,
    );
    const again = await sys.command('CREATE_ROUTE', { slotId, consignmentIds: [a] });
    expect(again.status).toBe(409);
    const stops = [
      { kind: 'pickup', consignmentId: b },
      { kind: 'delivery', consignmentId: b },
      { kind: 'pickup', consignmentId: a },
      { kind: 'delivery', consignmentId: a },
    ];
    expect((await sys.command('UPDATE_ROUTE', { slotId, stops })).status).toBe(200);
    const keys = (await slotRow(slotId)).routePoints.map((p: { key: string }) => p.key);
    expect(keys).toEqual([`${b}:pickup`, `${b}:delivery`, `${a}:pickup`, `${a}:delivery`]);
    const backwards = await sys.command('UPDATE_ROUTE', { slotId, stops: [...stops].reverse() });
    expect(backwards.status).toBe(400);
    expect((await sys.command('DELETE_ROUTE', { slotId })).status).toBe(200);
    expect((await slotRow(slotId)).routePoints).toEqual([]);
    expect(await consignment(a)).toMatchObject({ state: 'RESOLVED', slotId: null });
  });

  it('S7-CMD-030 UPDATE_AREA_IN_SLOT and REMOVE_AREA_FROM_SLOT', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const area = { id: 'sentrum', name: 'Sentrum', postalCodes: ['0150-0199', '0250'] };
    expect((await sys.command('UPDATE_AREA_IN_SLOT', { slotId, area })).status).toBe(200);
    expect((await slotRow(slotId)).areas).toEqual([area]);
    expect((await sys.command('REMOVE_AREA_FROM_SLOT', { slotId, areaId: 'sentrum' })).status).toBe(
      200,
    );
    expect((await slotRow(slotId)).areas).toEqual([]);
    const bad = await sys.command('UPDATE_AREA_IN_SLOT', {
      slotId,
      area: { name: 'X', postalCodes: ['abc'] },
    });
    expect(bad.status).toBe(400);
  });

  it('S4-FLOW-021 S7-CMD-012 S4-FLOW-016 manual planning toggles; planning completes; a slot starts with a courier and completes', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    await sys.command('TOGGLE_SLOT_MANUAL_PLANNING', { slot: slotId });
    expect((await slotRow(slotId)).manualPlanning).toBe(true);
    await sys.command('TOGGLE_SLOT_MANUAL_PLANNING', { slot: slotId });
    expect((await slotRow(slotId)).manualPlanning).toBe(false);
    const plan = await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'completePlanning' });
    expect(plan.status).toBe(200);
    expect((await slotRow(slotId)).state).toBe('PLANNED');
    const noCourier = await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' });
    expect(noCourier.status).toBe(409);
    expect(noCourier.body[0].errorType).toBe('INVALID_STATE_TRANSITION');
    const courier = await createCourier(sys, [oslo]);
    expect(
      (await sys.command('ASSIGN_COURIER_TO_SLOT', { slotId, courierId: courier.id })).status,
    ).toBe(200);
    expect((await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' })).status).toBe(
      200,
    );
    const wrong = await sys.command('CHANGE_SLOT_STATE', {
      slotId,
      transition: 'completePlanning',
    });
    expect(wrong.status).toBe(409);
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'complete' })).status,
    ).toBe(200);
    expect(await slotRow(slotId)).toMatchObject({ state: 'COMPLETED', courierId: courier.id });
  });

  it('S7-CMD-057 a courier of another department cannot be put on a slot', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const other = await createCourier(sys, [bergen]);
    const res = await sys.command('ASSIGN_COURIER_TO_SLOT', { slotId, courierId: other.id });
    expect(res.status).toBe(400);
    const nobody = await sys.command('ASSIGN_COURIER_TO_SLOT', { slotId, courierId: '99999' });
    expect(nobody.status).toBe(404);
  });

  it('S7-CMD-022 templates: slots for the template days of a range, none on public holidays, none twice; deleted', async () => {
    const saved = await sys.command('CREATE_OR_UPDATE_TEMPLATE', {
      departmentId: oslo,
      name: 'Weekdays',
      weekdays: [1, 2, 3, 4, 5],
      slots: [
        { key: 'm', name: 'Morning', timeFrom: '07:00', timeTo: '15:00' },
        { key: 'e', name: 'Evening', timeFrom: '15:00' },
      ],
    });
    expect(saved.status).toBe(200);
    const templateId = saved.body.ids[0];
    await sys.settled();
    const [template] = (await sys.query('templatesByDepartmentIds', { departmentIds: [oslo] }))
      .body;
    expect(template).toMatchObject({ id: templateId, name: 'Weekdays', datesCreated: [] });
    // Monday 2027-03-01 to Sunday 2027-03-07; Wednesday is made a public holiday.
    await sys.command('CREATE_HOLIDAY', {
      country: 'NO',
      type: 'PUBLIC_HOLIDAY',
      date: '2027-03-03',
    });
    const made = await sys.command('CREATE_SLOTS_FROM_TEMPLATE', {
      templateId,
      fromDate: '2027-03-01',
      toDate: '2027-03-07',
    });
    expect(made.status).toBe(200);
    expect(made.body.ids).toHaveLength(1 + 4 * 2);
    await sys.settled();
    const slots = (
      await sys.query('slots', {
        departmentIds: [oslo],
        fromDate: '2027-03-01',
        toDate: '2027-03-07',
        shallowFetch: true,
      })
    ).body;
    expect([...new Set(slots.map((s: { date: string }) => s.date))]).toEqual([
      '2027-03-01',
      '2027-03-02',
      '2027-03-04',
      '2027-03-05',
    ]);
    // 07:00 in Oslo in March is 06:00 UTC.
    expect(slots[0]).toMatchObject({
      name: 'Morning',
      timeFrom: '2027-03-01T06:00:00.000Z',
      templateId,
    });
    const twice = await sys.command('CREATE_SLOTS_FROM_TEMPLATE', {
      templateId,
      fromDate: '2027-03-01',
      toDate: '2027-03-07',
    });
    expect(twice.status).toBe(200);
    expect(twice.body.ids).toEqual([templateId]);
    expect((await sys.command('DELETE_TEMPLATE', { id: templateId })).status).toBe(200);
    await sys.settled();
    expect((await sys.query('templatesByDepartmentIds', { departmentIds: [oslo] })).body).toEqual(
      [],
    );
  });

  it('slots from a template under a client command id: each slot its own id; a repeat makes none', async () => {
    const templateId = (
      await sys.command('CREATE_OR_UPDATE_TEMPLATE', {
        departmentId: oslo,
        name: 'Twice a day',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        slots: [
          { key: 'm', name: 'Morning', timeFrom: '07:00' },
          { key: 'e', name: 'Evening', timeFrom: '16:00' },
        ],
      })
    ).body.ids[0];
    const commandId = randomUUID();
    const payload = { templateId, fromDate: '2027-04-05', toDate: '2027-04-06' };
    const first = await sys.command('CREATE_SLOTS_FROM_TEMPLATE', payload, { commandId });
    expect(first.status).toBe(200);
    expect(first.body.events.filter((e: string) => e === 'SlotCreated')).toHaveLength(4);
    const again = await sys.command('CREATE_SLOTS_FROM_TEMPLATE', payload, { commandId });
    expect(again.body).toEqual(first.body);
    await sys.settled();
    const slots = (
      await sys.query('slots', {
        departmentIds: [oslo],
        fromDate: '2027-04-05',
        toDate: '2027-04-06',
        shallowFetch: true,
      })
    ).body.filter((s: { templateId: string }) => s.templateId === templateId);
    expect(new Set(slots.map((s: { id: string }) => s.id)).size).toBe(4);
  });

  it('S7-CMD-021 S5-VAL-067 S5-VAL-068 S5-VAL-069 set durations stores seconds, blank as null, and needs orderIds', async () => {
    const id = await order();
    const res = await sys.command('SET_PICKUP_AND_DELIVERY_DURATIONS', {
      orderIds: [id],
      pickupDurationSeconds: 330,
      deliveryDurationSeconds: null,
    });
    expect(res.status).toBe(200);
    expect(await consignment(id)).toMatchObject({
      pickupDurationSeconds: 330,
      deliveryDurationSeconds: null,
    });
    const none = await sys.command('SET_PICKUP_AND_DELIVERY_DURATIONS', {
      orderIds: [],
      pickupDurationSeconds: 60,
      deliveryDurationSeconds: 60,
    });
    expect(none.status).toBe(400);
  });

  it('S7-CMD-016 grouping orders stores group, order, fixedOrder and paidTogether; S7-CMD-037 new time windows', async () => {
    const [a, b] = [await order(), await order()];
    const res = await sys.command('GROUP_ORDERS', {
      groupId: 'G-1',
      groupName: 'Apotek run',
      orderIds: [a, b],
      fixedOrder: true,
      paidTogether: true,
    });
    expect(res.status).toBe(200);
    await sys.settled();
    const rows = (await sys.query('orders', { ids: [a, b] })).body;
    const byId = new Map(rows.map((r: { orderId: string }) => [r.orderId, r]));
    expect((byId.get(a) as { order: object }).order).toMatchObject({
      groupId: 'G-1',
      groupName: 'Apotek run',
      groupOrder: 0,
      fixedOrder: true,
      paidTogether: true,
    });
    expect((byId.get(b) as { order: object }).order).toMatchObject({ groupOrder: 1 });
    const times = await sys.command('UPDATE_PICKUP_AND_DELIVERY_TIMES', {
      orderIds: [a],
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
    });
    expect(times.status).toBe(200);
    expect(await consignment(a)).toMatchObject({
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '14:00',
    });
  });

  it("S1-GEN-030 S8-ERR-028 a courier reads its own slots and reports its own stops, nobody else's, each pickup before its delivery", async () => {
    const courier = await createCourier(sys, [oslo]);
    const slotId = await createSlot(sys, oslo, DATE, { courierId: courier.id });
    const otherSlot = await createSlot(sys, oslo, DATE);
    const [mine, theirs] = [await order(), await order()];
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [mine], slotId });
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [theirs], slotId: otherSlot });
    await sys.settled();
    const session = sys.as(await sys.signIn(courier.phoneNumber));
    const before = (await session.command('MANUAL_DELIVER', { consignmentIds: [mine] })).status;
    expect(before).toBe(403); // the slot has not started
    await sys.command('CHANGE_SLOT_STATE', { slotId, transition: 'start' });
    await sys.settled();
    const own = (await session.query('courierSlots', { date: DATE })).body;
    expect(own.map((s: { id: string }) => s.id)).toEqual([slotId]);
    expect(own[0].routePoints.map((p: { consignmentId: string }) => p.consignmentId)).toContain(
      mine,
    );
    expect((await session.query('slots', { fromDate: DATE, toDate: DATE })).status).toBe(403);
    // Issue 36: the courier's delivery before its pickup is refused, saying so, and changes nothing.
    const early = await session.command('MANUAL_DELIVER', { consignmentIds: [mine] });
    expect(early.status).toBe(409);
    expect(early.body[0]).toMatchObject({
      errorType: 'INVALID_STATE_TRANSITION',
      description: expect.stringContaining('before its pickup'),
    });
    expect(await consignment(mine)).toMatchObject({ state: 'ASSIGNED' });
    expect((await session.command('MANUAL_COLLECT', { consignmentIds: [mine] })).status).toBe(200);
    expect((await session.command('MANUAL_DELIVER', { consignmentIds: [mine] })).status).toBe(200);
    expect((await session.command('MANUAL_DELIVER', { consignmentIds: [theirs] })).status).toBe(
      403,
    );
    const progress = await slotRow(slotId);
    expect(progress.progress).toEqual({ done: 2, left: 0 });
    // A planner's MANUAL_DELIVER is the spec's manual override: the pickup included.
    expect((await sys.command('MANUAL_DELIVER', { consignmentIds: [theirs] })).status).toBe(200);
    expect(await consignment(theirs)).toMatchObject({ state: 'DELIVERED' });
  });

  it('S1-GEN-003 S7-CMD-057 S7-CMD-056 a courier, a unit and a vehicle on a slot; over capacity is refused with what and by how much, unless forced', async () => {
    const courier = await createCourier(sys, [oslo]);
    const unit = async (extra: Record<string, unknown>) => {
      const res = await sys.command('CREATE_UNIT', {
        name: 'Van',
        alystraId: 'U-1',
        departmentId: oslo,
        capacity: 5,
        weightCapacity: 50,
        volumeCapacity: 1.5,
        vehicleType: 'van',
        fuelType: 'electric',
        courierUserIds: [courier.id],
        startLocation: { lat: 59.91, lng: 10.75 },
        ...extra,
      });
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    const unitId = await unit({});
    const vehicleId = await unit({
      isUnit: false,
      name: 'Spare van',
      registrationNumber: 'EL12345',
    });
    const slotId = await createSlot(sys, oslo, DATE);
    for (const [name, payload] of [
      ['ASSIGN_COURIER_TO_SLOT', { slotId, courierId: courier.id }],
      ['ASSIGN_UNIT_TO_SLOT', { slotId, unitId }],
      ['ASSIGN_VEHICLE_TO_SLOT', { slotId, vehicleId }],
    ] as const)
      expect((await sys.command(name, payload)).status).toBe(200);
    await sys.settled();
    const [row] = (await sys.query('slots', { fromDate: DATE, toDate: DATE, slotIds: [slotId] }))
      .body;
    expect(row).toMatchObject({
      courierId: courier.id,
      unitId,
      vehicleId,
      capacity: { count: 5, weight: 50, volume: 1500 },
      load: { count: 0, weight: 0, volume: 0 },
    });
    // Two orders of 2 packages and 20 kg each fit; a third is over by 1 package and 10 kg.
    const ids = [await order(), await order(), await order()];
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: ids.slice(0, 2), slotId }))
        .status,
    ).toBe(200);
    const before = await storeHead(sys);
    const over = await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [ids[2]], slotId });
    expect(over.status).toBe(409);
    expect(over.body[0]).toMatchObject({
      errorType: 'CAPACITY_EXCEEDED',
      description: `Slot ${slotId} would be over its count by 1 packages, weight by 10 kg`,
      params: { slotId, capacities: 'count,weight', count: 1, weight: 10 },
    });
    expect(await storeHead(sys)).toBe(before);
    const forced = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
      consignmentIds: [ids[2]],
      slotId,
      force: true,
    });
    expect(forced.status).toBe(200);
    expect((await slotRow(slotId)).load).toEqual({ count: 6, weight: 60, volume: 0 });
    // Unassigning the vehicle keeps the rest.
    expect((await sys.command('UNASSIGN_VEHICLE_FROM_SLOT', { slotId })).status).toBe(200);
    expect(await slotRow(slotId)).toMatchObject({ vehicleId: null, unitId, courierId: courier.id });
    // The unit's slot is the cheapest place for a stop next to its route.
    const near = await order(oslo, {}, { lat: 59.931, lng: 10.721 });
    await sys.settled();
    const ranked = (await sys.query('suggestedUnitsForOrder', { orderId: near })).body;
    expect(ranked[0]).toMatchObject({ unitId, slotId });
    expect(ranked[0].extraKm).toBeLessThan(1);
  });

  it('two planners filling the last room of a slot at once: both succeed or one is refused, never an inconsistent route', async () => {
    const slotId = await createSlot(sys, oslo, DATE);
    const ids = await Promise.all([order(), order(), order(), order()]);
    const results = await Promise.all(
      ids.map((id) => sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const points = (await slotRow(slotId)).routePoints;
    expect(new Set(points.map((p: { consignmentId: string }) => p.consignmentId))).toEqual(
      new Set(ids),
    );
    for (const id of ids) expect((await consignment(id)).slotId).toBe(slotId);
  });
});
