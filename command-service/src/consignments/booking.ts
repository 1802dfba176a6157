import {
  AppError,
  countryTimeZones,
  isEmptyAddressBlock,
  isHeavyGoods,
  normaliseUnit,
  packageCount,
  calendarIssues,
  timingIssues,
  TRACKING_ID_BYTES,
  withCodedGoodsFootprint,
  type AddressBlock,
  type AddressSide,
  type BookedOrder,
  type CreateOrder,
  type Department,
  type MeasurementLine,
  type ValidationKey,
} from '@nordlog/contracts';
import { fieldErrors } from '@nordlog/platform';
import { randomBytes } from 'node:crypto';
import type { HandlerContext, Prefetch } from '../framework/handler.js';
import { pinsOf, prefetchPins } from '../pins/pins.js';
import { departmentCalendar, prefetchCalendar } from '../timeWindows/calendar.js';
import { resolvedServiceCode } from './serviceCode.js';

/**
 * What the handlers do to a booked or edited order before the decider sees it (I/O lives here,
 * never in the decider): the empty pickup block, address lookup, the heavy-goods flag and the
 * number series (docs/decisions/0015-booking.md).
 */

type Fields = Omit<CreateOrder, 'departmentId'>;

export async function departmentOf(ctx: HandlerContext, id: string): Promise<Department> {
  const department = await ctx.readDepartment(id);
  if (!department) throw new AppError('NOT_FOUND', `Department ${id} not found`);
  return department;
}

/**
 * Spec §5 empty pickup block: the goods are handed in at the department, so its name and location
 * stand for the pickup (resolved by DEPARTMENT_LOCATION).
 */
export function pickupOrDepartment(block: AddressBlock, department: Department): AddressBlock {
  if (!isEmptyAddressBlock(block)) return block;
  return {
    ...block,
    name: department.name,
    countryCode: department.country,
    ...(department.location
      ? {
          lat: department.location.lat,
          lng: department.location.lng,
          resolvedBy: 'DEPARTMENT_LOCATION',
          // The department's own location: its point is the place itself.
          precision: 'address',
        }
      : {}),
  };
}

/** Spec §5: the pickup's latest moment must lie ahead, in the pickup's (else department's) zone. */
export function timeZoneOf(order: Pick<Fields, 'pickup'>, department: Department): string {
  return (
    countryTimeZones[order.pickup.countryCode] ??
    countryTimeZones[department.country] ??
    'Europe/Oslo'
  );
}

export function assertInFuture(order: Fields, department: Department, now: Date): void {
  const issues = timingIssues(order, now, timeZoneOf(order, department));
  if (issues.length > 0) throw fieldErrors(issues);
}

/**
 * The timing rules of a booking: the pickup ahead (spec §5), then the department's calendar
 * (docs/decisions/0078): open days, the cut-off, the earliest pickup, the opening hours. The
 * booking form applies the same `calendarIssues`.
 */
export async function timingAndCalendarIssues(
  ctx: HandlerContext,
  order: Fields,
  department: Department,
): Promise<{ path: (string | number)[]; message: ValidationKey }[]> {
  const timing = timingIssues(order, ctx.now, timeZoneOf(order, department));
  if (timing.length > 0) return timing;
  const dates = [order.pickupDate, order.deliveryDate ?? order.pickupDate];
  return calendarIssues(order, await departmentCalendar(ctx, department, dates), ctx.now);
}

async function assertBookable(ctx: HandlerContext, order: Fields, department: Department) {
  const issues = await timingAndCalendarIssues(ctx, order, department);
  if (issues.length > 0) throw fieldErrors(issues);
}

/**
 * CREATE_ORDER's first reads, named from the payload: the pins of the sides without coordinates
 * (an empty pickup is the department's location, which needs none) and the department's calendar,
 * read with the references.
 */
export const prefetchBooking: Prefetch<'CREATE_ORDER'> = (payload, reads) => {
  const placed = (b: AddressBlock) => b.lat != null && b.lng != null;
  const pickup = isEmptyAddressBlock(payload.pickup) ? [] : [payload.pickup];
  prefetchPins(
    reads,
    payload.departmentId,
    [...pickup, payload.delivery].filter((b) => !placed(b)),
  );
  prefetchCalendar(reads, payload.departmentId);
};

/**
 * Looks up each side without coordinates (`placeBlocks`). A side the geocoder cannot place is
 * `unresolved` (the consignment becomes UNRESOLVED); without a geocoder it stays pending (CREATED).
 */
export async function geocodeSides(
  ctx: HandlerContext,
  departmentId: string,
  order: Pick<Fields, 'pickup' | 'delivery'>,
): Promise<{ pickup: AddressBlock; delivery: AddressBlock; unresolved: AddressSide[] }> {
  const [pickup, delivery] = await placeBlocks(ctx, departmentId, [order.pickup, order.delivery]);
  const unresolved: AddressSide[] = [];
  if (pickup!.unresolved) unresolved.push('pickup');
  if (delivery!.unresolved) unresolved.push('delivery');
  return { pickup: pickup!.block, delivery: delivery!.block, unresolved };
}

/**
 * Places each block without coordinates: a planner's pin of the address in the department first
 * (issue 36: placed by hand before, at its door), then the geocoder. `unresolved`: the geocoder
 * was asked and could not place it; without a geocoder a block stays as it is. The pins of every
 * block are read in one round trip.
 */
export async function placeBlocks(
  ctx: HandlerContext,
  departmentId: string,
  blocks: readonly AddressBlock[],
): Promise<{ block: AddressBlock; unresolved: boolean }[]> {
  const placed = (b: AddressBlock) => b.lat != null && b.lng != null;
  const open = blocks.filter((b) => !placed(b));
  const pins = await pinsOf(ctx, departmentId, open);
  const pinOfBlock = new Map(open.map((b, i) => [b, pins[i]!]));
  const place = async (
    block: AddressBlock,
  ): Promise<{ block: AddressBlock; unresolved: boolean }> => {
    if (placed(block)) return { block, unresolved: false };
    const pin = pinOfBlock.get(block) ?? null;
    if (pin)
      return {
        block: {
          ...block,
          lat: pin.lat,
          lng: pin.lng,
          resolvedBy: 'FRONTEND',
          precision: 'address',
        },
        unresolved: false,
      };
    const geocoder = ctx.geocoder;
    if (!geocoder) return { block, unresolved: false };
    const found =
      block.zipCode || block.zipArea || block.address
        ? await geocoder.geocode({
            address: block.address,
            zipCode: block.zipCode,
            zipArea: block.zipArea,
            countryCode: block.countryCode,
          })
        : null;
    if (!found?.latLng) return { block, unresolved: true };
    return {
      block: {
        ...block,
        zipArea: block.zipArea || found.zipArea,
        lat: found.latLng.lat,
        lng: found.latLng.lng,
        // The local gazetteer is a lookup in our own data; a service is the geocoding API. A
        // chain answers from any of its geocoders, so the result names which one placed it.
        resolvedBy: found.source === 'gazetteer' ? 'DATABASE_LOOKUP' : 'GEOCODING_API',
        precision: found.precision,
      },
      unresolved: false,
    };
  };
  const out: { block: AddressBlock; unresolved: boolean }[] = [];
  for (const block of blocks) out.push(await place(block));
  return out;
}

/** Spec §5 heavy goods: any package above 35 kg (weights normalised to kilograms). */
export const heavyGoodsOf = (lines: readonly MeasurementLine[]): boolean =>
  isHeavyGoods(lines.map((l) => normaliseUnit('weight', l.weight, l.weightUnit).value));

/** Hands out package ids to lines in order, one per package. */
export function withPackageIds(
  lines: readonly MeasurementLine[],
  ids: readonly string[],
): MeasurementLine[] {
  let next = 0;
  return lines.map((line) => {
    const mine = ids.slice(next, next + line.quantity);
    next += line.quantity;
    return { ...line, packageId: mine[0], packageIds: mine };
  });
}

/**
 * Draws a GSIN for the shipment and an SSCC per package from the series that apply. Both series
 * are chosen (and checked for numbers left) before anything is drawn, so a missing or used-up
 * series refuses the order without spending numbers.
 */
export async function drawShipmentNumbers(
  ctx: HandlerContext,
  scope: { departmentId: string; customerId: string },
  packages: number,
): Promise<{ shipmentId: string; packageIds: string[] }> {
  const gsinSeries = await ctx.seriesFor('GSIN', scope, 1);
  const ssccSeries = await ctx.seriesFor('SSCC', scope, packages);
  const sscc = await ctx.numbers(ssccSeries, packages);
  const gsin = await ctx.numbers(gsinSeries, 1);
  return { shipmentId: gsin.numbers[0]!, packageIds: sscc.numbers };
}

/** SSCCs an edit needs: one per package a line holds beyond the ids it names. */
export async function drawPackageIds(
  ctx: HandlerContext,
  scope: { departmentId: string; customerId: string },
  lines: readonly MeasurementLine[],
): Promise<string[]> {
  const missing = lines.reduce(
    (n, l) => n + Math.max(0, l.quantity - (l.packageIds?.length ?? 0)),
    0,
  );
  if (missing === 0) return [];
  const series = await ctx.seriesFor('SSCC', scope, missing);
  return (await ctx.numbers(series, missing)).numbers;
}

/** The booked order of CREATE_ORDER (copies never keep the ids of the order they came from). */
export async function bookedOrder(
  payload: CreateOrder,
  orderId: string,
  ctx: HandlerContext,
  /**
   * `calendar: false`: a leg the product books itself from an order already booked (a return's),
   * which goes when the goods come back, not when a customer asks: only the clock applies.
   */
  options: { calendar?: boolean } = {},
): Promise<{ order: BookedOrder; unresolved: AddressSide[] }> {
  const department = await departmentOf(ctx, payload.departmentId);
  if (options.calendar === false) assertInFuture(payload, department, ctx.now);
  else await assertBookable(ctx, payload, department);
  const lines = payload.measurements.map(({ packageId: _p, packageIds: _ids, ...line }) =>
    withCodedGoodsFootprint(line),
  );
  const serviceCode = await resolvedServiceCode(
    ctx,
    { ...payload, measurements: lines },
    timeZoneOf(payload, department),
  );
  const sides = await geocodeSides(ctx, payload.departmentId, {
    pickup: pickupOrDepartment(payload.pickup, department),
    delivery: payload.delivery,
  });
  const numbers = await drawShipmentNumbers(ctx, payload, packageCount(lines));
  return {
    order: {
      ...payload,
      orderId,
      shipmentId: numbers.shipmentId,
      // The public tracking link's key: random, never derived from the order (contracts tracking).
      trackingId: randomBytes(TRACKING_ID_BYTES).toString('base64url'),
      pickup: sides.pickup,
      delivery: sides.delivery,
      measurements: withPackageIds(lines, numbers.packageIds),
      heavyGoods: heavyGoodsOf(lines),
      ...(serviceCode ? { serviceCode } : {}),
    },
    unresolved: sides.unresolved,
  };
}
