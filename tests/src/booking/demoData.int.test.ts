import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  isValidGsin,
  type ConsignmentRow,
  type OrderPrice,
  type UnitRow,
} from '@nordlog/contracts';
import { seedDemoData, seedDemoUsers, type DemoPlan } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import { startTestSystem, type TestSystem } from '../support/system.js';

/** The demo data books through the same command path, so it must satisfy every booking rule. */
describe('demo data with booking rules', () => {
  let sys: TestSystem;
  let plan: DemoPlan = new Map();
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => sys.shutdown());

  it('loads: every demo order has a GSIN from the demo series and lies ahead of now', async () => {
    plan = await seedDemoData((name, payload) => sys.run(name, payload), silentLogger(), 5, 2);
    await sys.settled();
    const rows = (await sys.query('consignments', { fromDate: '2000-01-01', toDate: '2100-01-01' }))
      .body as { shipmentId: string; packageIds: string[] }[];
    expect(rows).toHaveLength(20 + 24);
    expect(rows.every((r) => isValidGsin(r.shipmentId) && r.packageIds.length > 0)).toBe(true);
  }, 60_000);

  it('every demo order has a complete price in its country’s currency (docs/decisions/0030)', async () => {
    const rows = (await sys.query('consignments', { fromDate: '2000-01-01', toDate: '2100-01-01' }))
      .body as { id: string }[];
    const currencies = new Set<string>();
    for (const { id } of rows) {
      const price = (await sys.query('orderPrice', { orderId: id })).body as OrderPrice;
      expect({ id, errors: price.errors }).toEqual({ id, errors: [] });
      expect(price.customerNet).toBeGreaterThan(0);
      currencies.add(price.currency);
    }
    expect([...currencies].sort()).toEqual(['DKK', 'EUR', 'NOK', 'SEK']);
  }, 60_000);

  it('the demo courier drives a slot under way today and reports its own position with its courier id', async () => {
    await seedDemoUsers((name, payload) => sys.run(name, payload), silentLogger(), plan);
    await sys.settled();
    const courier = sys.as(await sys.signIn('+4740000007'));
    const me = (await courier.get('/auth/user')).body as { id: string; courierId: string };
    expect(me.courierId).toBe(me.id);
    const [slot] = (await courier.query('courierSlots', {})).body;
    expect(slot).toMatchObject({ state: 'IN_PROGRESS', courierId: me.id });
    expect(slot.routePoints.length).toBeGreaterThan(0);
    const report = (courierId: string) =>
      courier.command('SET_COURIER_LOCATION', {
        courierId,
        latitude: 59.91,
        longitude: 10.75,
        accuracy: 12,
        timestamp: new Date().toISOString(),
      });
    expect((await report(me.courierId)).status).toBe(200);
    expect((await report(String(Number(me.courierId) + 1))).status).toBe(403);
  }, 60_000);

  it('the demo week: the next two working days have three slots and three orders each a department, none planned', async () => {
    const rows = (await sys.query('consignments', { fromDate: '2000-01-01', toDate: '2100-01-01' }))
      .body as ConsignmentRow[];
    const todayOslo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
      new Date(),
    );
    const coming = rows.filter((r) => r.date > todayOslo);
    // Four departments × two days × ceil(5 / 2) orders; a day a department's time zone is ahead
    // of Oslo's is not possible in the Nordic markets, so "after today" is after Oslo's today.
    expect(coming).toHaveLength(24);
    for (const row of coming) {
      const weekday = new Date(`${row.date}T12:00:00Z`).getUTCDay();
      expect({ date: row.date, weekend: weekday === 0 || weekday === 6, slot: row.slotId }).toEqual(
        { date: row.date, weekend: false, slot: null },
      );
    }
    const dates = [...new Set(coming.map((r) => r.date))].sort();
    expect(dates.length).toBeGreaterThanOrEqual(2);
    const slots = (await sys.query('slots', { fromDate: dates[0], toDate: dates[0] })).body as {
      name: string;
    }[];
    expect(slots.map((s) => s.name).sort()).toEqual(
      expect.arrayContaining(['Afternoon', 'Morning 1', 'Morning 2']),
    );
  }, 60_000);

  it("every demo unit's depot is its department's street address with its point (0041-depot)", async () => {
    const units = (await sys.query('units', {})).body as UnitRow[];
    expect(units.length).toBeGreaterThanOrEqual(8);
    for (const unit of units)
      for (const depot of [unit.startLocation, unit.endLocation])
        expect({ unit: unit.name, depot }).toEqual({
          unit: unit.name,
          depot: expect.objectContaining({
            address: expect.stringMatching(/^\S.+, \d{4,5} \S/),
            precision: 'address',
          }),
        });
    const oslo = units.find((u) => u.name === 'Oslo van 1')!;
    expect(oslo.startLocation).toEqual({
      lat: 59.911525,
      lng: 10.75425,
      address: 'Tollbugata 17, 0152 Oslo',
      precision: 'address',
    });
  }, 60_000);
});
