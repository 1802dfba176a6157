import { expect } from '@jest/globals';
import { demoOrder, prng } from '@nordlog/deploy';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { createCourier, createSlot } from '../support/planning.js';
import { startRun, waitForRun } from '../support/optimizing.js';
import { waitForInvoicingRun } from '../support/invoicing.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { adminCalendarWorld, adminReferenceWorld, madeBy } from './projectionsAdminWorld.js';
import { preAdviceWorld } from './projectionsPreAdviceWorld.js';

/**
 * The projections test's world: a department's day through every feature that has a read model
 * (orders booked, planned, optimised, driven, delivered, deviated, invoiced, and the admin's
 * reference data), made through the gateway as users make it.
 */
export async function buildProjectionsWorld(): Promise<{
  sys: TestSystem;
  /** An order whose invoicing is paused. */
  paused: string;
}> {
  const sys = await startTestSystem();
  await configureNumberSeries(sys, { companyPrefix: '7090009' });
  const dep = (
    await sys.command('CREATE_DEPARTMENT', {
      name: 'Oslo',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    })
  ).body.ids[0];
  const cust = (await sys.command('CREATE_CUSTOMER', { name: 'Nordlys Apotek', departmentId: dep }))
    .body.ids[0];
  const rnd = prng(7);
  const ids: string[] = [];
  for (let i = 0; i < 120; i++) {
    const order = demoOrder(
      rnd,
      { id: dep, country: 'NO', location: { lat: 59.91, lng: 10.75 } },
      { id: cust, name: 'Nordlys Apotek' },
      bookingDate(),
      i,
    );
    ids.push((await sys.command('CREATE_ORDER', order)).body.ids[0]);
  }
  const slotId = await createSlot(sys, dep, bookingDate());
  await sys.settled();
  // The demo orders that can be planned (some wait for an address or a confirmation).
  const assignable = (await sys.query('consignments', { ids: ids.slice(0, 60) })).body
    .filter((r: { isAssignable: boolean }) => r.isAssignable)
    .map((r: { id: string }) => r.id);
  expect(assignable.length).toBeGreaterThan(30);
  const planned = await sys.command('UPDATE_CONSIGNMENT_SLOT', {
    consignmentIds: assignable,
    slotId,
  });
  expect(planned.status).toBe(200);
  // Planning resources: a courier, a vehicle and a template.
  const driver = await createCourier(sys, [dep]);
  const vehicle = await sys.command('CREATE_UNIT', {
    name: 'Van 1',
    alystraId: 'V-1',
    departmentId: dep,
    isUnit: false,
    capacity: 40,
    weightCapacity: 800,
    volumeCapacity: 9.5,
    vehicleType: 'van',
    fuelType: 'electric',
    courierUserIds: [driver.id],
  });
  expect(vehicle.status).toBe(200);
  const template = await sys.command('CREATE_OR_UPDATE_TEMPLATE', {
    departmentId: dep,
    name: 'Weekdays',
    slots: [{ key: 'm', name: 'Morning', timeFrom: '07:00' }],
  });
  expect(template.status).toBe(200);
  await sys.command('MANUAL_COLLECT', { consignmentIds: ids.slice(0, 30) });
  await sys.command('MANUAL_DEVIATE', {
    consignmentIds: ids.slice(0, 10),
    reason: 'NOT_HOME',
  });
  // Deviations reported, changed and deleted (docs/decisions/0051-deviations.md); one following
  // its order to another department is in the socket scope suite.
  const deviations: string[] = [];
  for (const orderId of assignable.slice(0, 3)) {
    const res = await sys.command('CREATE_DEVIATION', {
      orderId,
      reason: 'DAMAGED',
      text: 'Wet',
    });
    expect(res.status).toBe(200);
    deviations.push(res.body.ids[0]);
  }
  for (const [name, payload] of [
    ['UPDATE_DEVIATION', { orderId: assignable[0], id: deviations[0], reason: 'CLOSED' }],
    ['DELETE_DEVIATION', { orderId: assignable[1], id: deviations[1] }],
  ] as const)
    expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
      name,
      status: 200,
    });
  // An order moved to another department: its history follows it, and an older event of it
  // delivered again does not take it back.
  const bergen = (
    await sys.command('CREATE_DEPARTMENT', {
      name: 'Bergen',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 60.39, lng: 5.32 },
    })
  ).body.ids[0];
  expect(
    (await sys.command('MOVE_ORDERS', { orderIds: [ids[119]], departmentId: bergen })).status,
  ).toBe(200);
  // Returns (docs/decisions/0057-returns.md): a copy back to the sender, a multi-leg return of
  // a deviated order (its last leg) and of a delivered one (two legs), linked both ways.
  await sys.command('UPDATE_DEPARTMENT', {
    id: dep,
    address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
  });
  const deviatedPlanned = ids.slice(0, 10).filter((id) => assignable.includes(id));
  const delivered = assignable.find((id: string) => ids.slice(10, 30).includes(id))!;
  await sys.command('MANUAL_DELIVER', { consignmentIds: [delivered] });
  for (const [name, payload] of [
    ['COPY_DEVIATED_ORDER', { orderId: deviatedPlanned[0], to: 'SENDER' }],
    ['CREATE_MULTILEG_RETURN', { orderId: deviatedPlanned[1] }],
    ['CREATE_MULTILEG_RETURN', { orderId: delivered }],
  ] as const)
    expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
      name,
      status: 200,
    });
  // The address book (docs/decisions/0061): three addresses, one updated, one deleted (its
  // people erased, the tombstone folded again from the erased events).
  const saved: string[] = [];
  for (const [i, usage] of (['PICKUP', 'DELIVERY', 'BOTH'] as const).entries()) {
    const res = await sys.command('CREATE_ADDRESS', {
      departmentId: dep,
      customerId: cust,
      usage,
      code: `A-${i}`,
      block: {
        name: `Lager ${i}`,
        address: `Storgata ${i + 1}`,
        zipCode: '0155',
        zipArea: 'Oslo',
        phone: '+4791234567',
      },
    });
    expect(res.status).toBe(200);
    saved.push(res.body.ids[0]);
  }
  expect((await sys.command('UPDATE_ADDRESS', { id: saved[0], usage: 'BOTH' })).status).toBe(200);
  expect((await sys.command('DELETE_ADDRESS', { id: saved[1] })).status).toBe(200);
  // API keys (docs/decisions/0069): two of the customer, one rotated, one revoked.
  for (const then of ['ROTATE_API_KEY', 'REVOKE_API_KEY'] as const) {
    const key = await sys.command('CREATE_API_KEY', { customerId: cust, label: then });
    expect(key.status).toBe(200);
    expect((await sys.command(then, { id: key.body.apiKey.id })).status).toBe(200);
  }
  // Recurring orders (docs/decisions/0058): two made of demo orders, one paused, one with an
  // order removed, one deleted; two dates executed (booked, and skipped for the pause).
  const recurring: string[] = [];
  for (const orderIds of [[ids[40], ids[41]], [ids[42]], [ids[43]]]) {
    const res = await sys.command('SAVE_RECURRING_ORDER', {
      orderIds,
      name: `Fast ${orderIds[0]}`,
      startDate: bookingDate(2),
      weekdays: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(res.status).toBe(200);
    recurring.push(res.body.ids[0]);
  }
  for (const [name, payload] of [
    [
      'REMOVE_ORDERS_FROM_RECURRING_ORDERS',
      { recurringOrderIds: [recurring[0]], orderIds: [ids[41]] },
    ],
    ['SET_RECURRING_ORDER_PAUSED', { id: recurring[1], paused: true }],
    ['DELETE_RECURRING_ORDER', { id: recurring[2] }],
    ['EXECUTE_RECURRING_ORDERS', { date: bookingDate(2), department: dep }],
    ['EXECUTE_RECURRING_ORDERS', { date: bookingDate(3), department: dep }],
  ] as const)
    expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
      name,
      status: 200,
    });
  await preAdviceWorld(sys, dep, cust, ids);
  // Webhooks (docs/decisions/0070): two of the customer's, one changed and rotated, one
  // deleted; the orders' later events are queued for them (the queue's tables are rebuilt).
  const hooks: string[] = [];
  for (const url of ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b']) {
    const res = await sys.command('CREATE_WEBHOOK', {
      customerId: cust,
      url,
      events: ['OrderDeleted', 'ConsignmentAssignedToSlot'],
    });
    expect(res.status).toBe(200);
    hooks.push(res.body.ids[0] as string);
  }
  for (const [name, payload] of [
    ['UPDATE_WEBHOOK', { id: hooks[0], events: ['OrderDeleted'], description: 'ERP' }],
    ['ROTATE_WEBHOOK_SECRET', { id: hooks[0] }],
    ['DELETE_WEBHOOK', { id: hooks[1] }],
  ] as const)
    expect({ name, status: (await sys.command(name, payload)).status }).toEqual({
      name,
      status: 200,
    });
  // Same-day home delivery set twice, two orders of its service take the day's places, one of
  // them deleted (its place freed) (0092).
  const made = madeBy(sys);
  const shd = { departmentId: dep, enabled: true, serviceIds: ['SHD_HOME'], dailyCapacity: 5 };
  await made('UPSERT_SHD_SETTINGS', shd);
  await made('UPSERT_SHD_SETTINGS', { ...shd, dailyCapacity: 6 });
  const shdOrders: string[] = [];
  for (const i of [200, 201])
    shdOrders.push(
      await made('CREATE_ORDER', {
        ...demoOrder(
          rnd,
          { id: dep, country: 'NO', location: { lat: 59.91, lng: 10.75 } },
          { id: cust, name: 'Nordlys Apotek' },
          bookingDate(),
          i,
        ),
        serviceId: 'SHD_HOME',
      }),
    );
  await made('DELETE_ORDERS', { orderIds: [shdOrders[0]] });
  // Jobs, content, the calendar and the matrix (0076–0079).
  await adminCalendarWorld(sys, dep);
  // An optimising run suggesting two of them for a second slot, reordered; a run cancelled.
  const second = await createSlot(sys, dep, bookingDate());
  const suggested = await waitForRun(
    sys,
    await startRun(sys, 'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS', {
      slot: second,
      consignments: assignable.slice(0, 2),
      allowSortingErrors: true,
    }),
    ['COMPLETED', 'FAILED'],
  );
  expect(suggested.result?.suggestedSlotIds).toEqual([second]);
  await sys.settled();
  const [suggestion] = (await sys.query('routeSuggestions', { date: bookingDate() })).body as {
    stops: { kind: string; consignmentId: string }[];
  }[];
  const [first, ...rest] = suggestion!.stops.filter((x) => x.kind !== 'rest_break');
  const moved = rest.findIndex(
    (x) => x.kind === 'delivery' && x.consignmentId === first!.consignmentId,
  );
  // The first consignment's stops moved to the end (its pickup before its delivery).
  await sys.command('REORDER_SUGGESTED_ROUTE', {
    slot: second,
    route: [...rest.filter((_, i) => i !== moved), first, rest[moved]],
  });
  const cancelled = await startRun(sys, 'START_OPTIMIZING', {
    departmentId: dep,
    date: bookingDate(),
    seconds: 60,
  });
  await waitForRun(sys, cancelled, ['RUNNING']);
  await sys.command('CANCEL_RUNNING_OPTIMIZING', { id: cancelled });
  await waitForRun(sys, cancelled, ['CANCELLED']);
  await sys.command('DELETE_ORDERS', { orderIds: ids.slice(100, 110) });
  // Label documents, printed and reprinted (rows that are written once).
  await sys.command('CREATE_LABEL', { orderId: ids[40] });
  await sys.command('CREATE_LABEL', { orderId: ids[40] });
  await sys.command('CREATE_MULTIPLE_LABEL', { orderIds: ids.slice(41, 50) });
  await sys.command('UPDATE_CUSTOMER', { id: cust, customerCode: 'NLAP' });
  // A planner's pin (rm_pinned_addresses), set twice: the last pin wins, on a rebuild too.
  for (const lat of [59.9139, 59.914])
    await sys.command('PIN_ADDRESS', {
      departmentId: dep,
      address: 'Bogstadveien 30',
      zipCode: '0355',
      countryCode: 'NO',
      lat,
      lng: 10.7522,
    });
  const role = (
    await sys.command('CREATE_ROLE', { name: 'Dispatch', access: ['PLANNER_DISPATCHING'] })
  ).body.ids[0];
  const user = (
    await sys.command('CREATE_USER', { name: 'Kari', phoneNumber: '91234567', role: 'PLANNER' })
  ).body.ids[0];
  await sys.command('ADD_ROLES_TO_USER', { roleIds: [role], userId: user });
  // Reference data: groups, holidays, prices, texts, upsales, vendors (0030–0091).
  await adminReferenceWorld(sys, dep, cust, vehicle.body.ids[0]);

  // A slot driven by its courier (rm_report_routes, 0090): positions while it is IN_PROGRESS,
  // one of them GPS noise, and one after its completion.
  const driven = await createSlot(sys, dep, bookingDate(), { courierId: driver.id });
  const driverPhone = await sys.login({
    phoneNumber: freshPhone(),
    role: 'COURIER',
    courierId: driver.id,
  });
  const transition = (t: string) =>
    sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: t });
  expect((await transition('start')).status).toBe(200);
  await sys.settled();
  for (const [lat, minute] of [
    [59.91, '01'],
    [59.92, '05'],
    [61, '06'],
    [59.93, '09'],
  ] as const)
    await sys.as(driverPhone).command('SET_COURIER_LOCATION', {
      courierId: driver.id,
      latitude: lat,
      longitude: 10.75,
      accuracy: 10,
      timestamp: `2026-11-22T09:${minute}:00Z`,
    });
  await sys.settled();
  expect((await transition('complete')).status).toBe(200);
  await sys.settled();
  const [track] = await sys.db.knex('rm_report_routes').where({ id: driven }).select('data');
  // 59.91 → 59.92 → (61: noise) → 59.93: 0.02° of 111,195.08 m.
  expect(Math.round(track.data.drivenMetres)).toBe(2224);
  // Invoicing (docs/decisions/0032): orders delivered, one held, one corrected and accepted, one
  // with a price correction; a billing order; a run that invoices what is ready.
  const toDeliver = assignable.filter((id: string) => ids.indexOf(id) >= 30);
  const must = async (name: string, payload: unknown) => {
    const res = await sys.command(name, payload);
    expect({ name, status: res.status }).toEqual({ name, status: 200 });
    return res.body.ids[0] as string;
  };
  // A terminal's scan on the slot (rm_slot_scans, 0064).
  await must('ADD_SCANNED_EVENTS', {
    slotId,
    scans: [{ code: 'CAGE-1', kind: 'LOADED', scannedAt: '2026-11-22T08:03:00Z' }],
  });
  await must('MANUAL_DELIVER', { consignmentIds: toDeliver });
  // A recipient's net promoter answer (rm_nps_answers and the order's history, 0083).
  await must('UPDATE_CUSTOMER', { id: cust, npsFromDate: '2020-01-01' });
  await sys.settled();
  const [rated] = (await sys.query('orders', { ids: [toDeliver[3]] })).body as {
    order: { trackingId: string };
  }[];
  await must('RECIPIENT_RATE_DELIVERY', {
    trackingId: rated!.order.trackingId,
    score: 9,
    comment: 'Kind courier',
  });
  await must('PAUSE_ORDER_INVOICING', { orderIds: [toDeliver[0]], reason: 'Dispute' });
  const paused = toDeliver[0];
  const measured = { numberOfPackages: 2, volumeDmq: 40, weightKilograms: 12 };
  const correction = await must('CREATE_ORDER_CORRECTION', {
    orderId: toDeliver[1],
    ...measured,
  });
  await must('ACCEPT_ORDER_CORRECTION', { orderId: toDeliver[1], id: correction, ...measured });
  await must('UPDATE_ORDER_PRICE_CORRECTIONS', {
    orderId: toDeliver[2],
    correctedArticlePrices: [{ articleCode: 'FREIGHT', customerPrice: 150 }],
    reason: 'Agreed price',
  });
  await must('CREATE_BILLING_ORDER', {
    departmentId: dep,
    customerId: cust,
    deliveryDate: bookingDate(),
    items: [{ specification: 'Storage', quantity: 3, customerAmount: 40, articleCode: 'STORE' }],
  });
  const run = await must('START_INVOICING_RUN', {
    departmentId: dep,
    fromDate: bookingDate(),
    toDate: bookingDate(),
  });
  await waitForInvoicingRun(sys, dep, run, 'COMPLETED');
  await sys.settled();
  return { sys, paused };
}
