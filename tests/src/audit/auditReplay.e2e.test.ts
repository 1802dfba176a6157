import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditLog, AuditLogDetails, LmStatusEvent, OrderRow } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';

const DATE = bookingDate();
const AUDIT_QUERIES = [
  'apolloAuditLogEntries',
  'apolloAuditLogEntriesDetails',
  'eventsWithSentLmStatus',
];

/** The order as the `orders` read model has it, less what that query adds (the customer's name). */
const readModelOrder = async (client: Client, id: string): Promise<Partial<OrderRow>> => {
  const res = await client.query('orders', { ids: [id] });
  expect(res.status).toBe(200);
  const { customerName: _name, ...row } = res.body[0] as OrderRow;
  return row;
};

/**
 * The audit replay (issue 18 §4, docs/decisions/0029-audit-replay.md): an order booked, edited
 * twice, planned, collected and delivered; its events with who, when, the command and a
 * field-level diff; the order as of any moment rebuilt from the events; who may ask.
 */
describe('audit replay (apolloAuditLogEntries, its Details, eventsWithSentLmStatus)', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let orderId: string;
  let shipmentId: string;
  let packageId: string;
  /** The `orders` row right after the first edit, and the revision and time of that edit. */
  let afterFirstEdit: Partial<OrderRow>;
  let firstEditRevision: number;
  let firstEditAt: string;
  let finalOrder: Partial<OrderRow>;

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = (name: string) =>
      sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' });
    oslo = (await dep('Oslo')).body.ids[0];
    bergen = (await dep('Bergen')).body.ids[0];
    const customer = (
      await sys.command('CREATE_CUSTOMER', { name: 'Apotek 1', departmentId: oslo })
    ).body.ids[0];
    const booked = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: customer,
      pickupDate: DATE,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari Nordmann', phone: '+4791111111' },
      measurements: [{ weight: 2, quantity: 2 }],
      orderNote: 'first note',
    });
    expect(booked.status).toBe(200);
    orderId = booked.body.ids[0];
    await sys.settled();
    const row = await readModelOrder(sys, orderId);
    shipmentId = row.shipmentId!;
    packageId = row.order!.measurements[0]!.packageIds![1]!;

    expect((await sys.command('UPDATE_ORDER', { orderId, orderNote: 'second note' })).status).toBe(
      200,
    );
    await sys.settled();
    afterFirstEdit = await readModelOrder(sys, orderId);
    firstEditRevision = afterFirstEdit.revision!;
    firstEditAt = new Date(afterFirstEdit.updatedAtEpoch!).toISOString();
    // The later edit happens at a later instant than the first one.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      (
        await sys.command('UPDATE_ORDER', {
          orderId,
          orderNote: 'third note',
          delivery: { ...row.order!.delivery, phone: '+4792222222' },
        })
      ).status,
    ).toBe(200);
    const slotId = await createSlot(sys, oslo, DATE);
    for (const [type, payload] of [
      ['UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderId], slotId }],
      ['MANUAL_COLLECT', { consignmentIds: [orderId] }],
      ['MANUAL_DELIVER', { consignmentIds: [orderId], comment: 'at the door' }],
    ] as const)
      expect((await sys.command(type, payload)).status).toBe(200);
    await sys.settled();
    finalOrder = await readModelOrder(sys, orderId);
  }, 60_000);
  afterAll(async () => sys?.shutdown());

  it('S7-CALL-108: finds the order by shipment id, package id (SSCC) or order id; events in order with who, when, the command and what changed', async () => {
    const byShipment = await sys.query('apolloAuditLogEntries', { id: shipmentId });
    expect(byShipment.status).toBe(200);
    for (const id of [packageId, orderId])
      expect((await sys.query('apolloAuditLogEntries', { id })).body).toEqual(byShipment.body);
    const log = byShipment.body as AuditLog;
    expect(log).toMatchObject({ orderId, shipmentId, departmentId: oslo });
    expect(log.entries.map((e) => [e.revision, e.eventType, e.commandType, e.state])).toEqual([
      [0, 'OrderCreated', 'CREATE_ORDER', 'RESOLVED'],
      [1, 'OrderUpdated', 'UPDATE_ORDER', 'RESOLVED'],
      [2, 'OrderUpdated', 'UPDATE_ORDER', 'RESOLVED'],
      [3, 'ConsignmentAssignedToSlot', 'UPDATE_CONSIGNMENT_SLOT', 'ASSIGNED'],
      [4, 'ConsignmentCollected', 'MANUAL_COLLECT', 'COLLECTED'],
      [5, 'ConsignmentDelivered', 'MANUAL_DELIVER', 'DELIVERED'],
    ]);
    for (const entry of log.entries) {
      expect(entry.userName).toBe('Test Admin');
      expect(entry.userId).toMatch(/^\d+$/);
      expect(entry.commandId).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(entry.occurredAt)).not.toBeNaN();
    }
    // Oldest first, by time and by global position.
    const times = log.entries.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const positions = log.entries.map((e) => BigInt(e.position));
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    // The field-level diff of each event's effect on the order.
    expect(log.entries[1]!.changes).toEqual([
      { path: ['order', 'orderNote'], before: 'first note', after: 'second note' },
    ]);
    expect(log.entries[2]!.changes).toEqual(
      expect.arrayContaining([
        { path: ['order', 'orderNote'], before: 'second note', after: 'third note' },
        { path: ['order', 'delivery', 'phone'], before: '+4791111111', after: '+4792222222' },
      ]),
    );
    expect(log.entries[3]!.changes).toEqual(
      expect.arrayContaining([
        { path: ['state'], before: 'RESOLVED', after: 'ASSIGNED' },
        { path: ['slotId'], before: null, after: expect.any(String) },
      ]),
    );
    expect(log.entries[0]!.changes).toEqual([
      { path: [], before: null, after: expect.any(Object) },
    ]);
  });

  it('S7-CALL-108: the order as of a middle moment is the order before the later edit; as of the end it is the orders read model', async () => {
    const details = async (params: Record<string, unknown>) => {
      const res = await sys.query('apolloAuditLogEntriesDetails', { orderId, ...params });
      expect(res.status).toBe(200);
      return res.body as AuditLogDetails;
    };
    const byRevision = await details({ revision: firstEditRevision });
    expect(byRevision.order).toEqual(afterFirstEdit);
    expect(byRevision).toMatchObject({ eventCount: 6, foldedCount: 2 });
    expect(byRevision.asOf).toMatchObject({ revision: 1, occurredAt: firstEditAt });
    // The same moment by its instant, and an instant just before the later edit.
    expect((await details({ at: firstEditAt })).order).toEqual(afterFirstEdit);
    const log = (await sys.query('apolloAuditLogEntries', { id: orderId })).body as AuditLog;
    const justBefore = new Date(Date.parse(log.entries[2]!.occurredAt) - 1).toISOString();
    expect((await details({ at: justBefore })).order).toEqual(afterFirstEdit);
    expect((await details({})).order).toEqual(finalOrder);
    expect((await details({ revision: 5 })).order).toEqual(finalOrder);
    expect((await details({ revision: 99 })).order).toEqual(finalOrder);
    // Before the booking the order did not exist.
    const before = await details({ at: '2000-01-01T00:00:00Z' });
    expect(before).toMatchObject({ asOf: null, foldedCount: 0, order: null });
  });

  it('S7-CALL-100: eventsWithSentLmStatus lists the events that changed the consignment state', async () => {
    const res = await sys.query('eventsWithSentLmStatus', { orderId });
    expect(res.status).toBe(200);
    expect(
      (res.body as LmStatusEvent[]).map((e) => [e.eventType, e.previousState, e.state, e.userName]),
    ).toEqual([
      ['OrderCreated', null, 'RESOLVED', 'Test Admin'],
      ['ConsignmentAssignedToSlot', 'RESOLVED', 'ASSIGNED', 'Test Admin'],
      ['ConsignmentCollected', 'ASSIGNED', 'COLLECTED', 'Test Admin'],
      ['ConsignmentDelivered', 'COLLECTED', 'DELIVERED', 'Test Admin'],
    ]);
  });

  it('S7-CALL-100 S7-CALL-108: a missing or bad param is 400, an unknown order is 404', async () => {
    for (const [name, params] of [
      ['apolloAuditLogEntries', {}],
      ['apolloAuditLogEntries', { id: "1' or 1=1" }],
      ['apolloAuditLogEntriesDetails', {}],
      ['apolloAuditLogEntriesDetails', { orderId, revision: 1, at: '2030-01-01T00:00:00Z' }],
      ['eventsWithSentLmStatus', {}],
    ] as const)
      expect([name, (await sys.query(name, params)).status]).toEqual([name, 400]);
    for (const [name, params] of [
      ['apolloAuditLogEntries', { id: '99999999999999999' }],
      ['apolloAuditLogEntriesDetails', { orderId: '999999' }],
      ['eventsWithSentLmStatus', { orderId: '999999' }],
    ] as const) {
      const res = await sys.query(name, params);
      expect([name, res.status, res.body[0].errorType]).toEqual([name, 404, 'ORDER_NOT_FOUND']);
    }
  });

  it('S6-FLAG-017 S7-CALL-100 S7-CALL-108: only ADMIN and ACCOUNTING with ADMIN_LM_EVENTS are answered; a planner is refused 403 even with the flag', async () => {
    const params: Record<string, unknown> = {
      apolloAuditLogEntries: { id: shipmentId },
      apolloAuditLogEntriesDetails: { orderId, revision: 1 },
      eventsWithSentLmStatus: { orderId },
    };
    const user = async (role: string, extra: Record<string, unknown> = {}) =>
      sys.as(await sys.login({ phoneNumber: freshPhone(), role, departmentIds: [oslo], ...extra }));
    const refused = {
      planner: await user('PLANNER'),
      plannerWithFlag: await user('PLANNER', { access: ['PLANNER_SHIPMENTS', 'ADMIN_LM_EVENTS'] }),
      plusPlanner: await user('PLUS_PLANNER'),
      readOnly: await user('READ_ONLY_PLANNER', { access: ['ADMIN_LM_EVENTS'] }),
      adminWithoutFlag: await user('ADMIN', { access: ['ADMIN_USERS'] }),
    };
    for (const [who, client] of Object.entries(refused))
      for (const name of AUDIT_QUERIES) {
        const res = await client.query(name, params[name]);
        expect([who, name, res.status, res.body[0]?.errorType]).toEqual([
          who,
          name,
          403,
          'NO_ACCESS',
        ]);
      }
    const answered = {
      admin: sys as Client,
      accounting: await user('ACCOUNTING'),
      adminOfOslo: await user('ADMIN'),
      adminWithOnlyTheFlag: await user('ADMIN', { access: ['ADMIN_LM_EVENTS'] }),
    };
    for (const [who, client] of Object.entries(answered))
      for (const name of AUDIT_QUERIES)
        expect([who, name, (await client.query(name, params[name])).status]).toEqual([
          who,
          name,
          200,
        ]);
    // An accounting user of another department does not find this order.
    const elsewhere = await user('ACCOUNTING', { departmentIds: [bergen] });
    for (const name of AUDIT_QUERIES)
      expect([name, (await elsewhere.query(name, params[name])).status]).toEqual([name, 404]);
  });
  it('issue 36: the log names the department, customer and slot its order names (a slot with its day), where the reader sees them; else the id stays', async () => {
    const log = (await sys.query('apolloAuditLogEntries', { id: orderId })).body as AuditLog;
    const slot = (await sys.query('slotById', { id: finalOrder.slotId })).body as {
      name: string;
      date: string;
    };
    expect(log.references).toEqual([
      { entity: 'customers', id: finalOrder.customerId, name: 'Apotek 1' },
      { entity: 'departments', id: oslo, name: 'Oslo' },
      { entity: 'slots', id: finalOrder.slotId, name: slot.name, date: slot.date },
    ]);
    // An order moved to Bergen: a Bergen auditor reads it, and Oslo's department and customer,
    // which it does not see, stay ids; the admin reads every name.
    const moved = (
      await sys.command('CREATE_ORDER', {
        departmentId: oslo,
        customerId: finalOrder.customerId,
        pickupDate: DATE,
        pickup: osloAddress,
        delivery: { ...osloAddress, name: 'Ola Nordmann' },
        measurements: [{ weight: 1, quantity: 1 }],
      })
    ).body.ids[0] as string;
    expect(
      (await sys.command('MOVE_ORDERS', { orderIds: [moved], departmentId: bergen })).status,
    ).toBe(200);
    await sys.settled();
    const bergenAuditor = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'ACCOUNTING', departmentIds: [bergen] }),
    );
    const seen = (await bergenAuditor.query('apolloAuditLogEntries', { id: moved }))
      .body as AuditLog;
    expect(
      seen.entries.some((e) => e.changes.some((c) => c.path.join('.') === 'departmentId')),
    ).toBe(true);
    expect(seen.references).toEqual([{ entity: 'departments', id: bergen, name: 'Bergen' }]);
    const all = (await sys.query('apolloAuditLogEntries', { id: moved })).body as AuditLog;
    expect(all.references.map((r) => `${r.entity}:${r.name}`)).toEqual([
      'customers:Apotek 1',
      'departments:Oslo',
      'departments:Bergen',
    ]);
  });
});
