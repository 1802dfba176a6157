import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * The customer look-ups of spec §7 (docs/decisions/0067): without sub-customers, across all
 * countries, by ids, and a customer's numbers in other systems. Each answers within the caller's
 * departments and customer, refuses a missing parameter and a caller without the flags.
 */
describe('customer look-ups', () => {
  let sys: TestSystem;
  let oslo: string;
  let malmo: string;
  let main: string;
  let sub: string;
  let swedish: string;
  let elsewhere: string;
  /** A planner of Oslo (booking and shipments). */
  let planner: Session;
  /** A user whose access has no customer flag. */
  let courierDesk: Session;

  const ids = (body: { id: string }[]) => body.map((c) => c.id);

  beforeAll(async () => {
    sys = await startTestSystem();
    const department = async (name: string, country: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country })).body
        .ids[0] as string;
    oslo = await department('Oslo', 'NO');
    malmo = await department('Malmö', 'SE');
    const customer = async (payload: Record<string, unknown>) => {
      const made = await sys.command('CREATE_CUSTOMER', payload);
      expect(made.status).toBe(200);
      return made.body.ids[0] as string;
    };
    main = await customer({
      name: 'Fjord Apotek',
      departmentId: oslo,
      alystraId: '1000',
      orgNumber: '923609016',
      customerCode: 'FJ-1',
      otherIdentifiers: { SAP: '40001234' },
    });
    sub = await customer({
      name: 'Fjord Apotek Bergen',
      departmentId: oslo,
      alystraId: '1000',
      alystraSubcustomer: '01',
    });
    swedish = await customer({ name: 'Fjord Apotek Malmö', departmentId: malmo });
    elsewhere = await customer({ name: 'Annet AS', departmentId: oslo });
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
    });
    courierDesk = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [oslo],
      access: ['PLANNER_LIVE'],
    });
    await sys.settled();
  }, 60_000);
  afterAll(async () => {
    await sys?.shutdown();
  });

  it('S7-CALL-081: searchCustomers and searchCustomersWithoutSubcustomers answer; the second leaves the sub-customers out', async () => {
    const all = await sys.query('searchCustomers', { searchPhrase: 'fjord apotek' });
    expect(all.status).toBe(200);
    expect(ids(all.body).sort()).toEqual([main, sub, swedish].sort());
    const mains = await sys.query('searchCustomersWithoutSubcustomers', {
      searchPhrase: 'fjord apotek',
    });
    expect(mains.status).toBe(200);
    expect(ids(mains.body).sort()).toEqual([main, swedish].sort());
    // Within the planner's department only.
    const mine = await sys
      .as(planner)
      .query('searchCustomersWithoutSubcustomers', { searchPhrase: 'fjord apotek' });
    expect(ids(mine.body)).toEqual([main]);
    for (const name of ['searchCustomers', 'searchCustomersWithoutSubcustomers']) {
      expect((await sys.query(name, {})).status).toBe(400);
      expect((await sys.as(courierDesk).query(name, { searchPhrase: 'fjord' })).status).toBe(403);
    }
  });

  it('S7-CALL-082: searchCustomerAllCountries answers every country the caller reads, the named departments first', async () => {
    const found = await sys.query('searchCustomerAllCountries', {
      searchPhrase: 'fjord apotek',
      departmentIds: [malmo],
    });
    expect(found.status).toBe(200);
    expect(ids(found.body)).toEqual([swedish, main, sub]);
    // searchCustomers keeps to the departments named.
    expect(
      ids(
        (
          await sys.query('searchCustomers', {
            searchPhrase: 'fjord apotek',
            departmentIds: [malmo],
          })
        ).body,
      ),
    ).toEqual([swedish]);
    // A planner of Oslo reads no Swedish customer, whatever it names.
    const planners = await sys.as(planner).query('searchCustomerAllCountries', {
      searchPhrase: 'fjord apotek',
      departmentIds: [malmo],
    });
    expect(ids(planners.body)).toEqual([main, sub]);
    expect((await sys.query('searchCustomerAllCountries', { departmentIds: [oslo] })).status).toBe(
      400,
    );
    expect(
      (
        await sys
          .as(courierDesk)
          .query('searchCustomerAllCountries', { searchPhrase: 'fjord', departmentIds: [oslo] })
      ).status,
    ).toBe(403);
  });

  it('S7-CALL-083: subcustomersForAlystraId and allCustomersByIds answer within the caller’s scope', async () => {
    const subs = await sys.query('subcustomersForAlystraId', { alystraId: '1000' });
    expect(subs.status).toBe(200);
    expect(ids(subs.body)).toEqual([sub]);
    const byIds = await sys.query('allCustomersByIds', { ids: [swedish, elsewhere, main] });
    expect(byIds.status).toBe(200);
    expect(ids(byIds.body)).toEqual([elsewhere, main, swedish]);
    expect(
      ids((await sys.as(planner).query('allCustomersByIds', { ids: [swedish, main] })).body),
    ).toEqual([main]);
    expect((await sys.query('allCustomersByIds', {})).status).toBe(400);
    expect((await sys.query('allCustomersByIds', { ids: [] })).status).toBe(400);
    for (const [name, params] of [
      ['subcustomersForAlystraId', { alystraId: '1000' }],
      ['allCustomersByIds', { ids: [main] }],
    ] as const)
      expect((await sys.as(courierDesk).query(name, params)).status).toBe(403);
  });

  it('customerExternalCustomerNumbers: the customer’s numbers in other systems, only to who may read the customer', async () => {
    const numbers = await sys.query('customerExternalCustomerNumbers', { customerId: main });
    expect(numbers.status).toBe(200);
    expect(numbers.body).toEqual({
      customerId: main,
      numbers: [
        { system: 'ALYSTRA', number: '1000' },
        { system: 'ORG_NUMBER', number: '923609016' },
        { system: 'CUSTOMER_CODE', number: 'FJ-1' },
        { system: 'SAP', number: '40001234' },
      ],
    });
    expect(
      (await sys.query('customerExternalCustomerNumbers', { customerId: sub })).body.numbers,
    ).toEqual([{ system: 'ALYSTRA', number: '1000', subcustomer: '01' }]);
    expect((await sys.query('customerExternalCustomerNumbers', {})).status).toBe(400);
    expect(
      (await sys.query('customerExternalCustomerNumbers', { customerId: '999999' })).status,
    ).toBe(404);
    expect(
      (await sys.as(planner).query('customerExternalCustomerNumbers', { customerId: swedish }))
        .status,
    ).toBe(404);
    expect(
      (await sys.as(courierDesk).query('customerExternalCustomerNumbers', { customerId: main }))
        .status,
    ).toBe(403);
  });
});
