import {
  commandSchemas,
  isHeavyGoods,
  type BookedOrder,
  type ConsignmentState,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import type { Knex } from '@nordlog/platform';
import { benchPriceList, createBenchArticles } from './benchPrices.js';
import { must } from './localSystem.js';
import type { ReportsWorld } from './reportsData.js';
import { benchConsignment } from './reportsData.js';
import { benchEvent, projectBulk } from './reportsRoutes.js';
import { runConcurrent } from './stats.js';

/**
 * `bench:reports`' orders (`rm_orders`, what the report's amount to invoice prices): the order of
 * each consignment of the dates, written by the orders projection itself from the events that
 * lead to its state (its rows exactly), and the price lists that price them.
 */

/**
 * The article catalogue (freight per zone in weight brackets, kilograms above 35 kg, packages)
 * and a price list per department, valid from before the data's first day, through the command
 * API: every delivery zip of the bench's consignments (gridRows.ts) is in one of its zones.
 */
export async function setUpPrices(system: System, departments: readonly string[]) {
  await createBenchArticles((name, payload) => must(system, name, payload));
  await runConcurrent(departments.length, 4, async (d) => {
    await must(system, 'CREATE_PRICE_LIST', {
      ...benchPriceList('2025-12-01'),
      name: `Bench standard ${d + 1}`,
      departmentId: departments[d],
    });
  });
}

/** The events that take an order to its state after booking, in order (the planned ones: on `slot`). */
function lifeOf(state: ConsignmentState, slotId: string | null): [string, unknown][] {
  const booked = state === 'CREATED' ? 'CREATED' : 'RESOLVED';
  const steps: [string, unknown][] = [['OrderCreated', { state: booked }]];
  if (slotId) steps.push(['ConsignmentAssignedToSlot', { state: 'ASSIGNED', slotId }]);
  if (state === 'DELETED') steps.push(['OrderDeleted', { state }]);
  if (['COLLECTED', 'DELIVERED', 'RETURNED'].includes(state))
    steps.push(['ConsignmentCollected', { state: 'COLLECTED' }]);
  if (state === 'DELIVERED') steps.push(['ConsignmentDelivered', { state }]);
  if (state === 'DEVIATED' || state === 'RETURNED')
    steps.push(['ConsignmentDeviated', { state: 'DEVIATED' }]);
  if (state === 'RETURNED') steps.push(['ConsignmentReturned', { state }]);
  return steps;
}

/**
 * Consignment `i`'s order as booked (CREATE_ORDER's payload through its schema, with the ids the
 * booking gives it: the grid row's shipment and package ids) and its events.
 */
export function orderEvents(world: ReportsWorld, i: number, position: number): RecordedEvent[] {
  const c = benchConsignment(world, i);
  const r = c.grid;
  const payload = commandSchemas.CREATE_ORDER.parse({
    departmentId: r.departmentId,
    customerId: r.customerId,
    pickupDate: r.date,
    customerRef: r.customerRef,
    pickup: {
      name: r.pickupName,
      address: r.pickupAddress,
      zipCode: r.pickupZipCode,
      zipArea: r.pickupZipArea,
      countryCode: 'NO',
      lat: r.pickupLat,
      lng: r.pickupLng,
    },
    delivery: {
      name: r.deliveryName,
      address: r.deliveryAddress,
      zipCode: r.deliveryZipCode,
      zipArea: r.deliveryZipArea,
      countryCode: 'NO',
      lat: r.deliveryLat,
      lng: r.deliveryLng,
    },
    measurements: [
      {
        weight: Math.max(0.5, r.weightValue ?? 1),
        height: 30,
        length: 60,
        width: 40,
        quantity: r.packageCount,
      },
    ],
  });
  const packageIds = Array.from(
    { length: r.packageCount },
    (_, p) => `1709${String(i * 4 + p).padStart(14, '0')}`,
  );
  const order: BookedOrder = {
    ...payload,
    orderId: c.id,
    shipmentId: r.shipmentId!,
    trackingId: Buffer.from(`bench-${c.id}`).toString('base64url'),
    measurements: payload.measurements.map((l) => ({ ...l, packageId: packageIds[0], packageIds })),
    heavyGoods: isHeavyGoods(payload.measurements.map((l) => l.weight)),
  };
  const steps = lifeOf(c.report.state, c.report.slotId);
  const first = Date.parse(r.createdAt);
  const last = c.report.deliveredAt ? Date.parse(c.report.deliveredAt) : first + 3_600_000;
  return steps.map(([type, data], n) =>
    benchEvent(
      `order-${c.id}`,
      n,
      type,
      n === 0 ? { ...(data as object), order } : data,
      new Date(
        n === 0 ? first : Math.max(first, last - (steps.length - 1 - n) * 600_000),
      ).toISOString(),
      position + n,
    ),
  );
}

/**
 * The orders of the consignments [0, count) picked up in the dates, `chunk` consignments a bulk
 * write, two at a time. The count of orders written.
 */
export async function insertOrders(
  knex: Knex,
  world: ReportsWorld,
  count: number,
  dates: { fromDate: string; toDate: string },
  chunk = 5_000,
): Promise<number> {
  let written = 0;
  await runConcurrent(Math.ceil(count / chunk), 2, async (k) => {
    const events: RecordedEvent[] = [];
    for (let i = k * chunk; i < Math.min(count, (k + 1) * chunk); i++) {
      const date = benchConsignment(world, i).report.date;
      if (date < dates.fromDate || date > dates.toDate) continue;
      events.push(...orderEvents(world, i, i * 8));
      written++;
    }
    if (events.length > 0) await projectBulk(knex, 'orders', events);
  });
  return written;
}
