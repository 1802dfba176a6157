import {
  AppError,
  dayRules,
  validationMessages,
  REST_BREAK,
  RUN_SECONDS,
  inScope,
  optimizingLockStream,
  optimizingStream,
  routeChangeable,
  routeConsignments,
  routeSuggestionStream,
  requestedRun,
  type OptimizingRun,
  type RouteStop,
  type RunKind,
  type Slot,
} from '@nordlog/contracts';
import { departmentOf } from '../consignments/booking.js';
import { departmentCalendar } from '../timeWindows/calendar.js';
import { target, type Target } from '../framework/decider.js';
import { atomic } from '../framework/execute.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { consignmentsOf } from '../slots/decider.js';
import {
  assignTo,
  capacityOf,
  loadOf,
  loadOrders,
  loadsOf,
  loadSlot,
  loadUnit,
  orderTarget,
  slotTarget,
} from '../slots/handlers.js';
import { abandoned, lockDecider, runDecider, suggestionDecider } from './deciders.js';
import { lockTarget, runTarget, suggestionsTarget } from './targets.js';

/** The runs of a department are refused to callers outside it. */
function runGuard(ctx: HandlerContext) {
  return (run: OptimizingRun | null) => {
    if (run && !inScope(ctx.identity, run.departmentId, null))
      throw new AppError('NO_ACCESS', 'The run belongs to a department outside your access');
  };
}

interface RunRequest {
  kind: RunKind;
  departmentId: string;
  date: string;
  slotIds: string[];
  consignmentIds?: string[];
  allowSortingErrors?: boolean;
  includeUnassigned?: boolean;
  seconds: number;
}

/**
 * A new run, queued for a worker (docs/decisions/0026), with the department's lock in the same
 * append: a second run of the department is refused naming the first, unless the first was
 * abandoned by a worker that died (it is then failed in the same append).
 */
async function requestRun(ctx: HandlerContext, r: RunRequest): Promise<Target[]> {
  const id = await newId(ctx, 'optimizing');
  const lock = await ctx.load(optimizingLockStream(r.departmentId), lockDecider);
  const holder = lock.runId ? await ctx.load(optimizingStream(lock.runId), runDecider) : null;
  const stale = holder && lock.runId !== null && abandoned(holder, ctx.now) ? holder : null;
  const run = requestedRun({
    id,
    departmentId: r.departmentId,
    date: r.date,
    kind: r.kind,
    slotIds: r.slotIds,
    consignmentIds: r.consignmentIds ?? null,
    allowSortingErrors: r.allowSortingErrors ?? false,
    includeUnassigned: r.includeUnassigned ?? false,
    seconds: r.seconds,
    requestedBy: ctx.identity.userId,
    requestedAt: ctx.now.toISOString(),
  });
  return atomic([
    lockTarget(r.departmentId, {
      type: 'take',
      departmentId: r.departmentId,
      runId: id,
      holder,
      now: ctx.now,
    }),
    runTarget(id, { type: 'request', run }, true),
    ...(stale
      ? [
          runTarget(stale.id, {
            type: 'fail',
            at: ctx.now.toISOString(),
            errors: ['The run stopped reporting: its worker was lost'],
          }),
        ]
      : []),
  ]);
}

/** A slot whose route a run may suggest: in the caller's access and not ended. */
async function plannableSlot(ctx: HandlerContext, id: string): Promise<Slot> {
  const slot = await loadSlot(ctx, id);
  if (!routeChangeable(slot.state))
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      `Slot ${id} is ${slot.state}: its route can no longer change`,
    );
  return slot;
}

const slotRun =
  (kind: RunKind) =>
  async ({ slot: id, seconds }: { slot: string; seconds?: number }, ctx: HandlerContext) => {
    const slot = await plannableSlot(ctx, id);
    return requestRun(ctx, {
      kind,
      departmentId: slot.departmentId,
      date: slot.date,
      slotIds: [slot.id],
      seconds: seconds ?? RUN_SECONDS.slot,
    });
  };

/**
 * The route a suggestion applies as: the suggestion's stops that stay or come, then the slot's
 * own stops it does not name (kept, in their order) unless unplanned; the break where the
 * suggestion put it, where the planner moved it, or gone.
 */
export function appliedStops(
  slot: Pick<Slot, 'stops'>,
  suggested: readonly RouteStop[],
  keep: (consignmentId: string) => boolean,
  unassign: ReadonlySet<string>,
  breakAt: { afterStops: number } | null,
  deleteBreak: boolean,
): RouteStop[] {
  const chosen = suggested.filter((s) => s.kind === REST_BREAK || keep(s.consignmentId));
  const named = new Set(routeConsignments(chosen));
  const leftovers = slot.stops.filter(
    (s) => s.kind !== REST_BREAK && !named.has(s.consignmentId) && !unassign.has(s.consignmentId),
  );
  const route = [...chosen, ...leftovers];
  const hasBreak =
    route.some((s) => s.kind === REST_BREAK) || slot.stops.some((s) => s.kind === REST_BREAK);
  const at = route.findIndex((s) => s.kind === REST_BREAK);
  const stops = route.filter((s) => s.kind !== REST_BREAK);
  if (deleteBreak || !hasBreak) return stops;
  const position = Math.min(breakAt?.afterStops ?? (at < 0 ? stops.length : at), stops.length);
  return [...stops.slice(0, position), { kind: REST_BREAK }, ...stops.slice(position)];
}

export const optimizingHandlers = {
  START_OPTIMIZING: (async ({ departmentId, date, slotIds, includeUnassigned, seconds }, ctx) => {
    assertDepartmentsInScope(ctx.identity, [departmentId]);
    const department = await departmentOf(ctx, departmentId);
    // A day the department's calendar closes for pickups and deliveries has nothing to drive
    // (0098): refused, as a booking on it is; a production window opens such a day.
    const calendar = await departmentCalendar(ctx, department, [date]);
    if (!dayRules(calendar, date, 'pickup').open && !dayRules(calendar, date, 'delivery').open)
      throw new AppError(
        'VALIDATION_ERROR',
        `date: ${validationMessages['validation.departmentClosed']}`,
        { field: 'date', key: 'validation.departmentClosed' },
      );
    for (const id of slotIds ?? []) {
      const slot = await plannableSlot(ctx, id);
      if (slot.departmentId !== departmentId || slot.date !== date)
        throw new AppError(
          'BAD_REQUEST',
          `slotIds: slot ${id} is not a slot of department ${departmentId} on ${date}`,
        );
    }
    return requestRun(ctx, {
      kind: 'day',
      departmentId,
      date,
      slotIds: slotIds ?? [],
      includeUnassigned,
      seconds,
    });
  }) satisfies Handler<'START_OPTIMIZING'>,
  CANCEL_RUNNING_OPTIMIZING: (async ({ id }, ctx) => {
    const run = await ctx.load(optimizingStream(id), runDecider);
    if (!run) throw new AppError('NOT_FOUND', `Optimizing run ${id} not found`);
    runGuard(ctx)(run);
    return atomic([
      target({
        id,
        streamId: optimizingStream(id),
        decider: runDecider,
        command: { type: 'cancel', at: ctx.now.toISOString(), by: ctx.identity.userId },
        guard: runGuard(ctx),
      }),
      lockTarget(run.departmentId, { type: 'release', departmentId: run.departmentId, runId: id }),
    ]);
  }) satisfies Handler<'CANCEL_RUNNING_OPTIMIZING'>,
  REVERSED_OPTIMIZE_SLOT: slotRun('reversed') satisfies Handler<'REVERSED_OPTIMIZE_SLOT'>,
  OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL: slotRun(
    'shipmentLevel',
  ) satisfies Handler<'OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL'>,
  CREATE_SUGGESTED_ROUTE: slotRun('slot') satisfies Handler<'CREATE_SUGGESTED_ROUTE'>,
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: (async (
    { slot: id, consignments, allowSortingErrors },
    ctx,
  ) => {
    const slot = await plannableSlot(ctx, id);
    const orders = await loadOrders(ctx, consignments);
    for (const [orderId, { state }] of orders)
      if (state.departmentId !== slot.departmentId)
        throw new AppError(
          'BAD_REQUEST',
          `consignments: ${orderId} belongs to department ${state.departmentId}, slot ${id} to department ${slot.departmentId}`,
        );
    return requestRun(ctx, {
      kind: 'consignments',
      departmentId: slot.departmentId,
      date: slot.date,
      slotIds: [slot.id],
      consignmentIds: [...orders.keys()],
      allowSortingErrors,
      seconds: RUN_SECONDS.slot,
    });
  }) satisfies Handler<'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS'>,
  REORDER_SUGGESTED_ROUTE: (async ({ slot: id, route }, ctx) => {
    const slot = await loadSlot(ctx, id);
    return [
      suggestionsTarget(slot.departmentId, slot.date, {
        type: 'reorder',
        slotId: id,
        stops: route,
      }),
    ];
  }) satisfies Handler<'REORDER_SUGGESTED_ROUTE'>,
  CANCEL_SUGGESTED_ROUTE: (async ({ slot: id }, ctx) => {
    const slot = await loadSlot(ctx, id);
    return [suggestionsTarget(slot.departmentId, slot.date, { type: 'cancel', slotId: id })];
  }) satisfies Handler<'CANCEL_SUGGESTED_ROUTE'>,
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: (async ({ consignments }, ctx) => {
    const orders = await loadOrders(ctx, consignments);
    const days = new Map<string, { departmentId: string; date: string; ids: string[] }>();
    for (const [id, { state }] of orders) {
      const key = `${state.departmentId} ${state.order.pickupDate}`;
      const day = days.get(key) ?? {
        departmentId: state.departmentId,
        date: state.order.pickupDate,
        ids: [],
      };
      day.ids.push(id);
      days.set(key, day);
    }
    return [...days.values()].map((d) =>
      suggestionsTarget(d.departmentId, d.date, {
        type: 'removeConsignments',
        consignmentIds: d.ids,
      }),
    );
  }) satisfies Handler<'DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS'>,
  APPLY_SUGGESTED_ROUTE: (async (
    { slot: slotId, assignToSlot, consignmentIdsToUnassign, updatedBreak, deleteBreak },
    ctx,
  ) => {
    const slot = await loadSlot(ctx, slotId);
    const day = await ctx.load(
      routeSuggestionStream(slot.departmentId, slot.date),
      suggestionDecider,
    );
    const suggestion = day[slotId];
    if (!suggestion) throw new AppError('NOT_FOUND', `Slot ${slotId} has no suggested route`);
    const on = new Set(consignmentsOf(slot.stops));
    // Those still on the slot: one another suggestion took away meanwhile has left it already
    // (applying a day's suggestions one slot after the other, in any order).
    const unassign = new Set(consignmentIdsToUnassign.filter((id) => on.has(id)));
    const added = assignToSlot
      ? routeConsignments(suggestion.stops).filter((id) => !on.has(id))
      : [];
    const coming = await loadOrders(ctx, added);
    for (const [id, { state }] of coming) {
      if (state.departmentId !== slot.departmentId)
        throw new AppError(
          'BAD_REQUEST',
          `Consignment ${id} has moved to department ${state.departmentId} since the route was suggested`,
        );
      const origin = suggestion.origins[id] ?? null;
      if (state.slotId !== null && state.slotId !== origin)
        throw new AppError(
          'INVALID_STATE_TRANSITION',
          `Consignment ${id} was planned on slot ${state.slotId} after the route was suggested: make a new suggestion`,
          { consignmentId: id, slotId: state.slotId },
        );
    }
    const stops = appliedStops(
      slot,
      suggestion.stops,
      (id) => (on.has(id) && !unassign.has(id)) || coming.has(id),
      unassign,
      updatedBreak,
      deleteBreak,
    );
    const leaving = await loadOrders(ctx, [...unassign]);
    const loads = await loadsOf(
      ctx,
      [...on].filter((id) => !unassign.has(id)),
    );
    for (const [id, { state }] of coming) loads[id] = loadOf(state);
    const capacity = slot.unitId ? capacityOf(await loadUnit(ctx, slot.unitId, 'Unit')) : null;
    return atomic([
      slotTarget(
        slotId,
        {
          type: 'applyRoute',
          id: slotId,
          stops,
          added: [...coming.keys()],
          removed: [...unassign],
          loads,
          capacity,
        },
        ctx,
      ),
      ...assignTo(ctx, slotId, coming),
      ...[...leaving].map(([id, { revision }]) =>
        orderTarget(id, revision, { type: 'UNASSIGN', force: false }),
      ),
      suggestionsTarget(slot.departmentId, slot.date, { type: 'apply', slotId }),
    ]);
  }) satisfies Handler<'APPLY_SUGGESTED_ROUTE'>,
};
