import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CONSIGNMENT_GRID_TABLE,
  MAP_FIELDS,
  MAP_ROW_FIELDS,
  consignmentRowFields,
} from '@nordlog/contracts';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type TestSystem,
} from '../support/system.js';

/**
 * `consignments {fields}` (issue 17 §5, the map's first render): a screen that draws a few fields
 * of many rows asks for those alone. The answer holds exactly those, with the id and the row's
 * version (which live updates compare), and each field as the whole row has it.
 */
describe('consignments with a field selection', () => {
  let sys: TestSystem;
  let oslo: string;
  const date = bookingDate(1);
  /** One consignment to each recipient named, picked up on `day`, all projected. */
  const book = async (day: string, names: string[]) => {
    for (const name of names)
      expect(
        (
          await sys.command('CREATE_ORDER', {
            departmentId: oslo,
            customerId: '1',
            pickupDate: day,
            pickup: osloAddress,
            delivery: { ...osloAddress, name },
            measurements: [{ weight: 2 }],
          })
        ).status,
      ).toBe(200);
    await sys.settled();
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    oslo = '1';
    await configureNumberSeries(sys);
    await book(date, ['Kari', 'Ola']);
  }, 60_000);

  afterAll(async () => {
    await sys?.shutdown();
  });

  it('answers only the fields asked, with id, revision and updatedAtEpoch, equal to the whole rows', async () => {
    const params = { departmentIds: [oslo], fromDate: date, toDate: date };
    const whole = (await sys.query('consignments', params)).body as Record<string, unknown>[];
    expect(whole).toHaveLength(2);
    const fields = ['deliveryName', 'deliveryLat', 'slotId', 'state'];
    const slim = await sys.query('consignments', { ...params, fields });
    expect(slim.status).toBe(200);
    const rows = slim.body as Record<string, unknown>[];
    expect(rows.map((r) => Object.keys(r).sort())).toEqual(
      whole.map(() => [
        'customerId',
        'date',
        'deliveryLat',
        'deliveryName',
        'departmentId',
        'id',
        'revision',
        'slotId',
        'state',
        'updatedAtEpoch',
      ]),
    );
    for (const row of rows) {
      const full = whole.find((w) => w.id === row.id)!;
      for (const [key, value] of Object.entries(row))
        expect([key, value]).toEqual([key, full[key]]);
    }
    // Every field of a row may be asked for; a whole row has every one of them.
    expect(
      Object.keys(whole[0]!).every((k) => (consignmentRowFields as readonly string[]).includes(k)),
    ).toBe(true);
  });

  it('a planner of the department gets the same rows as with every field: access is judged on fields a selection always carries', async () => {
    const planner = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [oslo] }),
    );
    const params = { departmentIds: [oslo], fromDate: date, toDate: date };
    const whole = (await planner.query('consignments', params)).body as { id: string }[];
    const slim = (await planner.query('consignments', { ...params, fields: [...MAP_FIELDS] }))
      .body as { id: string }[];
    expect(whole).toHaveLength(2);
    expect(slim.map((r) => r.id)).toEqual(whole.map((r) => r.id));
  });

  it("the map's selection answers each map field as the whole row has it, also after the row changed", async () => {
    const params = { departmentIds: [oslo], fromDate: date, toDate: date };
    const expectSame = async () => {
      const whole = (await sys.query('consignments', params)).body as Record<string, unknown>[];
      const map = await sys.query('consignments', { ...params, fields: [...MAP_FIELDS] });
      expect(map.status).toBe(200);
      const rows = map.body as Record<string, unknown>[];
      expect(rows.map((r) => r.id)).toEqual(whole.map((w) => w.id));
      for (const row of rows) {
        const full = whole.find((w) => w.id === row.id)!;
        expect(row).toEqual(Object.fromEntries(MAP_ROW_FIELDS.map((f) => [f, full[f] ?? null])));
      }
      return rows;
    };
    const [first] = await expectSame();
    // A change to the row is in the map's column too (PostgreSQL computes it from the row).
    const changed = await sys.command('UPDATE_PICKUP_AND_DELIVERY_TIMES', {
      orderIds: [first!.id],
      deliveryTimeEarliest: '06:00',
      deliveryTimeLatest: '07:00',
    });
    expect(changed.status).toBe(200);
    await sys.settled();
    const after = await expectSame();
    expect(after.find((r) => r.id === first!.id)).toMatchObject({
      deliveryTimeEarliest: '06:00',
      deliveryTimeLatest: '07:00',
    });
  });

  it("keeps exactly the contract's map row fields in the read model's map column", async () => {
    // When MAP_FIELDS or the key fields change, a migration must make the column again.
    const rows = await sys.db
      .knex(CONSIGNMENT_GRID_TABLE)
      .select<{ map_data: Record<string, unknown> }[]>('map_data');
    expect(rows.length).toBeGreaterThan(0);
    for (const { map_data } of rows)
      expect(Object.keys(map_data).sort()).toEqual([...MAP_ROW_FIELDS].sort());
  });

  it('pages of a range of days (limit and offset) are the whole range in date and id order, each row once, with and without a selection', async () => {
    const later = bookingDate(2);
    await book(later, ['Per', 'Siri', 'Nils']);
    const params = { departmentIds: [oslo], fromDate: date, toDate: later };
    const whole = (await sys.query('consignments', params)).body as { id: string; date: string }[];
    expect(whole).toHaveLength(5);
    const ordered = [...whole].sort(
      (a, b) => a.date.localeCompare(b.date) || Number(a.id) - Number(b.id),
    );
    expect(whole.map((r) => r.id)).toEqual(ordered.map((r) => r.id));
    for (const fields of [undefined, [...MAP_FIELDS]]) {
      const paged: string[] = [];
      for (const offset of [0, 2, 4]) {
        const page = await sys.query('consignments', {
          ...params,
          limit: 2,
          offset,
          ...(fields ? { fields } : {}),
        });
        expect(page.status).toBe(200);
        paged.push(...(page.body as { id: string }[]).map((r) => r.id));
      }
      expect(paged).toEqual(ordered.map((r) => r.id));
    }
  });

  it('refuses a field a row does not have, and an empty list', async () => {
    const params = { departmentIds: [oslo], fromDate: date, toDate: date };
    for (const fields of [["data->>'x'"], ['password'], []])
      expect((await sys.query('consignments', { ...params, fields })).status).toBe(400);
  });
});
