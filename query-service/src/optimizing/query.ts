import {
  AppError,
  OPTIMIZING_RUNS_TABLE,
  REST_BREAK,
  ROUTE_SUGGESTIONS_TABLE,
  SLOTS_TABLE,
  UNITS_TABLE,
  mayReadRow,
  routeConsignments,
  runScope,
  requestedRun,
  scopeOf,
  type OptimizingRunRow,
  type RouteFigures,
  type RouteSuggestionRow,
  type RouteSuggestionView,
  type SlotRow,
  type UnitRow,
} from '@nordlog/contracts';
import type { QueryContext, QueryHandler } from '../framework.js';
import { byId, inDepartments, schedules, stopRows, timeZones } from '../planning/query.js';
import { scheduleSlot, type Schedule } from '../planning/schedule.js';
import { readDay } from './day.js';

/** The documents a run exchanged with the solver (written by the command side's runner). */
const DOCUMENTS_TABLE = 'optimizing_documents';

/** Query `optimizingRuns`: the runs of a period, newest first (the board and /admin/optimizing). */
export const optimizingRuns: QueryHandler<'optimizingRuns'> = async (params, ctx) => {
  const q = inDepartments(ctx.knex(OPTIMIZING_RUNS_TABLE), ctx, params.departmentIds);
  if (!q) return [];
  const rows = await q
    .whereBetween('date', [params.fromDate, params.toDate])
    .orderBy('id', 'desc')
    .limit(params.limit)
    .select<{ data: OptimizingRunRow }[]>('data');
  return rows.map((r) => r.data);
};

/** One run the caller may read (404 otherwise: a run of another department is not told apart). */
async function runOf(ctx: QueryContext, id: string): Promise<OptimizingRunRow> {
  const row = await ctx
    .knex(OPTIMIZING_RUNS_TABLE)
    .where({ id })
    .first<{ data: OptimizingRunRow }>('data');
  const run = row?.data;
  if (
    !run ||
    !mayReadRow(ctx.identity, 'optimizingRuns', { id, scope: scopeOf('optimizingRuns', run) })
  )
    throw new AppError('NOT_FOUND', `Optimizing run ${id} not found`);
  return run;
}

async function documentOf(ctx: QueryContext, id: string, kind: 'request' | 'response') {
  await runOf(ctx, id);
  const row = await ctx
    .knex(DOCUMENTS_TABLE)
    .where({ run_id: id, kind })
    .first<{ body: unknown }>('body');
  return { id, [kind]: row?.body ?? null };
}

export const optimizingData: QueryHandler<'optimizingData'> = ({ id }, ctx) => runOf(ctx, id);
export const optimizingRequest: QueryHandler<'optimizingRequest'> = ({ id }, ctx) =>
  documentOf(ctx, id, 'request');
export const optimizingResponse: QueryHandler<'optimizingResponse'> = ({ id }, ctx) =>
  documentOf(ctx, id, 'response');
export const optimizingError: QueryHandler<'optimizingError'> = async ({ id }, ctx) => {
  const run = await runOf(ctx, id);
  return { id, state: run.state, errors: run.errors };
};

async function visibleSlot(ctx: QueryContext, id: string): Promise<SlotRow> {
  const row = await ctx
    .knex(SLOTS_TABLE)
    .where({ id, deleted: false })
    .first<{ data: SlotRow }>('data');
  const slot = row?.data;
  if (!slot || !mayReadRow(ctx.identity, 'slots', { id, scope: scopeOf('slots', slot) }))
    throw new AppError('NOT_FOUND', `Slot ${id} not found`);
  return slot;
}

/** Query `latestOptimizingIdForSlot`: the newest run that planned the slot (named, or its whole day). */
export const latestOptimizingIdForSlot: QueryHandler<'latestOptimizingIdForSlot'> = async (
  { slotId },
  ctx,
) => {
  const slot = await visibleSlot(ctx, slotId);
  const row = await ctx
    .knex(OPTIMIZING_RUNS_TABLE)
    .where({ department_id: slot.departmentId, date: slot.date })
    .whereRaw(
      `(data->'slotIds' @> ?::jsonb
        or (data->>'kind' = 'day' and jsonb_array_length(data->'slotIds') = 0))`,
      [JSON.stringify([slotId])],
    )
    .orderBy('id', 'desc')
    .first<{ id: string }>(ctx.knex.raw('id::text as id'));
  return { slotId, id: row?.id ?? null };
};

/**
 * Query `optimizeRequest {department}`: what a run of the department's day would take now, before
 * it is started: its slots and consignments, the stops locked, and what stays out and why.
 */
export const optimizeRequest: QueryHandler<'optimizeRequest'> = async (params, ctx) => {
  if (!inDepartments(ctx.knex(SLOTS_TABLE), ctx, [params.department]))
    throw new AppError('NO_ACCESS', `Department ${params.department} is outside your access`);
  const zone = await timeZones(ctx.knex, [params.department]);
  const date =
    params.date ??
    new Intl.DateTimeFormat('en-CA', { timeZone: zone(params.department) }).format(ctx.clock());
  const run = requestedRun({
    id: '0',
    departmentId: params.department,
    date,
    kind: 'day',
    slotIds: params.slotIds ?? [],
    consignmentIds: null,
    allowSortingErrors: false,
    includeUnassigned: true,
    seconds: 0,
    requestedBy: ctx.identity.userId,
    requestedAt: ctx.clock().toISOString(),
  });
  const scope = runScope(await readDay(ctx.knex, run));
  return {
    department: params.department,
    date,
    vehicles: scope.slots.length,
    slotIds: scope.slots.map((s) => s.slot.id),
    consignments: scope.consignmentIds.length,
    lockedStops: scope.slots.reduce((n, s) => n + s.lockedStops.length, 0),
    excludedSlots: scope.excludedSlots,
    excludedConsignments: scope.excludedConsignments,
  };
};

const figuresOf = (s: Schedule): RouteFigures => ({
  distanceKm: s.totals.distanceKm,
  drivingMinutes: s.totals.drivingMinutes,
  stops: s.routePoints.filter((p) => p.type !== REST_BREAK).length,
  late: s.totals.late,
  endTime: s.totals.endTime,
});

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Query `routeSuggestions`: each suggested route of the day beside its slot's own, both scheduled
 * the same way (the planning schedule), with the difference and the consignments it would bring
 * onto the slot or leave out.
 */
export const routeSuggestions: QueryHandler<'routeSuggestions'> = async (params, ctx) => {
  const q = inDepartments(ctx.knex(ROUTE_SUGGESTIONS_TABLE), ctx, params.departmentIds);
  if (!q) return [];
  q.where({ date: params.date, deleted: false });
  if (params.slotIds) q.whereIn('id', params.slotIds);
  const rows = (await q.orderBy('id').select<{ data: RouteSuggestionRow }[]>('data')).map(
    (r) => r.data,
  );
  const slotsById = await byId<SlotRow>(
    ctx.knex,
    SLOTS_TABLE,
    rows.map((r) => r.slotId),
  );
  const live = rows.filter((r) => slotsById.get(r.slotId)?.deleted === false);
  const slots = live.map((r) => slotsById.get(r.slotId)!);
  const [current, units, zone, stops] = await Promise.all([
    schedules(ctx.knex, slots),
    byId<UnitRow>(
      ctx.knex,
      UNITS_TABLE,
      slots.flatMap((s) => (s.unitId ? [s.unitId] : [])),
    ),
    timeZones(
      ctx.knex,
      slots.map((s) => s.departmentId),
    ),
    stopRows(
      ctx.knex,
      live.flatMap((r) => routeConsignments(r.stops)),
    ),
  ]);
  return live.map((row, i): RouteSuggestionView => {
    const slot = slots[i]!;
    const unit = slot.unitId ? (units.get(slot.unitId) ?? null) : null;
    const suggested = scheduleSlot(
      { ...slot, stops: row.stops },
      unit,
      stops,
      zone(slot.departmentId),
    );
    const before = figuresOf(current[i]!);
    const after = figuresOf(suggested);
    const on = new Set(routeConsignments(slot.stops));
    const proposed = new Set(routeConsignments(row.stops));
    return {
      ...row,
      current: before,
      suggested: after,
      difference: {
        distanceKm: round1(after.distanceKm - before.distanceKm),
        drivingMinutes: after.drivingMinutes - before.drivingMinutes,
        stops: after.stops - before.stops,
        late: after.late - before.late,
      },
      routePoints: suggested.routePoints,
      load: suggested.load,
      capacity: suggested.capacity,
      adding: [...proposed].filter((id) => !on.has(id)),
      leaving: [...on].filter((id) => !proposed.has(id)),
    };
  });
};
