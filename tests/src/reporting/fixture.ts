import { emptyCounts, type ReportCounts } from '@nordlog/contracts';
import {
  awayFromOsloMidnight,
  bookingDate,
  configureNumberSeries,
  osloStops,
} from '../support/booking.js';
import { createCourierVan, createDepartment, TEST_VAN } from '../support/planning.js';
import { freshPhone, type TestSystem } from '../support/system.js';

/**
 * The reports' hand-computed day (docs/decisions/0080, 0082): 50 consignments of Oslo today, two
 * customers (Apotek Nord: orders 0–29, Blomster Sør: 30–49), two slots with their couriers, one
 * van; Bergen has one order today (Apotek Nord's) and Oslo one tomorrow (Apotek Nord's). Every
 * fourth order's delivery window (00:00–00:01) is over before the test delivers it: late; the
 * others' (00:00–23:59) are not: on time.
 */
export const TODAY = bookingDate(0);
export const TOMORROW = bookingDate(1);
const late = (i: number) => i % 4 === 0;

/** Counts with the given numbers, the rest zero. */
export const counts = (c: Partial<ReportCounts>): ReportCounts => ({ ...emptyCounts(), ...c });

export interface ReportDay {
  /** Oslo, with the 50 orders; Bergen, with one. */
  dep: string;
  other: string;
  /** Apotek Nord, Blomster Sør. */
  customers: string[];
  /** Kari Bud (with her van) and Ola Bud (no van). */
  couriers: { courier: string; unit: string }[];
}

/** Books and works the day (the system has number series configured here). */
export async function bookReportDay(sys: TestSystem): Promise<ReportDay> {
  // The late windows (00:00–00:01) must be over: not in the first minutes after midnight (the
  // day itself does not turn: every file starts minutes away from it, dayBoundary.ts).
  await awayFromOsloMidnight(3);
  await configureNumberSeries(sys);
  const ok = async (name: string, payload: Record<string, unknown>) => {
    const res = await sys.command(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids as string[];
  };
  const run = (name: string, payload: unknown) => ok(name, payload as Record<string, unknown>);
  const dep = await createDepartment(sys, 'Oslo', { lat: 59.91, lng: 10.75 });
  const other = await createDepartment(sys, 'Bergen', { lat: 60.39, lng: 5.32 });
  const customers = [
    (await ok('CREATE_CUSTOMER', { name: 'Apotek Nord', departmentId: dep }))[0]!,
    (await ok('CREATE_CUSTOMER', { name: 'Blomster Sør', departmentId: dep }))[0]!,
  ];
  const couriers = [
    await createCourierVan(run, dep, TEST_VAN, { name: 'Kari Bud', phoneNumber: freshPhone() }),
    await createCourierVan(
      run,
      dep,
      { ...TEST_VAN, name: 'Van 2', alystraId: 'U-2' },
      { name: 'Ola Bud', phoneNumber: freshPhone() },
    ),
  ];
  const book = async (i: number, departmentId: string, date: string) =>
    (
      await ok('CREATE_ORDER', {
        departmentId,
        customerId: customers[i < 30 ? 0 : 1],
        pickupDate: date,
        deliveryTimeEarliest: '00:00',
        deliveryTimeLatest: late(i) ? '00:01' : '23:59',
        ...osloStops(i, { lat: 59.9 + i / 1000, lng: 10.7 }),
        measurements: [{ weight: 2, quantity: 1 }],
      })
    )[0]!;
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) ids.push(await book(i, dep, TODAY));
  // Outside Oslo's day: another department's order, and one of tomorrow.
  await book(1, other, TODAY);
  await book(1, dep, TOMORROW);
  // Slot 1 (Kari, her van): orders 0–19; slot 2 (Ola, no van): 20–34; 35–49 unplanned.
  const slot = async (name: string, courierId: string, unitId: string | null) =>
    (
      await ok('CREATE_SLOT', {
        departmentId: dep,
        name,
        timeFrom: `${TODAY}T06:00:00.000Z`,
        courierId,
        unitId,
      })
    )[0]!;
  const first = await slot('Morgen', couriers[0]!.courier, couriers[0]!.unit);
  const second = await slot('Dag', couriers[1]!.courier, null);
  await sys.settled();
  await ok('UPDATE_CONSIGNMENT_SLOT', { slotId: first, consignmentIds: ids.slice(0, 20) });
  await ok('UPDATE_CONSIGNMENT_SLOT', { slotId: second, consignmentIds: ids.slice(20, 35) });
  const of = (...ranges: [number, number][]) => ranges.flatMap(([a, b]) => ids.slice(a, b));
  await ok('MANUAL_DELIVER', { consignmentIds: of([0, 12], [20, 28]) });
  await ok('MANUAL_DEVIATE', { consignmentIds: of([12, 14]), reason: 'NOT_HOME' });
  await ok('MANUAL_DEVIATE', { consignmentIds: of([14, 15]), reason: 'DAMAGED' });
  await ok('MANUAL_DEVIATE', { consignmentIds: of([15, 16]), reason: 'CLOSED' });
  await ok('MANUAL_DEVIATE', { consignmentIds: of([28, 30]), reason: 'REFUSED' });
  // Order 15 goes back to its sender after its deviation; 30 and 31 are on their way.
  await ok('MANUAL_RETURN', { consignmentIds: of([15, 16]) });
  await ok('MANUAL_COLLECT', { consignmentIds: of([30, 32]) });
  await ok('DELETE_ORDERS', { orderIds: of([49, 50]) });
  await sys.settled();
  return { dep, other, customers, couriers };
}

// By hand: slot 1 has 20 planned (40 stops: a pickup and a delivery each), 0–11 delivered (0, 4
// and 8 late), 12–13 NOT_HOME, 14 DAMAGED, 15 returned; slot 2 has 15 planned (30 stops), 20–27
// delivered (20 and 24 late), 28–29 REFUSED, 30–31 collected; 35–48 unplanned, 49 deleted.
export const slot1 = counts({
  booked: 20,
  planned: 20,
  stops: 40,
  delivered: 12,
  onTime: 9,
  late: 3,
  deviated: 3,
  returned: 1,
  reasons: { NOT_HOME: 2, DAMAGED: 1 },
});
export const slot2 = counts({
  booked: 15,
  planned: 15,
  stops: 30,
  delivered: 8,
  onTime: 6,
  late: 2,
  deviated: 2,
  collected: 2,
  reasons: { REFUSED: 2 },
});
export const unplanned = counts({ booked: 14 });
export const day = counts({
  booked: 49,
  planned: 35,
  stops: 70,
  delivered: 20,
  onTime: 15,
  late: 5,
  deviated: 5,
  returned: 1,
  collected: 2,
  reasons: { NOT_HOME: 2, DAMAGED: 1, REFUSED: 2 },
});
