import {
  AppError,
  COURIER_LOCATIONS_TABLE,
  customerScope,
  ORDERS_TABLE,
  REST_BREAK,
  SLOTS_TABLE,
  SLOT_SCANS_TABLE,
  UNITS_TABLE,
  estimateArrivals,
  isDriving,
  packageCount,
  recipientView,
  remainingStops,
  speedKmh,
  trackingStage,
  type CourierLocationRow,
  type OrderRow,
  type ScanKind,
  type SlotRow,
  type SlotScansRow,
  type TrackingDetails,
  type UnitRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, type QueryHandler } from '../framework.js';
import { byId, schedules, timeZones } from '../planning/query.js';
import { answersOf } from './answers.js';
import { npsOfTracking } from '../nps/query.js';

/** What the courier's route says of one delivery while the slot is driven. */
interface OnTheRoad {
  eta: string | null;
  stopsBefore: number | null;
  courierPosition: TrackingDetails['courierPosition'];
}
const NOT_ON_THE_ROAD: OnTheRoad = { eta: null, stopsBefore: null, courierPosition: null };

/**
 * Query `getShipmentDetailsFromTracking {id}` (spec §7; docs/decisions/0028-tracking.md): the
 * recipient's view of the shipment whose tracking link has this key. Answered without a session
 * at `/openapi/query` too, so it answers only `recipientView`'s fields: the state and its step,
 * the delivery day and window, and while the slot is driven the estimated arrival, the number of
 * stops before this one and, when this delivery is the courier's next stop, its rounded position.
 * An unknown key is NOT_FOUND (the same answer whether or not a shipment ever had it).
 */
export const getShipmentDetailsFromTracking: QueryHandler<
  'getShipmentDetailsFromTracking'
> = async ({ id }, { knex, clock }) => {
  const found = await knex(ORDERS_TABLE)
    .where('tracking_id', id)
    .first<{ data: OrderRow } | undefined>('data');
  if (!found) throw new AppError('NOT_FOUND', 'No shipment has this tracking link');
  return detailsOf(knex, found.data, clock().getTime());
};

/**
 * Query `shipmentTracking {reference}` (issue 36; docs/decisions/0036-time.md): what the
 * recipient's tracking page shows of the shipment with this shipment number (GSIN) or a package
 * with this SSCC, for support staff who may read the shipment (their departments, and a customer
 * user's own customers). The same NOT_FOUND whether the shipment does not exist or is not theirs.
 */
export const shipmentTracking: QueryHandler<'shipmentTracking'> = async (
  { reference },
  { knex, identity, clock },
) => {
  const q = knex(ORDERS_TABLE)
    .where((w) => {
      w.where('shipment_id', reference).orWhereRaw(`data->'order'->'measurements' @> ?::jsonb`, [
        JSON.stringify([{ packageIds: [reference] }]),
      ]);
    })
    .orderByRaw('case when shipment_id = ? then 0 else 1 end, id', [reference]);
  const allowed = allowedDepartments(identity, undefined);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  const customers = customerScope(identity);
  if (customers) q.whereIn('customer_id', customers);
  const found = await q.first<{ data: OrderRow } | undefined>('data');
  if (!found) throw new AppError('NOT_FOUND', 'No shipment you may read has this number');
  return detailsOf(knex, found.data, clock().getTime());
};

/** The recipient's view of an order (`recipientView`): its step, day, window and the road. */
async function detailsOf(knex: Knex, row: OrderRow, now: number): Promise<TrackingDetails> {
  const order = row.order;
  const timeZone = (await timeZones(knex, [row.departmentId]))(row.departmentId);
  const slot = row.slotId
    ? (
        await knex(SLOTS_TABLE)
          .where({ id: row.slotId, deleted: false })
          .first<{ data: SlotRow } | undefined>('data')
      )?.data
    : undefined;
  const road = slot ? await onTheRoad(knex, slot, row.id, timeZone, now) : NOT_ON_THE_ROAD;
  return recipientView({
    trackingId: order.trackingId ?? null,
    shipmentId: row.shipmentId,
    state: row.state,
    stage: trackingStage(row.state, !!slot && isDriving(slot.state)),
    deliveryDate: order.deliveryDate ?? order.pickupDate,
    deliveryTimeEarliest: order.deliveryTimeEarliest ?? null,
    deliveryTimeLatest: order.deliveryTimeLatest ?? null,
    timeZone,
    deliveryZipArea: order.delivery.zipArea,
    packageCount: packageCount(order.measurements),
    ...road,
    updatedAt: new Date(row.updatedAtEpoch).toISOString(),
    scans: row.slotId ? await scanSteps(knex, row.slotId, row.id) : [],
    proof: row.proof?.signature ? 'signed' : row.proof?.photos.length ? 'photo' : null,
    ...(await answersOf(knex, row, slot, timeZone, now)),
    nps: await npsOfTracking(knex, row, timeZone, now),
  });
}

/**
 * The steps the scans of the order's slot took its parcels to (0064): scans that moved one of its
 * packages, each kind at its first time, oldest first.
 */
async function scanSteps(knex: Knex, slotId: string, orderId: string) {
  const found = await knex(SLOT_SCANS_TABLE)
    .where({ id: slotId })
    .first<{ data: SlotScansRow } | undefined>('data');
  const steps = new Map<ScanKind, string>();
  const moving = (found?.data.scans ?? [])
    .filter((s) => s.orderIds.includes(orderId) && s.moved.length > 0)
    .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  for (const s of moving) if (!steps.has(s.kind)) steps.set(s.kind, s.scannedAt);
  return [...steps].map(([kind, at]) => ({ kind, at }));
}

/**
 * The delivery's place on its slot's remaining route: nothing unless the slot is being driven
 * and the delivery is still to come. The arrival follows the courier's latest position (the live
 * view's rule, contracts `estimateArrivals`), or the plan while it has reported none.
 */
async function onTheRoad(
  knex: Knex,
  slot: SlotRow,
  consignmentId: string,
  timeZone: string,
  now: number,
): Promise<OnTheRoad> {
  if (!isDriving(slot.state)) return NOT_ON_THE_ROAD;
  const [schedule] = await schedules(knex, [slot]);
  const points = schedule?.routePoints ?? [];
  const stops = remainingStops(points, slot.date, timeZone);
  const index = stops.findIndex((s) => s.key === `${consignmentId}:delivery`);
  if (index < 0) return NOT_ON_THE_ROAD;
  const stopsBefore = stops.slice(0, index).filter((s) => s.key !== REST_BREAK).length;
  const location = slot.courierId
    ? (
        await knex(COURIER_LOCATIONS_TABLE)
          .where({ id: slot.courierId })
          .first<{ data: CourierLocationRow } | undefined>('data')
      )?.data
    : undefined;
  if (!location) {
    const planned = Date.parse(points.find((p) => p.key === stops[index]!.key)!.arrival);
    const eta = Math.max(planned, stops[index]!.earliest ?? planned);
    return { eta: new Date(eta).toISOString(), stopsBefore, courierPosition: null };
  }
  const units = slot.unitId
    ? await byId<UnitRow>(knex, UNITS_TABLE, [slot.unitId])
    : new Map<string, UnitRow>();
  const from = { lat: location.latitude, lng: location.longitude, at: Date.parse(location.at) };
  const estimate = estimateArrivals(from, stops, speedKmh(units.get(slot.unitId ?? '')), now)[
    index
  ]!;
  // A courier early for the window waits for it: the recipient is told when it opens.
  const eta = Math.max(estimate.arrival, stops[index]!.earliest ?? estimate.arrival);
  return {
    eta: new Date(eta).toISOString(),
    stopsBefore,
    courierPosition: stopsBefore === 0 ? { lat: from.lat, lng: from.lng, at: location.at } : null,
  };
}
