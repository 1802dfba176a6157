import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DATE, integrationWorld, withKey, type IntegrationWorld } from '../support/apiKeys.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Row = Record<string, any>;
type Item = { params?: { field?: string; key?: string }; description?: string };

/** The refused fields and their message keys of a 400. */
const refused = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(400);
  return Object.fromEntries((res.body as Item[]).map((i) => [i.params?.field, i.params?.key]));
};

const weekdayOf = (date: string) =>
  ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
const codes = (body: unknown) => (body as { serviceCode: string }[]).map((s) => s.serviceCode);

/**
 * The department matrix through the gateway (docs/decisions/0079-department-matrix.md): entries
 * created, updated and deleted, bad input refused on its field with nothing written, who may call
 * them, and the checkout look-ups, `deliveryWindows` and `getCustomersWithTimeMatrix` reading it.
 */
describe('the department matrix', () => {
  let sys: TestSystem;
  let w: IntegrationWorld;
  let key: string;
  /** A PLUS_PLANNER holding ADMIN_MATRIX for another department only: a scoped admin. */
  let elsewhere: Client;
  /** A planner who books, without ADMIN_MATRIX. */
  let booker: Client;
  let other: string;

  beforeAll(async () => {
    sys = await startTestSystem();
    w = await integrationWorld(sys);
    other = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Bergen',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    const created = await sys.command('CREATE_API_KEY', { customerId: w.main, label: 'Shop' });
    key = created.body.apiKey.key;
    const user = (role: string, access: string[], departmentIds: string[]) =>
      sys.login({ phoneNumber: freshPhone(), role, access, departmentIds });
    elsewhere = sys.as(await user('PLUS_PLANNER', ['ADMIN_MATRIX'], [other]));
    booker = sys.as(await user('PLANNER', ['PLANNER_BOOKING'], [w.department]));
    await sys.settled();
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const matrixServices = (postalCode: string) =>
    withKey(
      sys.url,
      `/checkout/api/department-matrix/services?departmentExternalId=D-1&countryCode=NO&postalCode=${postalCode}`,
      key,
    );
  const hdServices = (postalCode: string) =>
    withKey(
      sys.url,
      `/checkout/api/hd-services?customerNumber=C-1&deliveryCountryCode=NO&deliveryPostalCode=${postalCode}`,
      key,
    );
  const windows = (postalCode: string, serviceCode = 'EXPRESS') =>
    sys.query('deliveryWindows', { customerId: w.main, postalCode, serviceCode });
  const listed = async (client: Client = sys) => {
    await sys.settled();
    const res = await client.query('departmentMatrix', { departmentId: w.department });
    return res;
  };
  const entry = (fields: Row) =>
    sys.command('CREATE_MATRIX_ENTRY', {
      departmentId: w.department,
      name: 'Oslo',
      postalCodeFrom: '0150',
      postalCodeTo: '0399',
      serviceCodes: ['EXPRESS'],
      ...fields,
    });

  it('a department without a matrix offers what its prices offer', async () => {
    expect(codes((await hdServices('0368')).body)).toEqual(['ECONOMY', 'EXPRESS']);
    expect(codes((await hdServices('5003')).body)).toEqual(['ECONOMY']);
    expect((await windows('0368')).body).toEqual([
      { date: DATE, from: expect.stringContaining(DATE), to: expect.any(String) },
    ]);
    expect((await sys.query('getCustomersWithTimeMatrix', {})).body).toEqual([]);
  });

  it('CREATE_MATRIX_ENTRY, UPDATE_MATRIX_ENTRY, DELETE_MATRIX_ENTRY; departmentMatrix lists the department entries', async () => {
    const made = await entry({ postalCodeFrom: '9000', postalCodeTo: '9999', leadTimeDays: 4 });
    expect(made.status).toBe(200);
    const id = made.body.ids[0] as string;
    expect((await listed()).body).toEqual([
      expect.objectContaining({
        id,
        departmentId: w.department,
        postalCodeFrom: '9000',
        postalCodeTo: '9999',
        serviceCodes: ['EXPRESS'],
        leadTimeDays: 4,
        deliveryWeekdays: [],
      }),
    ]);
    const changed = await sys.command('UPDATE_MATRIX_ENTRY', {
      id,
      postalCodeFrom: '9500',
      serviceCodes: ['ECONOMY'],
      deliveryWeekdays: ['FRI', 'MON'],
    });
    expect(changed.status).toBe(200);
    expect((await listed()).body).toEqual([
      expect.objectContaining({
        id,
        postalCodeFrom: '9500',
        postalCodeTo: '9999',
        serviceCodes: ['ECONOMY'],
        leadTimeDays: 4,
        deliveryWeekdays: ['MON', 'FRI'],
      }),
    ]);
    expect((await sys.command('DELETE_MATRIX_ENTRY', { id })).status).toBe(200);
    expect((await listed()).body).toEqual([]);
    expect((await sys.command('DELETE_MATRIX_ENTRY', { id })).status).toBe(404);
  });

  it("bad input is 400 on its field and writes nothing: a code not of the department's country, a range ending before it starts, an overlap for the same service", async () => {
    const first = await entry({});
    expect(first.status).toBe(200);
    const before = await countEvents(sys);
    // Norway's codes are four digits; Sweden's "114 55" is five.
    expect(refused(await entry({ postalCodeFrom: '114 55', postalCodeTo: '11499' }))).toEqual({
      postalCodeFrom: 'validation.zipCodeNO',
      postalCodeTo: 'validation.zipCodeNO',
    });
    expect(refused(await entry({ postalCodeFrom: '0500', postalCodeTo: '0400' }))).toEqual({
      postalCodeTo: 'validation.postalCodeRange',
    });
    expect(refused(await entry({ leadTimeDays: 15 }))).toHaveProperty('leadTimeDays');
    const overlap = await entry({ postalCodeFrom: '0399', postalCodeTo: '0450' });
    expect(refused(overlap)).toEqual({ postalCodeFrom: 'validation.rangeOverlap' });
    expect((overlap.body as Item[])[0]!.description).toContain(
      `EXPRESS is offered to 0150–0399 by matrix entry ${first.body.ids[0]}`,
    );
    // An update that makes the overlap is refused the same way.
    const next = await entry({ postalCodeFrom: '0400', postalCodeTo: '0450' });
    expect(next.status).toBe(200);
    const after = await countEvents(sys);
    expect(
      refused(
        await sys.command('UPDATE_MATRIX_ENTRY', { id: next.body.ids[0], postalCodeFrom: '0300' }),
      ),
    ).toEqual({ postalCodeFrom: 'validation.rangeOverlap' });
    expect(await countEvents(sys)).toBe(after);
    expect(after).toBe(before + 1);
    // Another service on the same codes is another entry.
    const evening = await entry({
      postalCodeFrom: '0300',
      postalCodeTo: '0450',
      serviceCodes: ['ECONOMY'],
      leadTimeDays: 2,
      deliveryWeekdays: [weekdayOf(DATE)],
    });
    expect(evening.status).toBe(200);
    await sys.command('DELETE_MATRIX_ENTRY', { id: next.body.ids[0] });
  });

  it("the matrix is ADMIN_MATRIX's, inside the admin's departments", async () => {
    // A planner without the flag: refused, command and query.
    expect((await booker.query('departmentMatrix', {})).status).toBe(403);
    expect(
      (
        await booker.command('CREATE_MATRIX_ENTRY', {
          departmentId: w.department,
          name: 'Nord',
          postalCodeFrom: '8000',
          postalCodeTo: '8099',
          serviceCodes: ['EXPRESS'],
        })
      ).status,
    ).toBe(403);
    // An admin of another department sees none of this one and cannot write it.
    expect((await listed(elsewhere)).body).toEqual([]);
    const [theirs] = (await listed()).body as Row[];
    expect(
      (await elsewhere.command('UPDATE_MATRIX_ENTRY', { id: theirs!.id, leadTimeDays: 5 })).status,
    ).toBe(403);
    const own = await elsewhere.command('CREATE_MATRIX_ENTRY', {
      departmentId: other,
      name: 'Bergen',
      postalCodeFrom: '5000',
      postalCodeTo: '5099',
      serviceCodes: ['EXPRESS'],
    });
    expect(own.status).toBe(200);
    await sys.settled();
    expect((await elsewhere.query('departmentMatrix', {})).body).toEqual([
      expect.objectContaining({ departmentId: other }),
    ]);
  });

  it('S7-CALL-036 the checkout look-ups read the matrix: inside a range only its services, outside none', async () => {
    // 0368 lies in EXPRESS's 0150–0399 and ECONOMY's 0300–0450.
    const inside = await matrixServices('0368');
    expect(inside.status).toBe(200);
    expect(inside.body).toEqual([
      expect.objectContaining({ serviceCode: 'ECONOMY', leadTimeDays: 2 }),
    ]);
    expect(codes((await hdServices('0368')).body)).toEqual(['ECONOMY', 'EXPRESS']);
    // 0200 is in EXPRESS's range alone; 5003 in none of them.
    expect(codes((await hdServices('0200')).body)).toEqual(['EXPRESS']);
    expect((await hdServices('5003')).body).toEqual([]);
    expect((await matrixServices('5003')).body).toEqual([]);
    // A key's look-up and a planner's query answer the same.
    const queried = await sys.query('departmentMatrixServices', {
      departmentExternalId: 'D-1',
      countryCode: 'NO',
      postalCode: '0368',
    });
    expect(queried.body).toEqual(inside.body);
  });

  it('deliveryWindows start at today plus the lead time and skip the weekdays not delivered', async () => {
    // The slot is two days ahead: EXPRESS's lead time of 1 day reaches it.
    expect((await windows('0200')).body).toEqual([
      { date: DATE, from: expect.stringContaining(DATE), to: expect.any(String) },
    ]);
    // ECONOMY at 0368: two days of lead time, delivered on the slot's weekday.
    expect((await windows('0368', 'ECONOMY')).body).toHaveLength(1);
    const [economy] = ((await listed()).body as Row[]).filter((e) =>
      e.serviceCodes.includes('ECONOMY'),
    );
    // Three days: the slot is too soon.
    expect(
      (await sys.command('UPDATE_MATRIX_ENTRY', { id: economy!.id, leadTimeDays: 3 })).status,
    ).toBe(200);
    await sys.settled();
    expect((await windows('0368', 'ECONOMY')).body).toEqual([]);
    // Back to two days, not delivered on the slot's weekday.
    const otherDay = weekdayOf(DATE) === 'MON' ? 'TUE' : 'MON';
    await sys.command('UPDATE_MATRIX_ENTRY', {
      id: economy!.id,
      leadTimeDays: 2,
      deliveryWeekdays: [otherDay],
    });
    await sys.settled();
    expect((await windows('0368', 'ECONOMY')).body).toEqual([]);
    // Outside every range the service is not offered: NOT_FOUND, as for a service not priced.
    expect((await windows('5003', 'ECONOMY')).status).toBe(404);
  });

  it('getCustomersWithTimeMatrix: the customers whose department has a matrix, by name; refused without the flags', async () => {
    const all = await sys.query('getCustomersWithTimeMatrix', {});
    expect(all.status).toBe(200);
    expect((all.body as Row[]).map((c) => c.id)).toEqual([w.main, w.sub, w.other]);
    expect(
      (await sys.query('getCustomersWithTimeMatrix', { departmentIds: [other] })).body,
    ).toEqual([]);
    expect((await sys.query('getCustomersWithTimeMatrix', { departmentIds: 'x' })).status).toBe(
      400,
    );
    expect((await booker.query('getCustomersWithTimeMatrix', {})).status).toBe(403);
    // With its entries deleted, the department is not restricted any more.
    for (const e of (await listed()).body as Row[])
      expect((await sys.command('DELETE_MATRIX_ENTRY', { id: e.id })).status).toBe(200);
    await sys.settled();
    expect((await sys.query('getCustomersWithTimeMatrix', {})).body).toEqual([]);
    expect(codes((await hdServices('5003')).body)).toEqual(['ECONOMY']);
  });
});
