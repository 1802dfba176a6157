import {
  AppError,
  ORDER_NOT_FOUND_MESSAGE,
  REST_BREAK,
  countryTimeZones,
  inScope,
  isDepartmentPickup,
  measurementTotals,
  namedFields,
  orderStream,
  slotStream,
  unitStream,
  userStream,
  type Identity,
  type Load,
  type Slot,
  type Unit,
} from '@nordlog/contracts';
import { orderDecider, type OrderState } from '../consignments/decider.js';
import { departmentOf } from '../consignments/booking.js';
import { target, type Target } from '../framework/decider.js';
import { atomic } from '../framework/execute.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { unitDecider } from '../units/decider.js';
import { userDecider } from '../users/decider.js';
import { consignmentsOf, slotDecider, type SlotCommand, type SlotState } from './decider.js';

/** The business date of an instant in a department's country (yyyy-MM-dd). */
export function localDate(instant: string, country: string): string {
  const timeZone = countryTimeZones[country] ?? 'Europe/Oslo';
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));
}

const slotGuard = (identity: Identity) => (state: SlotState) => {
  if (state.status !== 'none' && !inScope(identity, state.slot.departmentId, null))
    throw new AppError('NO_ACCESS', 'The slot belongs to a department outside your access');
};

export const slotTarget = (id: string, command: SlotCommand, ctx: HandlerContext): Target =>
  target({
    id,
    streamId: slotStream(id),
    decider: slotDecider,
    command,
    guard: slotGuard(ctx.identity),
  });

/** The target that creates a slot under its new id. */
export const newSlotTarget = (slot: Slot): Target =>
  target({
    id: slot.id,
    streamId: slotStream(slot.id),
    isNew: true,
    decider: slotDecider,
    command: { type: 'create', slot },
  });

/** A slot as its stream tells it, refused when missing or outside the caller's departments. */
export async function loadSlot(ctx: HandlerContext, id: string): Promise<Slot> {
  const state = await ctx.load(slotStream(id), slotDecider);
  if (state.status !== 'exists') throw new AppError('NOT_FOUND', `Slot ${id} not found`);
  slotGuard(ctx.identity)(state);
  return state.slot;
}

export async function loadUnit(ctx: HandlerContext, id: string, what: string): Promise<Unit> {
  const state = await ctx.load(unitStream(id), unitDecider);
  if (state.status !== 'exists') throw new AppError('NOT_FOUND', `${what} ${id} not found`);
  return state.entity;
}

/** A unit or vehicle the slot's department may use: its own, or a vehicle assigned to it. */
async function usableUnit(ctx: HandlerContext, id: string, departmentId: string, isUnit: boolean) {
  const what = isUnit ? 'Unit' : 'Vehicle';
  const unit = await loadUnit(ctx, id, what);
  if (unit.departmentId !== departmentId && unit.assignedDepartmentId !== departmentId)
    throw new AppError('BAD_REQUEST', `${what} ${id} belongs to another department`);
  if (!unit.isActive) throw new AppError('BAD_REQUEST', `${what} ${id} is not active`);
  if (isUnit && !unit.isUnit) throw new AppError('BAD_REQUEST', `${id} is a vehicle, not a unit`);
  return unit;
}

async function assertCourier(ctx: HandlerContext, id: string, departmentId: string) {
  const state = await ctx.load(userStream(id), userDecider);
  if (state.status !== 'exists' || state.entity.role !== 'COURIER')
    throw new AppError('NOT_FOUND', `Courier ${id} not found`);
  if (!state.entity.departmentIds.includes(departmentId))
    throw new AppError('BAD_REQUEST', `Courier ${id} does not work for department ${departmentId}`);
}

const hasBreak = (unit: Unit) => unit.break.type !== 'NoBreakTime';

/** Package count, kilograms and cubic decimetres of an order. */
export function loadOf(order: Extract<OrderState, { status: 'booked' }>): Load {
  const t = measurementTotals(order.order.measurements);
  return { count: t.count, weight: t.weight, volume: t.volume };
}

/** A unit's capacity in the units of a load (volume capacity is in m³). */
export const capacityOf = (unit: Unit): Load => ({
  count: unit.capacity,
  weight: unit.weightCapacity,
  volume: unit.volumeCapacity * 1000,
});

type Booked = Extract<OrderState, { status: 'booked' }>;

/**
 * The loads of orders (a slot's, for its capacity), each as its stream tells it now; all read in
 * one round trip, so a check costs the same on a slot of 500 as on an empty one (0043).
 */
export async function loadsOf(
  ctx: HandlerContext,
  ids: readonly string[],
): Promise<Record<string, Load>> {
  const loads: Record<string, Load> = {};
  const states = await ctx.loadMany(ids.map(orderStream), orderDecider);
  ids.forEach((id, i) => {
    const { state } = states[i]!;
    if (state.status === 'booked') loads[id] = loadOf(state);
  });
  return loads;
}

export async function loadOrders(ctx: HandlerContext, ids: readonly string[]) {
  const orders = new Map<string, { state: Booked; revision: number | null }>();
  const unique = [...new Set(ids)];
  // One read for them all (a slot's route names hundreds): docs/decisions/0043.
  const loaded = await ctx.loadMany(unique.map(orderStream), orderDecider);
  for (const [i, id] of unique.entries()) {
    const { state, revision } = loaded[i]!;
    if (state.status !== 'booked')
      throw new AppError('ORDER_NOT_FOUND', `${ORDER_NOT_FOUND_MESSAGE}: ${id}`);
    if (!inScope(ctx.identity, state.departmentId, state.customerId))
      throw new AppError('NO_ACCESS', `Order ${id} belongs to a department outside your access`);
    orders.set(id, { state, revision });
  }
  return orders;
}

/** The order target of a planning change: decided on the state the handler read, nothing newer. */
export const orderTarget = (
  id: string,
  revision: number | null,
  command: Parameters<typeof orderDecider.decide>[0],
): Target =>
  target({ id, streamId: orderStream(id), decider: orderDecider, command, basedOn: revision });

/**
 * Plans consignments onto a slot, all or nothing: the slot (its capacity, its route), each order
 * (ASSIGNED) and each slot an order leaves, in one atomic append (docs/decisions/0021).
 */
async function planOnSlot(
  ctx: HandlerContext,
  slotId: string,
  consignmentIds: readonly string[],
  force: boolean,
  emptyOnly = false,
) {
  const orders = await loadOrders(ctx, consignmentIds);
  const slot = await loadSlot(ctx, slotId);
  if (emptyOnly && consignmentsOf(slot.stops).length > 0)
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      `Slot ${slotId} has a route already: add to it with UPDATE_CONSIGNMENT_SLOT`,
    );
  for (const [id, { state }] of orders)
    if (state.departmentId !== slot.departmentId)
      throw new AppError(
        'BAD_REQUEST',
        `Consignment ${id} belongs to department ${state.departmentId}, slot ${slotId} to department ${slot.departmentId}`,
      );
  const onSlot = consignmentsOf(slot.stops).filter((id) => !orders.has(id));
  const loads = await loadsOf(ctx, onSlot);
  for (const [id, { state }] of orders) loads[id] = loadOf(state);
  const capacity = slot.unitId ? capacityOf(await loadUnit(ctx, slot.unitId, 'Unit')) : null;
  return atomic([
    slotTarget(
      slotId,
      {
        type: 'plan',
        id: slotId,
        consignments: [...orders].map(([id, { state }]) => ({
          id,
          load: loads[id]!,
          pickupStop: !isDepartmentPickup(state.order.pickup as unknown as Record<string, unknown>),
        })),
        loads,
        capacity,
        force,
      },
      ctx,
    ),
    ...assignTo(ctx, slotId, orders),
  ]);
}

/**
 * The orders' side of planning them onto a slot: each ASSIGNED to it (decided on the state the
 * handler read), and each slot they leave, in the same atomic append as the slot's own change.
 */
export function assignTo(
  ctx: HandlerContext,
  slotId: string,
  orders: ReadonlyMap<string, { state: Booked; revision: number | null }>,
): Target[] {
  const leaving = new Map<string, string[]>();
  for (const [id, { state }] of orders)
    if (state.slotId && state.slotId !== slotId)
      leaving.set(state.slotId, [...(leaving.get(state.slotId) ?? []), id]);
  return [
    ...[...orders].map(([id, { revision }]) =>
      orderTarget(id, revision, { type: 'ASSIGN', slotId }),
    ),
    ...[...leaving].map(([from, ids]) =>
      slotTarget(from, { type: 'remove', id: from, consignmentIds: ids }, ctx),
    ),
  ];
}

/** The slot an order leaves with it (unassign, delete, move), appended atomically with the order. */
export const leavesSlot = (ctx: HandlerContext) => (state: OrderState) =>
  state.status === 'booked' && state.slotId
    ? [
        slotTarget(
          state.slotId,
          { type: 'remove', id: state.slotId, consignmentIds: [state.order.orderId] },
          ctx,
        ),
      ]
    : [];

const byId = (id: string, command: SlotCommand, ctx: HandlerContext): Target[] => [
  slotTarget(id, command, ctx),
];

export const slotHandlers = {
  CREATE_SLOT: (async (fields, ctx) => {
    assertDepartmentsInScope(ctx.identity, [fields.departmentId]);
    const department = await departmentOf(ctx, fields.departmentId);
    const unit = fields.unitId
      ? await usableUnit(ctx, fields.unitId, fields.departmentId, true)
      : null;
    if (fields.vehicleId) await usableUnit(ctx, fields.vehicleId, fields.departmentId, false);
    if (fields.courierId) await assertCourier(ctx, fields.courierId, fields.departmentId);
    const id = await newId(ctx, 'slot');
    const slot: Slot = {
      ...fields,
      id,
      date: localDate(fields.timeFrom, department.country),
      state: 'NOT_STARTED',
      manualPlanning: false,
      areas: [],
      stops: unit && hasBreak(unit) ? [{ kind: REST_BREAK }] : [],
      templateId: null,
    };
    return [newSlotTarget(slot)];
  }) satisfies Handler<'CREATE_SLOT'>,
  UPDATE_SLOT: (async ({ id, ...fields }, ctx) => {
    const slot = await loadSlot(ctx, id);
    const changes = namedFields(fields);
    const merged = { ...slot, ...changes };
    if (merged.timeTo !== null && Date.parse(merged.timeTo) <= Date.parse(merged.timeFrom))
      throw new AppError('VALIDATION_ERROR', 'timeTo: must be later than timeFrom');
    const department = await departmentOf(ctx, slot.departmentId);
    const date = changes.timeFrom ? localDate(changes.timeFrom, department.country) : undefined;
    return byId(
      id,
      { type: 'update', id, changes: { ...changes, ...(date ? { date } : {}) } },
      ctx,
    );
  }) satisfies Handler<'UPDATE_SLOT'>,
  DELETE_SLOT: (({ id }, ctx) =>
    byId(id, { type: 'delete', id }, ctx)) satisfies Handler<'DELETE_SLOT'>,
  CHANGE_SLOT_STATE: (({ slotId, transition }, ctx) =>
    byId(
      slotId,
      { type: 'transition', id: slotId, transition },
      ctx,
    )) satisfies Handler<'CHANGE_SLOT_STATE'>,
  TOGGLE_SLOT_MANUAL_PLANNING: (({ slot }, ctx) =>
    byId(
      slot,
      { type: 'toggleManualPlanning', id: slot },
      ctx,
    )) satisfies Handler<'TOGGLE_SLOT_MANUAL_PLANNING'>,
  ASSIGN_COURIER_TO_SLOT: (async ({ slotId, courierId }, ctx) => {
    const slot = await loadSlot(ctx, slotId);
    if (courierId) await assertCourier(ctx, courierId, slot.departmentId);
    return byId(slotId, { type: 'assign', id: slotId, changes: { courierId } }, ctx);
  }) satisfies Handler<'ASSIGN_COURIER_TO_SLOT'>,
  ASSIGN_UNIT_TO_SLOT: (async ({ slotId, unitId }, ctx) => {
    const slot = await loadSlot(ctx, slotId);
    const unit = unitId ? await usableUnit(ctx, unitId, slot.departmentId, true) : null;
    return byId(
      slotId,
      { type: 'assign', id: slotId, changes: { unitId }, unitBreak: unit ? hasBreak(unit) : false },
      ctx,
    );
  }) satisfies Handler<'ASSIGN_UNIT_TO_SLOT'>,
  ASSIGN_VEHICLE_TO_SLOT: (async ({ slotId, vehicleId }, ctx) => {
    const slot = await loadSlot(ctx, slotId);
    await usableUnit(ctx, vehicleId, slot.departmentId, false);
    return byId(slotId, { type: 'assign', id: slotId, changes: { vehicleId } }, ctx);
  }) satisfies Handler<'ASSIGN_VEHICLE_TO_SLOT'>,
  UNASSIGN_VEHICLE_FROM_SLOT: (({ slotId }, ctx) =>
    byId(
      slotId,
      { type: 'assign', id: slotId, changes: { vehicleId: null } },
      ctx,
    )) satisfies Handler<'UNASSIGN_VEHICLE_FROM_SLOT'>,
  UPDATE_AREA_IN_SLOT: (({ slotId, area }, ctx) =>
    byId(
      slotId,
      { type: 'saveArea', id: slotId, area },
      ctx,
    )) satisfies Handler<'UPDATE_AREA_IN_SLOT'>,
  REMOVE_AREA_FROM_SLOT: (({ slotId, areaId }, ctx) =>
    byId(
      slotId,
      { type: 'removeArea', id: slotId, areaId },
      ctx,
    )) satisfies Handler<'REMOVE_AREA_FROM_SLOT'>,
  UPDATE_CONSIGNMENT_SLOT: (({ consignmentIds, slotId, force }, ctx) =>
    planOnSlot(ctx, slotId, consignmentIds, force)) satisfies Handler<'UPDATE_CONSIGNMENT_SLOT'>,
  CREATE_ROUTE: (({ slotId, consignmentIds, force }, ctx) =>
    planOnSlot(ctx, slotId, consignmentIds, force, true)) satisfies Handler<'CREATE_ROUTE'>,
  UPDATE_ROUTE: (({ slotId, stops }, ctx) =>
    byId(slotId, { type: 'reorder', id: slotId, stops }, ctx)) satisfies Handler<'UPDATE_ROUTE'>,
  DELETE_ROUTE: (async ({ slotId, force }, ctx) => {
    const slot = await loadSlot(ctx, slotId);
    const ids = consignmentsOf(slot.stops);
    const orders = await loadOrders(ctx, ids);
    return atomic([
      slotTarget(slotId, { type: 'remove', id: slotId, consignmentIds: ids }, ctx),
      ...[...orders].map(([id, { revision }]) =>
        orderTarget(id, revision, { type: 'UNASSIGN', force }),
      ),
    ]);
  }) satisfies Handler<'DELETE_ROUTE'>,
  DELETE_BREAK_FROM_ROUTE: (({ slotId }, ctx) =>
    byId(
      slotId,
      { type: 'deleteBreak', id: slotId },
      ctx,
    )) satisfies Handler<'DELETE_BREAK_FROM_ROUTE'>,
};

/**
 * A courier reports only the stops of its own slots while they run: each order must be on a slot
 * the courier drives that is IN_PROGRESS (or PAUSED).
 */
export async function assertCourierStops(ctx: HandlerContext, orderIds: readonly string[]) {
  if (ctx.identity.role !== 'COURIER') return;
  const courierId = ctx.identity.courierId;
  for (const id of orderIds) {
    const state = await ctx.load(orderStream(id), orderDecider);
    const slotId = state.status === 'booked' ? state.slotId : null;
    const slot = slotId ? await ctx.load(slotStream(slotId), slotDecider) : null;
    const mine =
      slot?.status === 'exists' &&
      !!courierId &&
      slot.slot.courierId === courierId &&
      (slot.slot.state === 'IN_PROGRESS' || slot.slot.state === 'PAUSED');
    if (!mine)
      throw new AppError('NO_ACCESS', `Consignment ${id} is not a stop of a slot you are driving`);
  }
}
