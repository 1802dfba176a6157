import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DeliveryNote, RoutePoint, Waybill } from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createDepartment, createSlot } from '../support/planning.js';
import { sampleUnit } from '../support/samples.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

const DATE = bookingDate(2);

/** A minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/**
 * Route lists on the server (spec §7; docs/decisions/0021-planning.md "Route lists"): the CSV of
 * a slot's stops (`POST /exportLocationListForSlot {slot}`, under `/api` and at the spec's path)
 * and the queries `waybills` and `deliveryNotes`, for a slot planned with orders through the real
 * commands, as the department's planner, another department's planner and users without access.
 */
describe('S7-CALL-029 S7-CALL-099 route lists: location list export, waybills, delivery notes', () => {
  let sys: TestSystem;
  let oslo: string;
  let bergen: string;
  let slot: string;
  let emptySlot: string;
  let orders: string[];
  let osloPlanner: Session;
  let bergenPlanner: Session;
  let accounting: Session;
  let courier: Session;

  /** The export as fetch sees it: status, headers and the raw text (not JSON). */
  const exportCsv = async (
    session: Session | null,
    body: unknown,
    path = '/api/exportLocationListForSlot',
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (session) Object.assign(headers, { cookie: session.cookie, 'x-csrf-token': session.csrf });
    const res = await fetch(`${sys.url}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
  };

  const book = async (delivery: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: oslo,
      customerId: '1',
      pickupDate: DATE,
      // An empty pickup is the department: the route only delivers (docs/decisions/0015).
      pickup: {},
      delivery: { ...osloAddress, ...delivery },
      measurements: [{ weight: 2.5, quantity: 2, length: 40, width: 30, height: 20 }],
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    const dep = (name: string, location: { lat: number; lng: number } | null) =>
      createDepartment(sys, name, location);
    oslo = await dep('Oslo', { lat: 59.91, lng: 10.75 });
    bergen = await dep('Bergen', { lat: 60.39, lng: 5.32 });
    expect(oslo).toBe('1');
    expect(
      (await sys.command('CREATE_CUSTOMER', { name: 'Apotek 1', departmentId: oslo })).status,
    ).toBe(200);
    orders = [
      await book(
        {
          name: 'Hansen, "Kari"',
          address: 'Bogstadveien 10',
          phone: '+4791234567',
          instructions: 'Ring twice',
          lat: 59.93,
          lng: 10.72,
        },
        { deliveryTimeEarliest: '09:00', deliveryTimeLatest: '12:00', serviceId: 'HD' },
      ),
      await book({
        name: '=HYPERLINK("http://evil")',
        address: '@SUM(A1) Gate 2',
        lat: 59.94,
        lng: 10.76,
      }),
      await book({
        name: 'Ærlig Øystein Åsen',
        address: 'Tøyengata 3\nbakgården',
        lat: 59.92,
        lng: 10.77,
      }),
    ];
    slot = await createSlot(sys, oslo, DATE, { name: 'Morning' });
    emptySlot = await createSlot(sys, oslo, DATE, { name: 'Empty' });
    expect(
      (await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: orders, slotId: slot }))
        .status,
    ).toBe(200);
    // A route order that is not the booking order: the last booked first.
    const route = await sys.command('UPDATE_ROUTE', {
      slotId: slot,
      stops: [orders[2], orders[0], orders[1]].map((id) => ({
        kind: 'delivery',
        consignmentId: id,
      })),
    });
    expect(route.status).toBe(200);
    const user = (role: string, departmentIds: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role, departmentIds });
    osloPlanner = await user('PLANNER', [oslo]);
    bergenPlanner = await user('PLANNER', [bergen]);
    accounting = await user('ACCOUNTING', [oslo]);
    courier = await user('COURIER', [oslo]);
    await sys.settled();
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('S7-CALL-029 the export is a CSV of the slot stops in route order, Excel-ready, quoted and guarded', async () => {
    const points = (await sys.as(osloPlanner).query('routePoints', { slotId: slot }))
      .body as RoutePoint[];
    expect(points.map((p) => p.consignmentId)).toEqual([orders[2], orders[0], orders[1]]);

    const res = await exportCsv(osloPlanner, { slot });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="slot-${slot}-locations.csv"`,
    );
    // UTF-8 with a byte order mark, so Excel reads Æ, Ø and Å.
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(res.text.slice(1));
    expect(rows[0]).toEqual([
      'sequence',
      'type',
      'shipmentId',
      'name',
      'address',
      'zipCode',
      'zipArea',
      'lat',
      'lng',
      'timeWindow',
      'arrival',
      'endTime',
    ]);
    expect(rows).toHaveLength(1 + points.length);
    // Every stop in route order, with its shipment id and place.
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[7], r[8]])).toEqual(
      points.map((p) => [String(p.sequence), p.type, p.shipmentId, String(p.lat), String(p.lng)]),
    );
    const [third, first, second] = rows.slice(1);
    // Commas, quotes and line breaks survive quoting; Nordic letters survive the encoding.
    expect(first![3]).toBe('Hansen, "Kari"');
    expect(first![9]).toBe('09:00-12:00');
    expect(third![3]).toBe('Ærlig Øystein Åsen');
    expect(third![4]).toBe('Tøyengata 3\nbakgården');
    // Text a spreadsheet would run as a formula is text.
    expect(second![3]).toBe(`'=HYPERLINK("http://evil")`);
    expect(second![4]).toBe(`'@SUM(A1) Gate 2`);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    // Arrival and end of each stop: local date-times of the department (Oslo), in route order.
    for (const [i, row] of rows.slice(1).entries()) {
      expect(row[10]).toMatch(new RegExp(`^${DATE} \\d{2}:\\d{2}$`));
      expect(row[11]! >= row[10]!).toBe(true);
      if (i > 0) expect(row[10]! >= rows[i]![11]!).toBe(true);
    }

    // The spec's own path answers the same file; an empty slot is a header only.
    const root = await exportCsv(osloPlanner, { slot }, '/exportLocationListForSlot');
    expect(root.status).toBe(200);
    expect(root.text).toBe(res.text);
    const empty = await exportCsv(sys.admin, { slot: emptySlot });
    expect(empty.status).toBe(200);
    expect(parseCsv(empty.text.slice(1))).toHaveLength(1);
  });

  it('S7-CALL-029 the export is refused outside the caller access: another department, no flag, no session, no slot', async () => {
    // Another department's slot is not found, as slotById and routePoints answer it.
    const other = await exportCsv(bergenPlanner, { slot });
    expect(other.status).toBe(404);
    expect(JSON.parse(other.text)[0].errorType).toBe('NOT_FOUND');
    expect((await exportCsv(bergenPlanner, { slot }, '/exportLocationListForSlot')).status).toBe(
      404,
    );
    // The routePoints query's access: an accounting user (shipments, no planning) and a courier.
    for (const session of [accounting, courier]) {
      const refused = await exportCsv(session, { slot });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)[0].errorType).toBe('NO_ACCESS');
    }
    expect((await exportCsv(null, { slot })).status).toBe(401);
    expect((await exportCsv(null, { slot }, '/exportLocationListForSlot')).status).toBe(401);
    // A POST without the session's CSRF token is refused like a command.
    const forged = await fetch(`${sys.url}/api/exportLocationListForSlot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: osloPlanner.cookie },
      body: JSON.stringify({ slot }),
    });
    expect(forged.status).toBe(403);
    expect((await exportCsv(osloPlanner, {})).status).toBe(400);
    expect((await exportCsv(osloPlanner, { slot: 'x' })).status).toBe(400);
    expect((await exportCsv(osloPlanner, { slot: '999999' })).status).toBe(404);
  });

  it('S7-CALL-099 waybills {orderIds}: one per order the caller may read, with sender, recipient, SSCCs and weights', async () => {
    const res = await sys.as(osloPlanner).query('waybills', { orderIds: [orders[1], orders[0]] });
    expect(res.status).toBe(200);
    const waybills = res.body as Waybill[];
    expect(waybills.map((w) => w.orderId)).toEqual([orders[1], orders[0]]);
    const [, kari] = waybills;
    const [stored] = (await sys.query('orders', { ids: [orders[0]] })).body;
    expect(kari).toMatchObject({
      shipmentId: stored.shipmentId,
      departmentName: 'Oslo',
      customerName: 'Apotek 1',
      sender: { name: 'Oslo' },
      recipient: {
        name: 'Hansen, "Kari"',
        address: 'Bogstadveien 10',
        phone: '+4791234567',
        instructions: 'Ring twice',
      },
      serviceId: 'HD',
      pickupDate: DATE,
      deliveryTimeEarliest: '09:00',
      deliveryTimeLatest: '12:00',
      slotId: slot,
      totals: { count: 2, weightKg: 5, volumeDm3: 48 },
    });
    expect(kari!.packages.map((p) => p.packageId)).toEqual(stored.order.measurements[0].packageIds);
    expect(kari!.packages.every((p) => /^\d{18}$/.test(p.packageId ?? ''))).toBe(true);
    // A user with the shipments flag only reads them too.
    expect(
      (await sys.as(accounting).query('waybills', { orderIds: [orders[0]] })).body,
    ).toHaveLength(1);
    // Another department's planner reads none of them; unknown orders are left out.
    const theirs = await sys.as(bergenPlanner).query('waybills', { orderIds: orders });
    expect(theirs).toEqual({ status: 200, body: [] });
    expect((await sys.query('waybills', { orderIds: ['999999'] })).body).toEqual([]);
    // Required params; users without the flags.
    expect((await sys.query('waybills', {})).status).toBe(400);
    expect((await sys.query('waybills', { orderIds: [] })).status).toBe(400);
    expect((await sys.as(courier).query('waybills', { orderIds: [orders[0]] })).status).toBe(403);
  });

  it('S7-CALL-099 deliveryNotes {slotId | date}: a note per planned consignment in route order, with its slot', async () => {
    // The slot's unit and courier, as the notes' header prints them.
    const driver = await sys.command('CREATE_COURIER_USER', {
      name: 'Ola Sjåfør',
      phoneNumber: freshPhone(),
      departmentId: oslo,
    });
    const unit = { ...sampleUnit(oslo, [driver.body.ids[0]]), break: { type: 'NoBreakTime' } };
    const unitId = (await sys.command('CREATE_UNIT', unit)).body.ids[0];
    for (const [type, payload] of [
      ['ASSIGN_UNIT_TO_SLOT', { slotId: slot, unitId }],
      ['ASSIGN_COURIER_TO_SLOT', { slotId: slot, courierId: driver.body.ids[0] }],
    ] as const)
      expect((await sys.command(type, payload)).status).toBe(200);
    await sys.settled();
    const bySlot = await sys.as(osloPlanner).query('deliveryNotes', { slotId: slot });
    expect(bySlot.status).toBe(200);
    const notes = bySlot.body as DeliveryNote[];
    expect(notes.map((n) => [n.orderId, n.stopNumber])).toEqual([
      [orders[2], 1],
      [orders[0], 2],
      [orders[1], 3],
    ]);
    expect(notes[0]!.slot).toMatchObject({
      id: slot,
      name: 'Morning',
      date: DATE,
      departmentId: oslo,
      departmentName: 'Oslo',
      unitId,
      unitName: unit.name,
      registrationNumber: 'EL 12345',
      courierName: 'Ola Sjåfør',
    });
    expect(notes[1]!.recipient.phone).toBe('+4791234567');
    expect(notes[1]!.packages).toHaveLength(2);

    const byDate = await sys
      .as(osloPlanner)
      .query('deliveryNotes', { date: DATE, departmentIds: [oslo] });
    expect((byDate.body as DeliveryNote[]).map((n) => n.orderId)).toEqual(
      notes.map((n) => n.orderId),
    );
    expect((await sys.as(accounting).query('deliveryNotes', { date: DATE })).body).toHaveLength(3);
    // Another department's planner: none, whether by slot, by date or naming the department.
    for (const params of [{ slotId: slot }, { date: DATE }, { date: DATE, departmentIds: [oslo] }])
      expect(await sys.as(bergenPlanner).query('deliveryNotes', params)).toEqual({
        status: 200,
        body: [],
      });
    expect((await sys.query('deliveryNotes', { slotId: emptySlot })).body).toEqual([]);
    expect((await sys.query('deliveryNotes', {})).status).toBe(400);
    expect((await sys.query('deliveryNotes', { departmentIds: [oslo] })).status).toBe(400);
    expect((await sys.as(courier).query('deliveryNotes', { slotId: slot })).status).toBe(403);
  });
});
