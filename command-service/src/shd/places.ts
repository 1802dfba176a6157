import {
  shdCapacityId,
  shdCapacityStream,
  shdSettingsStream,
  type ShdSettingsFields,
} from '@nordlog/contracts';
import { target, type Target } from '../framework/decider.js';
import { refusedField } from '../framework/refusals.js';
import type { HandlerContext } from '../framework/handler.js';
import type { OrderState } from '../consignments/decider.js';
import { shdDayDecider, shdSettingsDecider } from './decider.js';

/**
 * Same-day home delivery places (docs/decisions/0092-shd.md): a booking of one of a department's
 * SHD services takes a place on its delivery day's stream, appended atomically with the order
 * (the order's target's companions); a deleted order frees it.
 */

export interface ShdBooking {
  orderId: string;
  departmentId: string;
  serviceId?: string | null | undefined;
  pickupDate: string;
  deliveryDate?: string | null | undefined;
}

/** The day an order takes: its delivery date (the pickup date when it has none). */
export const shdDay = (o: { pickupDate: string; deliveryDate?: string | null | undefined }) =>
  o.deliveryDate ?? o.pickupDate;

/** SHD is off for the department: 400 on the order's service, nothing written. */
const shdOff = (departmentId: string) =>
  refusedField('serviceId', 'validation.shdOff', `department ${departmentId}`);

const dayTarget = (
  departmentId: string,
  date: string,
  command:
    { type: 'take'; orderIds: string[]; capacity: number } | { type: 'free'; orderIds: string[] },
): Target =>
  target({
    id: shdCapacityId(departmentId, date),
    streamId: shdCapacityStream(departmentId, date),
    decider: shdDayDecider,
    command: { ...command, departmentId, date },
  });

/**
 * The day streams the bookings take places on, one per department and day (a batch's orders of
 * one day share it). Refused when a booking's service is SHD and SHD is off for its department.
 * A department without settings has no SHD service: nothing to take.
 */
export async function shdTakes(ctx: HandlerContext, bookings: ShdBooking[]): Promise<Target[]> {
  const settings = new Map<string, ShdSettingsFields | null>();
  const days = new Map<string, { departmentId: string; date: string; orderIds: string[] }>();
  const capacityOf = new Map<string, number>();
  for (const b of bookings) {
    if (!b.serviceId) continue;
    if (!settings.has(b.departmentId))
      settings.set(
        b.departmentId,
        (await ctx.load(shdSettingsStream(b.departmentId), shdSettingsDecider)).settings,
      );
    const s = settings.get(b.departmentId);
    if (!s || !s.serviceIds.includes(b.serviceId)) continue;
    if (!s.enabled) throw shdOff(b.departmentId);
    const date = shdDay(b);
    const key = shdCapacityId(b.departmentId, date);
    const day = days.get(key) ?? { departmentId: b.departmentId, date, orderIds: [] };
    day.orderIds.push(b.orderId);
    days.set(key, day);
    capacityOf.set(key, s.dailyCapacity);
  }
  const targets = [...days].map(([key, d]) =>
    dayTarget(d.departmentId, d.date, {
      type: 'take',
      orderIds: d.orderIds,
      capacity: capacityOf.get(key)!,
    }),
  );
  // Decided now too, before the booking draws its numbers, so a full day writes nothing; the
  // append decides again on the day's stream (a lost race is decided on what won).
  for (const t of targets)
    shdDayDecider.decide(t.command as never, await ctx.load(t.streamId, shdDayDecider));
  return targets;
}

/** The place an order holds, freed (nothing when it holds none): for a deleted order. */
export const shdFrees = (state: OrderState): Target[] =>
  state.status === 'booked' && state.order.serviceId
    ? [
        dayTarget(state.departmentId, shdDay(state.order), {
          type: 'free',
          orderIds: [state.order.orderId],
        }),
      ]
    : [];

/**
 * An edit that changes the order's day or service (docs/decisions/0092): the new day's place is
 * taken (refused when full or off), the old day's freed. An edit that changes neither: nothing.
 */
export async function shdMoves(
  ctx: HandlerContext,
  current: OrderState,
  edited: ShdBooking,
): Promise<Target[]> {
  if (current.status !== 'booked') return [];
  const before = current.order;
  if (
    shdDay(before) === shdDay(edited) &&
    (before.serviceId ?? null) === (edited.serviceId ?? null)
  )
    return [];
  const takes = await shdTakes(ctx, [edited]);
  const frees = shdFrees(current).filter((f) => !takes.some((t) => t.streamId === f.streamId));
  return [...takes, ...frees];
}
