import {
  shdCapacityId,
  shdCapacityStream,
  shdSettingsStream,
  type ShdSettingsFields,
} from '@nordlog/contracts';
import { target, type Target } from '../framework/decider.js';
import type { HandlerContext } from '../framework/handler.js';
import type { OrderState } from '../consignments/decider.js';
import { shdDayDecider, shdOff, shdSettingsCheck, shdSettingsDecider } from './decider.js';

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
 * one day share it), with each such department's settings stream checked in the same append at
 * the revision read (`expectOnly`, `basedOn`): a settings change racing the booking refuses it
 * (off: `shdOff`; else a concurrency conflict), it takes no place under settings gone. Refused when
 * a booking's service is SHD and SHD is off for its department. A department without settings
 * has no SHD service: nothing to take. `pending`: places this command's earlier targets take
 * (day id → order ids, `shdPending`; a recurring execution's occurrences), counted in the decision.
 */
export async function shdTakes(
  ctx: HandlerContext,
  bookings: ShdBooking[],
  pending?: Map<string, Set<string>>,
): Promise<Target[]> {
  const settings = new Map<string, { fields: ShdSettingsFields | null; revision: number | null }>();
  const days = new Map<string, { departmentId: string; date: string; orderIds: string[] }>();
  const capacityOf = new Map<string, number>();
  const checked = new Map<string, Set<string>>();
  for (const b of bookings) {
    if (!b.serviceId) continue;
    if (!settings.has(b.departmentId)) {
      const read = await ctx.loadVersioned(shdSettingsStream(b.departmentId), shdSettingsDecider);
      settings.set(b.departmentId, { fields: read.state.settings, revision: read.revision });
    }
    const s = settings.get(b.departmentId)!.fields;
    if (!s || !s.serviceIds.includes(b.serviceId)) continue;
    if (!s.enabled) throw shdOff(b.departmentId);
    checked.set(b.departmentId, (checked.get(b.departmentId) ?? new Set()).add(b.serviceId));
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
  for (const t of targets) {
    const held = await ctx.load(t.streamId, shdDayDecider);
    const before = pending?.get(t.id);
    const state = before ? { orderIds: new Set([...held.orderIds, ...before]) } : held;
    shdDayDecider.decide(t.command as never, state);
  }
  const checks = [...checked].map(([departmentId, serviceIds]) => {
    const { fields, revision } = settings.get(departmentId)!;
    return target({
      id: departmentId,
      streamId: shdSettingsStream(departmentId),
      decider: shdSettingsCheck,
      command: { type: 'expect', departmentId, serviceIds: [...serviceIds], settings: fields! },
      expectOnly: true,
      basedOn: revision,
    });
  });
  return [...targets, ...checks];
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

/**
 * An order moved to another department (MOVE_ORDERS, MOVE_ORDERS_NEW; docs/decisions/0092): the
 * new department's day takes its place when the order's service is SHD there (refused when full
 * or off there), as a booking there would. The old department's place is freed by `shdFrees`.
 * A deleted order, or one already in the department, takes nothing.
 */
export const shdMoveTo = (
  ctx: HandlerContext,
  state: OrderState,
  departmentId: string,
): Promise<Target[]> =>
  state.status !== 'booked' || state.state === 'DELETED' || state.departmentId === departmentId
    ? Promise.resolve([])
    : shdTakes(ctx, [{ ...state.order, departmentId }]);

/** The places orders hold, freed, one target a day (an atomic command acts on a stream once). */
export const shdFreesOf = (states: OrderState[]): Target[] => {
  const days = new Map<string, { departmentId: string; date: string; orderIds: string[] }>();
  for (const state of states)
    for (const f of shdFrees(state)) {
      const { departmentId, date, orderIds } = f.command as {
        departmentId: string;
        date: string;
        orderIds: string[];
      };
      const day = days.get(f.streamId) ?? { departmentId, date, orderIds: [] };
      day.orderIds.push(...orderIds);
      days.set(f.streamId, day);
    }
  return [...days.values()].map((d) =>
    dayTarget(d.departmentId, d.date, { type: 'free', orderIds: d.orderIds }),
  );
};

/** Notes the places these targets take as pending for the command's next `shdTakes`. */
export function shdPending(pending: Map<string, Set<string>>, places: Target[]) {
  for (const t of places)
    if (t.decider === (shdDayDecider as unknown) && (t.command as { type: string }).type === 'take')
      pending.set(
        t.id,
        new Set([...(pending.get(t.id) ?? []), ...(t.command as { orderIds: string[] }).orderIds]),
      );
}
