import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityOfUser, type SlotView } from '@nordlog/contracts';
import { queries } from '@nordlog/query-service';
import { configureNumberSeries } from '../support/booking.js';
import { createCourier, createDepartment, createSlot } from '../support/planning.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Issue 36 "A route in progress survives midnight": a route belongs to its date until it is
 * finished. The courier's page shows every slot the courier still drives, whatever its date, and
 * the live view of today keeps the earlier days' driven slots. Checked with the query service's
 * clock set on either side of Oslo's midnight, on an ordinary night and on both daylight-saving
 * nights of 2026 (29 March: 02:00 → 03:00; 25 October: 03:00 → 02:00).
 */
describe('issue 36: a route in progress survives midnight', () => {
  let sys: TestSystem;
  let oslo: string;

  /** The courier's own slots as its page asks (no date: today by the query service's clock). */
  const courierSlotsAt = async (courierId: string, at: string) =>
    (
      (await queries.courierSlots(
        {},
        {
          knex: sys.db.knex,
          identity: identityOfUser({
            id: courierId,
            role: 'COURIER',
            access: [],
            departmentIds: [oslo],
            customerId: null,
            courierId,
          }),
          clock: () => new Date(at),
        },
      )) as SlotView[]
    ).map((s) => s.id);

  beforeAll(async () => {
    sys = await startTestSystem();
    await configureNumberSeries(sys);
    oslo = await createDepartment(sys, 'Oslo', null);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  const nights = [
    // [the evening's date, its last second, the next date's first second] (UTC instants)
    ['2026-01-14', '2026-01-14T22:59:59Z', '2026-01-14T23:00:00Z', '2026-01-15'],
    ['2026-03-28', '2026-03-28T22:59:59Z', '2026-03-28T23:00:00Z', '2026-03-29'],
    ['2026-10-24', '2026-10-24T21:59:59Z', '2026-10-24T22:00:00Z', '2026-10-25'],
  ] as const;

  it.each(nights)(
    'the courier page keeps the route driven on %s after midnight, beside the new day’s slot; a finished or unstarted one stays on its date',
    async (evening, before, after, next) => {
      const courier = await createCourier(sys, [oslo]);
      // An evening route (20:00 Oslo), one that never started, and the next day's slot.
      const driven = await createSlot(sys, oslo, evening, {
        courierId: courier.id,
        timeFrom: `${evening}T19:00:00.000Z`,
      });
      const idle = await createSlot(sys, oslo, evening, {
        courierId: courier.id,
        timeFrom: `${evening}T20:00:00.000Z`,
      });
      const tomorrow = await createSlot(sys, oslo, next, { courierId: courier.id });
      expect(
        (await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'start' })).status,
      ).toBe(200);
      await sys.settled();

      expect(await courierSlotsAt(courier.id, before)).toEqual([driven, idle]);
      // Midnight: the driven route stays (first: its date is earlier), the unstarted one does not.
      expect(await courierSlotsAt(courier.id, after)).toEqual([driven, tomorrow]);
      // The page passes its own today: the same answer through the gateway.
      const session = sys.as(await sys.signIn(courier.phoneNumber));
      const asked = await session.query('courierSlots', { date: next });
      expect(asked.status).toBe(200);
      expect(asked.body.map((s: SlotView) => s.id)).toEqual([driven, tomorrow]);
      expect(asked.body[0]).toMatchObject({ date: evening, state: 'IN_PROGRESS' });

      // Paused, it is still the courier's work; completed, it belongs to its date alone.
      await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'pause' });
      await sys.settled();
      expect(await courierSlotsAt(courier.id, after)).toEqual([driven, tomorrow]);
      await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'resume' });
      await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'complete' });
      await sys.settled();
      expect(await courierSlotsAt(courier.id, after)).toEqual([tomorrow]);
      expect(await courierSlotsAt(courier.id, before)).toEqual([driven, idle]);
    },
  );

  it('the live view of today keeps the earlier days’ driven slots (`slots` with includeDriven), and only then', async () => {
    const courier = await createCourier(sys, [oslo]);
    const [evening, next] = ['2026-06-20', '2026-06-21'];
    const driven = await createSlot(sys, oslo, evening, { courierId: courier.id });
    const idle = await createSlot(sys, oslo, evening);
    const today = await createSlot(sys, oslo, next);
    await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'start' });
    await sys.settled();
    const ids = async (extra: Record<string, unknown>) => {
      const res = await sys.query('slots', {
        departmentIds: [oslo],
        fromDate: next,
        toDate: next,
        ...extra,
      });
      expect(res.status).toBe(200);
      return res.body.map((s: SlotView) => s.id);
    };
    expect(await ids({})).toEqual([today]);
    const kept = await ids({ includeDriven: true });
    expect(kept).toContain(driven);
    expect(kept).toContain(today);
    expect(kept).not.toContain(idle);
    // One slot asked again (a pushed change): still found while driven, gone once completed.
    expect(await ids({ includeDriven: true, slotIds: [driven] })).toEqual([driven]);
    await sys.command('CHANGE_SLOT_STATE', { slotId: driven, transition: 'complete' });
    await sys.settled();
    expect(await ids({ includeDriven: true, slotIds: [driven] })).toEqual([]);
  });
});
