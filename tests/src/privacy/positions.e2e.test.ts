import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  COURIER_POSITION_RETENTION_DAYS,
  courierLocationStream,
  type CourierLocation,
} from '@nordlog/contracts';
import { createCourier } from '../support/planning.js';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';
import { liveAndRebuilt } from './scan.js';

const DAY = 86_400_000;

/**
 * A courier's positions expire a day at a time (issue 38, docs/decisions/0050-personal-data.md,
 * addendum): each courier-day's positions are sealed under a key of their own, and once the day is
 * older than COURIER_POSITION_RETENTION_DAYS the retention deletes the key, so the positions read
 * as their area (two decimals) in the events, the live row and a rebuild alike.
 */
describe("retention of couriers' positions", () => {
  let sys: TestSystem;
  const couriers: { id: string; session: Session }[] = [];
  const today = new Date();
  const tomorrow = new Date(today.getTime() + DAY);
  /** Exact points, as a table's text would hold them. */
  const points = { first: [59.9412345, 10.7198765], second: [59.9276543, 10.7634567] };

  const report = (i: number, at: Date, [latitude, longitude]: number[]) =>
    sys.as(couriers[i]!.session).command('SET_COURIER_LOCATION', {
      courierId: couriers[i]!.id,
      latitude,
      longitude,
      accuracy: 10,
      timestamp: at.toISOString(),
    });
  const row = async (i: number) =>
    (
      await sys.db.knex('rm_courier_locations').where({ id: couriers[i]!.id }).first<{
        data: CourierLocation;
      }>()
    ).data;
  const storedHolding = async (values: number[]) =>
    (
      await sys.db.knex.raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from es_events t where t::text ilike any(?)`,
        [values.map((v) => `%${v}%`)],
      )
    ).rows[0]!.n;

  let dep: string;
  beforeAll(async () => {
    sys = await startTestSystem();
    dep = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0] as string;
    // The first a courier user (its slot's courier, 0090), the second known by its id alone.
    const driver = await createCourier(sys, [dep]);
    couriers.push({ id: driver.id, session: await sys.signIn(driver.phoneNumber) });
    couriers.push({
      id: '72',
      session: await sys.login({
        phoneNumber: freshPhone(),
        role: 'COURIER',
        courierId: '72',
        departmentIds: [dep],
      }),
    });
  }, 60_000);
  afterAll(async () => sys?.shutdown());

  it("seals each courier-day's positions; past the retention they read as their area, in the live row too; the days still kept stay exact", async () => {
    // The first courier drives a slot (its route figures, 0090): 0.005° (556 m) before its last
    // position of today; as their area both read 59.94, so the expired day drove nothing.
    const slot = (
      await sys.command('CREATE_SLOT', {
        departmentId: dep,
        name: 'Morgen',
        timeFrom: today.toISOString(),
        courierId: couriers[0]!.id,
      })
    ).body.ids[0] as string;
    expect(
      (await sys.command('CHANGE_SLOT_STATE', { slotId: slot, transition: 'start' })).status,
    ).toBe(200);
    await sys.settled();
    const midnight = Date.parse(`${today.toISOString().slice(0, 10)}T00:00:00Z`);
    const earlier = new Date(Math.max(today.getTime() - 30_000, midnight));
    expect((await report(0, earlier, [59.9362345, points.first[1]!])).status).toBe(200);
    const driven = async () =>
      (
        await sys.db
          .knex('rm_report_routes')
          .where({ id: slot })
          .first<{ data: { drivenMetres: number } }>()
      ).data.drivenMetres;
    // The first courier's last position is of today; the second also reported tomorrow.
    expect((await report(0, today, points.first)).status).toBe(200);
    await sys.settled();
    expect(Math.round(await driven())).toBe(556);
    expect((await report(1, today, points.second)).status).toBe(200);
    expect((await report(1, tomorrow, [59.9111111, 10.7111111])).status).toBe(200);
    await sys.settled();
    expect(await storedHolding([...points.first, ...points.second])).toBe(0);
    expect(await row(0)).toMatchObject({ latitude: points.first[0], longitude: points.first[1] });

    // A day before the retention runs out, nothing expires.
    const dayOf = (d: Date, days: number) => new Date(d.getTime() + days * DAY);
    expect(await sys.retention.expirePositions(dayOf(today, COURIER_POSITION_RETENTION_DAYS))).toBe(
      0,
    );
    // Past it, today's two courier-days expire; tomorrow's is kept.
    expect(
      await sys.retention.expirePositions(dayOf(today, COURIER_POSITION_RETENTION_DAYS + 1)),
    ).toBe(2);
    await sys.settled();
    expect(await row(0)).toMatchObject({ latitude: 59.94, longitude: 10.72 });
    expect(await row(1)).toMatchObject({ latitude: 59.9111111, longitude: 10.7111111 });
    expect(await driven()).toBe(0);
    const second = await sys.store.readStream(courierLocationStream(couriers[1]!.id));
    expect(second.map((e) => [e.type, (e.data as CourierLocation).latitude ?? null])).toEqual([
      ['CourierLocationReported', 59.93],
      ['CourierLocationReported', 59.9111111],
    ]);
    // The first courier's live row was of the expired day: its stream records the day's erasure;
    // the second's expired day is recorded on the retention's own stream. Both reach Kafka's
    // erasures topic as any erasure does.
    const first = await sys.store.readStream(courierLocationStream(couriers[0]!.id));
    expect(first.map((e) => e.type)).toEqual([
      'CourierLocationReported',
      'CourierLocationReported',
      'PersonalDataErased',
    ]);
    const day = today.toISOString().slice(0, 10);
    const recorded = await sys.db
      .knex('es_events')
      .where({ type: 'PersonalDataErased' })
      .select('stream_id', 'data');
    expect(recorded.map((r) => [r.stream_id.replace(/\d{4}-\d\d-\d\d$/, 'DATE'), r.data])).toEqual(
      expect.arrayContaining([
        [
          courierLocationStream(couriers[0]!.id),
          { subject: `courier:${couriers[0]!.id}:${day}`, reason: 'retention' },
        ],
        [
          'privacy-retention-DATE',
          { subject: `courier:${couriers[1]!.id}:${day}`, reason: 'retention' },
        ],
      ]),
    );
    expect(recorded).toHaveLength(2);
    // Nothing more is due; a report that comes later still opens as it was sent.
    expect(
      await sys.retention.expirePositions(dayOf(today, COURIER_POSITION_RETENTION_DAYS + 1)),
    ).toBe(0);

    // A rebuild gives the read models the live projector has.
    const { live, rebuilt } = await liveAndRebuilt(sys);
    expect(rebuilt).toEqual(live);
  });
});
