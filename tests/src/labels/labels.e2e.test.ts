import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gsinBarcode, ssccBarcode, type OrderLabelRow } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  freshPhone,
  startTestSystem,
  storeHead,
  type Client,
  type TestSystem,
} from '../support/system.js';

const DATE = bookingDate(2);

/**
 * CREATE_LABEL and CREATE_MULTIPLE_LABEL through the gateway (spec §7; docs/decisions/0020): a
 * label document per print, with a page per package, for orders the user may read; refused for
 * orders without labels to print; read back with the query `labelUrls`.
 */
describe('S7-CMD-042 S7-CALL-098 labels', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let mine: string;
  let theirs: string;
  let planner: Client;
  let customer: Client;
  const orders: Record<string, { id: string; shipmentId: string; packageIds: string[] }> = {};

  const book = async (name: string, departmentId: string, over: Record<string, unknown> = {}) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId,
      customerId: mine,
      pickupDate: DATE,
      pickup: { ...osloAddress, name: 'Nordlys Apotek' },
      delivery: { ...osloAddress, name: 'Kari Nordmann', address: 'Bogstadveien 10' },
      measurements: [
        { weight: 2, quantity: 2 },
        { weight: 500, weightUnit: 'GRM', quantity: 1 },
      ],
      ...over,
    });
    expect(res.status).toBe(200);
    const id = res.body.ids[0] as string;
    await sys.settled();
    const row = (await sys.query('orders', { ids: [id] })).body[0];
    orders[name] = {
      id,
      shipmentId: row.shipmentId,
      packageIds: row.order.measurements.flatMap((l: { packageIds: string[] }) => l.packageIds),
    };
    return id;
  };
  const labelsOf = async (client: Client, params: Record<string, unknown>) => {
    await sys.settled();
    const res = await client.query('labelUrls', params);
    expect(res.status).toBe(200);
    return res.body as OrderLabelRow[];
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    const dep = async (name: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' }))
        .body.ids[0] as string;
    oslo = await dep('Oslo');
    bergen = await dep('Bergen');
    mine = (
      await sys.command('CREATE_CUSTOMER', {
        name: 'Nordlys Apotek',
        departmentId: oslo,
        address: { street: 'Thereses gate 12', postalCode: '0168', town: 'Oslo', country: 'NO' },
      })
    ).body.ids[0];
    theirs = (await sys.command('CREATE_CUSTOMER', { name: 'Bok AS', departmentId: oslo })).body
      .ids[0];
    await configureNumberSeries(sys);
    await book('oslo', oslo);
    await book('osloTheirs', oslo, { customerId: theirs });
    await book('bergen', bergen);
    await book('unconfirmed', oslo, { requiresConfirmation: true });
    planner = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [oslo],
        access: ['PLANNER_SHIPMENTS'],
      }),
    );
    customer = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'CUSTOMER',
        customerId: mine,
        departmentIds: [oslo],
      }),
    );
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('prints a page per package with both ids, records who and when, and reprints as a new document', async () => {
    const first = await planner.command('CREATE_LABEL', { orderId: orders.oslo!.id });
    expect(first.status).toBe(200);
    expect(first.body.events).toEqual(['LabelCreated']);
    const [label] = await labelsOf(planner, { orderLabelId: first.body.ids[0] });
    expect(label).toEqual(
      expect.objectContaining({
        id: first.body.ids[0],
        orderIds: [orders.oslo!.id],
        shipmentIds: [orders.oslo!.shipmentId],
        departmentIds: [oslo],
        customerId: mine,
        url: `labels/${first.body.ids[0]}`,
      }),
    );
    expect(label!.createdBy).not.toBe('system');
    expect(Date.parse(label!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      label!.pages.map((p) => [p.packageId, p.packageNumber, p.packageCount, p.weightKg]),
    ).toEqual([
      [orders.oslo!.packageIds[0], 1, 3, 2],
      [orders.oslo!.packageIds[1], 2, 3, 2],
      [orders.oslo!.packageIds[2], 3, 3, 0.5],
    ]);
    const page = label!.pages[0]!;
    expect(page).toEqual(
      expect.objectContaining({
        shipmentId: orders.oslo!.shipmentId,
        date: DATE,
        departmentName: 'Oslo',
        // The sender is the customer at its own address (issue 36), not the pickup's 0155.
        sender: {
          name: 'Nordlys Apotek',
          address: 'Thereses gate 12',
          zipCode: '0168',
          zipArea: 'Oslo',
          countryCode: 'NO',
        },
        receiver: expect.objectContaining({ name: 'Kari Nordmann', zipArea: 'Oslo' }),
      }),
    );
    // The ids are valid GS1 keys: the barcodes encode them.
    expect(gsinBarcode(page.shipmentId).text).toMatch(/^\(402\) \d{7} \d{9} \d$/);
    expect(ssccBarcode(page.packageId).text).toMatch(/^\(00\) \d \d{7} \d{9} \d$/);

    // A reprint is normal: another document, both recorded; by shipment id too.
    const again = await planner.command('CREATE_LABEL', { shipmentId: orders.oslo!.shipmentId });
    expect(again.status).toBe(200);
    expect(again.body.ids[0]).not.toBe(first.body.ids[0]);
    const documents = await labelsOf(planner, { orderIds: [orders.oslo!.id] });
    expect(documents.map((d) => d.id)).toEqual([again.body.ids[0], first.body.ids[0]]);
    const events = await sys.db
      .knex('es_events')
      .where('type', 'LabelCreated')
      .whereIn(
        'stream_id',
        documents.map((d) => `label-${d.id}`),
      )
      .select('stream_id');
    expect(events).toHaveLength(2);
  });

  it('a repeated commandId creates no second document', async () => {
    const commandId = crypto.randomUUID();
    const a = await planner.command('CREATE_LABEL', { orderId: orders.oslo!.id }, { commandId });
    const before = await storeHead(sys);
    const b = await planner.command('CREATE_LABEL', { orderId: orders.oslo!.id }, { commandId });
    expect(b.body.ids).toEqual(a.body.ids);
    expect(await storeHead(sys)).toBe(before);
  });

  it('CREATE_MULTIPLE_LABEL: one document with every package of every order, in order', async () => {
    const res = await planner.command('CREATE_MULTIPLE_LABEL', {
      orderIds: [orders.osloTheirs!.id, orders.oslo!.id, orders.oslo!.id],
    });
    expect(res.status).toBe(200);
    const [label] = await labelsOf(planner, { orderLabelId: res.body.ids[0] });
    expect(label!.orderIds).toEqual([orders.osloTheirs!.id, orders.oslo!.id]);
    expect(label!.pages.map((p) => p.packageId)).toEqual([
      ...orders.osloTheirs!.packageIds,
      ...orders.oslo!.packageIds,
    ]);
    // Two customers' orders: no customer user reads the document.
    expect(label!.customerId).toBeNull();
    expect(await labelsOf(customer, { orderLabelId: res.body.ids[0] })).toEqual([]);
  });

  it('department scope as the orders query: another department is refused and nothing is stored', async () => {
    const before = await storeHead(sys);
    const one = await planner.command('CREATE_LABEL', { orderId: orders.bergen!.id });
    // Refused as the orders query refuses it: not found, alike for missing and not yours (0039).
    expect(one.status).toBe(404);
    expect(one.body[0].errorType).toBe('ORDER_NOT_FOUND');
    const many = await planner.command('CREATE_MULTIPLE_LABEL', {
      orderIds: [orders.oslo!.id, orders.bergen!.id],
    });
    expect(many.status).toBe(404);
    expect(many.body.map((e: { description: string }) => e.description)).toEqual([
      expect.stringContaining(orders.bergen!.id),
    ]);
    expect(await storeHead(sys)).toBe(before);
    // The admin's document of both departments is not the Oslo planner's to read.
    const both = await sys.command('CREATE_MULTIPLE_LABEL', {
      orderIds: [orders.oslo!.id, orders.bergen!.id],
    });
    expect(both.status).toBe(200);
    expect(await labelsOf(planner, { orderLabelId: both.body.ids[0] })).toEqual([]);
    expect(await labelsOf(sys, { orderLabelId: both.body.ids[0] })).toHaveLength(1);
  });

  it('a customer prints and reads the labels of its own orders only', async () => {
    const own = await customer.command('CREATE_LABEL', { orderId: orders.oslo!.id });
    expect(own.status).toBe(200);
    expect(await labelsOf(customer, { orderLabelId: own.body.ids[0] })).toHaveLength(1);
    const other = await customer.command('CREATE_LABEL', { orderId: orders.osloTheirs!.id });
    expect(other.status).toBe(404);
  });

  it('refuses orders without labels to print (unconfirmed, deleted), unknown orders and shipment ids', async () => {
    const before = await storeHead(sys);
    const unconfirmed = await planner.command('CREATE_LABEL', { orderId: orders.unconfirmed!.id });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body[0]).toEqual(
      expect.objectContaining({
        errorType: 'LABEL_NOT_PRINTABLE',
        description: expect.stringMatching(/not confirmed/),
        params: { orderId: orders.unconfirmed!.id, state: 'UNCONFIRMED' },
      }),
    );
    const mixed = await planner.command('CREATE_MULTIPLE_LABEL', {
      orderIds: [orders.oslo!.id, orders.unconfirmed!.id],
    });
    expect(mixed.status).toBe(409);
    const missing = await planner.command('CREATE_LABEL', { orderId: '999999' });
    expect([missing.status, missing.body[0].errorType]).toEqual([404, 'ORDER_NOT_FOUND']);
    const noShipment = await planner.command('CREATE_LABEL', { shipmentId: '70900019999999999' });
    expect([noShipment.status, noShipment.body[0].errorType]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(await storeHead(sys)).toBe(before);

    // Accepted, it prints; deleted, it does not.
    expect(
      (await sys.command('ACCEPT_ORDERS', { orderIds: [orders.unconfirmed!.id] })).status,
    ).toBe(200);
    expect(
      (await planner.command('CREATE_LABEL', { orderId: orders.unconfirmed!.id })).status,
    ).toBe(200);
    expect(
      (await sys.command('DELETE_ORDERS', { orderIds: [orders.unconfirmed!.id] })).status,
    ).toBe(200);
    const deleted = await planner.command('CREATE_LABEL', { orderId: orders.unconfirmed!.id });
    expect([deleted.status, deleted.body[0].errorType]).toEqual([409, 'LABEL_NOT_PRINTABLE']);
  });

  it('bad payloads are 400: neither or both of orderId and shipmentId, no orders', async () => {
    for (const payload of [
      {},
      { orderId: orders.oslo!.id, shipmentId: orders.oslo!.shipmentId },
      { shipmentId: '123' },
    ])
      expect((await planner.command('CREATE_LABEL', payload)).status).toBe(400);
    expect((await planner.command('CREATE_MULTIPLE_LABEL', { orderIds: [] })).status).toBe(400);
    expect((await planner.query('labelUrls', {})).status).toBe(400);
  });

  it('a read-only planner prints no labels (a print is recorded)', async () => {
    const readOnly = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'READ_ONLY_PLANNER',
        departmentIds: [oslo],
      }),
    );
    expect((await readOnly.command('CREATE_LABEL', { orderId: orders.oslo!.id })).status).toBe(403);
  });
});
