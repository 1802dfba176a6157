import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isValidGsin, isValidSscc } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, orderForm } from '../support/booking.js';
import { DATE, delivery, order, startBookingSystem } from './bookingFixture.js';
import { createSlot } from '../support/planning.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

/**
 * Booking through the gateway (spec §3, §5, §7): the shared zod schema on the server, GS1 ids from
 * the number series, addresses through the gazetteer, edit, move, search, accept and reject.
 */
describe('booking on the server', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  beforeAll(async () => {
    ({ sys, oslo, bergen } = await startBookingSystem());
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S5-VAL-017 S8-ERR-002 bad input is 400 with the field path and message key of each rule, and nothing is stored', async () => {
    const before = await countEvents(sys);
    const res = await sys.command(
      'CREATE_ORDER',
      order(oslo, {
        delivery: { ...delivery, zipCode: '12', email: 'a@b', phone: 'abc' },
        measurements: [{ weight: 'x', length: 10, width: 0, height: 10, quantity: 0 }],
        additionalServices: [{ vasCode: 'WAT PU' }],
      }),
    );
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      (res.body as { params: { field: string; key: string } }[]).map((i) => [
        i.params.field,
        i.params.key,
      ]),
    );
    expect(fields).toEqual({
      'delivery.zipCode': 'validation.zipCodeNO',
      'delivery.email': 'validation.email',
      'delivery.phone': 'validation.phone',
      'measurements.0.weight': 'validation.number',
      'measurements.0.quantity': 'validation.positiveInteger',
      'measurements.0.width': 'validation.dimensions',
      'additionalServices.0.vasCode': 'validation.excludedVas',
    });
    expect(
      res.body.find((i: { params: { field: string } }) => i.params.field === 'delivery.zipCode'),
    ).toEqual({
      errorType: 'VALIDATION_ERROR',
      description: 'payload.delivery.zipCode: postal code must be 4 digits in Norway',
      params: { field: 'delivery.zipCode', key: 'validation.zipCodeNO' },
    });
    expect(await countEvents(sys)).toBe(before);
  });

  it('S5-VAL-010 the server says what is wrong: +47 12, a weight of -5, a 20,000-character note (with its maximum)', async () => {
    const before = await countEvents(sys);
    const res = await sys.command(
      'CREATE_ORDER',
      order(oslo, {
        delivery: { ...delivery, phone: '+47 12' },
        orderNote: 'x'.repeat(20_000),
        measurements: [{ weight: -5, length: 10, width: 10, height: 10 }],
      }),
    );
    expect(res.status).toBe(400);
    const items = res.body as { description: string; params: Record<string, unknown> }[];
    expect(Object.fromEntries(items.map((i) => [i.params.field, i.description]))).toEqual({
      'delivery.phone':
        'payload.delivery.phone: a Norwegian number (+47) has 8 digits after the country code',
      'measurements.0.weight': 'payload.measurements.0.weight: must be 0 or more (not negative)',
      orderNote: 'payload.orderNote: too long (at most 2000)',
    });
    expect(items.find((i) => i.params.field === 'orderNote')!.params).toEqual({
      field: 'orderNote',
      key: 'validation.tooLong',
      max: 2000,
    });
    expect(await countEvents(sys)).toBe(before);
  });

  it('S5-VAL-024 a pickup in the past is refused (validation.future) and nothing is stored', async () => {
    const before = await countEvents(sys);
    const res = await sys.command('CREATE_ORDER', order(oslo, { pickupDate: bookingDate(-1) }));
    expect(res.status).toBe(400);
    expect(res.body[0].params).toEqual({ field: 'pickupDate', key: 'validation.future' });
    expect(await countEvents(sys)).toBe(before);
  });

  it('S3-ENT-057 S1-GEN-001 an order draws a valid GSIN and one valid SSCC per package; the rows carry them', async () => {
    const res = await sys.command('CREATE_ORDER', order(oslo));
    expect(res.status).toBe(200);
    const id = res.body.ids[0];
    await sys.settled();
    const [row] = (await sys.query('orders', { ids: [id] })).body;
    expect(isValidGsin(row.shipmentId)).toBe(true);
    const packageIds: string[] = row.order.measurements.flatMap(
      (l: { packageIds: string[] }) => l.packageIds,
    );
    expect(packageIds).toHaveLength(3);
    expect(packageIds.every(isValidSscc)).toBe(true);
    expect(new Set(packageIds).size).toBe(3);
    expect(row.order.heavyGoods).toBe(true);
    const [grid] = (await sys.query('consignments', { ids: [id] })).body;
    expect(grid).toMatchObject({ shipmentId: row.shipmentId, packageIds, packageCount: 3 });
    const byShipment = (await sys.query('orders', { shipmentId: row.shipmentId })).body;
    expect(byShipment.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await sys.query('orders', { ids: ['999999'] })).body[0].errorType).toBe(
      'ORDER_NOT_FOUND',
    );
  });

  it('S4-STATE-019 addresses without coordinates are looked up in the gazetteer; an unknown one leaves the order UNRESOLVED', async () => {
    const found = await sys.command('CREATE_ORDER', order(oslo));
    const lost = await sys.command(
      'CREATE_ORDER',
      order(oslo, { delivery: { ...delivery, zipCode: '0000', zipArea: 'Nowhere' } }),
    );
    await sys.settled();
    const rows = (await sys.query('consignments', { ids: [found.body.ids[0], lost.body.ids[0]] }))
      .body;
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    // Each side at its own postal code's point (0355 and 0155 were one point before issue 36).
    expect(byId.get(found.body.ids[0])).toMatchObject({
      state: 'RESOLVED',
      deliveryLat: 59.9245,
      pickupLat: 59.9129,
    });
    expect(byId.get(lost.body.ids[0])).toMatchObject({ state: 'UNRESOLVED', deliveryLat: null });
    const [stored] = (await sys.query('orders', { ids: [found.body.ids[0]] })).body;
    expect(stored.order.delivery).toMatchObject({
      resolvedBy: 'DATABASE_LOOKUP',
      precision: 'postalCode',
    });
  });

  it('S5-VAL-038 an empty pickup block is the department: its name and location', async () => {
    const res = await sys.command('CREATE_ORDER', order(oslo, { pickup: { phone: '+47' } }));
    expect(res.status).toBe(200);
    await sys.settled();
    const [row] = (await sys.query('orders', { ids: res.body.ids })).body;
    expect(row.order.pickup).toMatchObject({
      name: 'Oslo',
      lat: 59.91,
      lng: 10.75,
      resolvedBy: 'DEPARTMENT_LOCATION',
      phone: '',
    });
    // Editing it later names other fields only, or sends the pickup back as the form shows it
    // (empty): both are accepted, and the pickup stays the department (issue 13).
    const note = await sys.command('UPDATE_ORDER', {
      orderId: res.body.ids[0],
      orderNote: 'Gate 4',
    });
    expect(note.status).toBe(200);
    const emptied = await sys.command('UPDATE_ORDER', {
      orderId: res.body.ids[0],
      pickup: { phone: '+47', countryCode: 'NO' },
    });
    expect(emptied.status).toBe(200);
    await sys.settled();
    const [edited] = (await sys.query('orders', { ids: res.body.ids })).body;
    expect(edited.order.orderNote).toBe('Gate 4');
    expect(edited.order.pickup).toMatchObject({ name: 'Oslo', resolvedBy: 'DEPARTMENT_LOCATION' });
  });

  it('no number series for the department: 409 NUMBER_SERIES_MISSING; a department series wins over the default; used up: 409 NUMBER_SERIES_EXHAUSTED; nothing stored', async () => {
    // A second system without any series.
    const bare = await startTestSystem();
    try {
      const dep = (
        await bare.command('CREATE_DEPARTMENT', {
          name: 'X',
          departmentType: 'courier',
          country: 'NO',
        })
      ).body.ids[0];
      expect((await bare.command('CREATE_CUSTOMER', { name: 'Apotek' })).body.ids).toEqual(['1']);
      const before = await countEvents(bare);
      const res = await bare.command('CREATE_ORDER', order(dep));
      expect(res.status).toBe(409);
      expect(res.body[0].errorType).toBe('NUMBER_SERIES_MISSING');
      expect(await countEvents(bare)).toBe(before);
      // The department's own small series applies before any default one.
      await configureNumberSeries(bare, { companyPrefix: '7090002' });
      await configureNumberSeries(bare, {
        companyPrefix: '7090003',
        departmentId: dep,
        lastSerial: 4,
      });
      const first = await bare.command('CREATE_ORDER', order(dep));
      expect(first.status).toBe(200);
      await bare.settled();
      const [row] = (await bare.query('orders', { ids: first.body.ids })).body;
      expect(row.shipmentId.startsWith('7090003')).toBe(true);
      const beforeExhausted = await countEvents(bare);
      const second = await bare.command('CREATE_ORDER', order(dep));
      expect(second.status).toBe(409);
      expect(second.body[0].errorType).toBe('NUMBER_SERIES_EXHAUSTED');
      expect(await countEvents(bare)).toBe(beforeExhausted);
    } finally {
      await bare.shutdown();
    }
  }, 60_000);

  it('S2-SCREEN-001 UPDATE_ORDER edits the order: same shipment id, kept and new SSCCs; refused once delivered', async () => {
    const id = (await sys.command('CREATE_ORDER', order(oslo))).body.ids[0];
    const { row, form } = await orderForm(sys, id);
    const lines = row.order.measurements as [{ packageIds: string[] }, unknown];
    const edited = await sys.command('UPDATE_ORDER', {
      ...form,
      orderId: id,
      orderNote: 'Ring twice',
      measurements: [{ ...lines[0], quantity: 3 }, lines[1]],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.events).toEqual(['OrderUpdated']);
    await sys.settled();
    const [after] = (await sys.query('orders', { ids: [id] })).body;
    expect(after.shipmentId).toBe(row.shipmentId);
    expect(after.order.orderNote).toBe('Ring twice');
    expect(after.order.measurements[0].packageIds.slice(0, 2)).toEqual(lines[0].packageIds);
    expect(after.order.measurements[0].packageIds).toHaveLength(3);
    expect(after.order.measurements[0].packageIds.every(isValidSscc)).toBe(true);
    // Claiming another order's package is refused.
    const forged = await sys.command('UPDATE_ORDER', {
      ...form,
      orderId: id,
      measurements: [{ ...lines[0], packageIds: ['000000000000000000'] }],
    });
    expect(forged.status).toBe(400);
    const slotId = await createSlot(sys, oslo, DATE);
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [id], slotId });
    await sys.command('MANUAL_DELIVER', { consignmentIds: [id] });
    const late = await sys.command('UPDATE_ORDER', { ...form, orderId: id, orderNote: 'x' });
    expect(late.status).toBe(409);
    expect(late.body[0].errorType).toBe('INVALID_STATE_TRANSITION');
  });

  it('S4-FLOW-008 S7-CMD-041 MOVE_ORDERS moves orders to another department; the caller needs access to both', async () => {
    const id = (await sys.command('CREATE_ORDER', order(oslo))).body.ids[0];
    const planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    const before = await countEvents(sys);
    const refused = await sys
      .as(planner)
      .command('MOVE_ORDERS', { orderIds: [id], departmentId: bergen });
    // A department outside its access is refused as reading it is (docs/decisions/0039).
    expect(refused.status).toBe(404);
    expect(await countEvents(sys)).toBe(before);
    const bad = await sys.command('MOVE_ORDERS', { orderIds: [id] });
    expect(bad.status).toBe(400);
    const moved = await sys.command('MOVE_ORDERS', { orderIds: [id], departmentId: bergen });
    expect(moved.body.events).toEqual(['OrderMoved']);
    await sys.settled();
    expect((await sys.query('consignments', { ids: [id] })).body[0].departmentId).toBe(bergen);
    expect((await sys.query('orders', { ids: [id] })).body[0].departmentId).toBe(bergen);
    const stranger = await sys.command('MOVE_ORDERS', { orderIds: [id], departmentId: '987654' });
    expect(stranger.status).toBe(404);
  });

  it('S7-CALL-090 S7-CALL-102 S7-CMD-003 S7-CMD-004 unconfirmed orders: listed and counted, accepted, rejected with a reason as data', async () => {
    const book = async () =>
      (await sys.command('CREATE_ORDER', order(bergen, { requiresConfirmation: true }))).body
        .ids[0];
    const [one, two, three] = [await book(), await book(), await book()];
    await sys.settled();
    const count = async () =>
      (await sys.query('unconfirmedOrdersCount', { departmentIds: [bergen] })).body.count;
    expect(await count()).toBe(3);
    const listed = (await sys.query('unconfirmedOrders', { departmentIds: [bergen] })).body;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([one, two, three]);
    expect((await sys.command('ACCEPT_ORDERS', { orderIds: [one, two] })).status).toBe(200);
    const noReason = await sys.command('REJECT_ORDERS', { orderIds: [three], reason: 'OTHER' });
    expect(noReason.status).toBe(400);
    const rejected = await sys.command('REJECT_ORDERS', {
      orderIds: [three],
      reason: 'OTHER',
      otherReason: 'Bridge closed',
    });
    expect(rejected.status).toBe(200);
    await sys.settled();
    expect(await count()).toBe(0);
    const [row] = (await sys.query('orders', { ids: [three] })).body;
    expect(row).toMatchObject({
      state: 'REJECTED',
      rejectionReason: 'OTHER',
      otherReason: 'Bridge closed',
    });
  });

  it('S7-CALL-049 addressAutocomplete answers postal codes and towns from the gazetteer, restricted to a country', async () => {
    const res = await sys.query('addressAutocomplete', {
      text: 'Storgata 1, 0155',
      countryCode: 'NO',
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      streetname: 'Storgata 1',
      zipCode: '0155',
      zipArea: 'Oslo',
      countryCode: 'NO',
      latLng: { lat: 59.9129, lng: 10.7483 },
      precision: 'postalCode',
    });
    const towns = (await sys.query('addressAutocomplete', { text: 'Malmö', countryCode: 'SE' }))
      .body;
    expect(towns.length).toBeGreaterThan(0);
    expect(
      towns.every((t: { zipArea: string; countryCode: string }) => t.countryCode === 'SE'),
    ).toBe(true);
    expect((await sys.query('addressAutocomplete', { text: 'x' })).status).toBe(400);
  });

  it('S5-VAL-019 S7-CALL-032 GET /openapi/validate/postalCode answers isValid without a session', async () => {
    const check = async (countryCode: string, postalCode: string) =>
      (await (
        await fetch(
          `${sys.url}/openapi/validate/postalCode?countryCode=${countryCode}&postalCode=${encodeURIComponent(postalCode)}`,
        )
      ).json()) as { isValid: boolean };
    expect(await check('NO', '0150')).toEqual({ isValid: true });
    expect(await check('NO', '0000')).toEqual({ isValid: false });
    expect(await check('NO', '01500')).toEqual({ isValid: false });
    expect(await check('SE', '11122')).toEqual({ isValid: true });
    expect(await check('GB', 'SW1A 1AA')).toEqual({ isValid: true });
  });
});
