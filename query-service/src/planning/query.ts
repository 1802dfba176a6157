import {
  AppError,
  depotOf,
  CONSIGNMENT_GRID_TABLE,
  DEPARTMENTS_TABLE,
  REST_BREAK,
  SLOTS_TABLE,
  TEMPLATES_TABLE,
  UNITS_TABLE,
  countryTimeZones,
  type ConsignmentRow,
  type SlotRow,
  type SlotState,
  type SlotView,
  type TemplateRow,
  type UnitRow,
  type LatLng,
  type UnitSuggestion,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, todayIn, type QueryContext, type QueryHandler } from '../framework.js';
import { insertionKm, scheduleSlot, type Schedule } from './schedule.js';
import { scheduleCacheOf, stopRowCacheOf, versionOf } from './scheduleCache.js';

type Builder = Knex.QueryBuilder;

/** Rows of the caller's departments among those asked (none: every one it sees). */
export function inDepartments(
  q: Builder,
  ctx: QueryContext,
  asked: string[] | undefined,
): Builder | null {
  const allowed = allowedDepartments(ctx.identity, asked);
  if (allowed === '*') return q;
  if (allowed.length === 0) return null;
  return q.whereIn('department_id', allowed);
}

export async function byId<T>(
  knex: Knex,
  table: string,
  ids: readonly string[],
): Promise<Map<string, T>> {
  if (ids.length === 0) return new Map();
  const rows = await knex(table)
    .whereIn('id', [...new Set(ids)])
    .select<{ data: T }[]>('data');
  return new Map(rows.map((r) => [String((r.data as { id: string }).id), r.data]));
}

export async function timeZones(knex: Knex, departmentIds: readonly string[]) {
  const departments = await byId<{ country: string }>(knex, DEPARTMENTS_TABLE, departmentIds);
  return (id: string) => countryTimeZones[departments.get(id)?.country ?? 'NO'] ?? 'Europe/Oslo';
}

/** The fields of a grid row a schedule reads (a route point's), with their SQL types. */
const STOP_FIELDS = {
  id: 'text',
  state: 'text',
  shipmentId: 'text',
  customerId: 'text',
  packageCount: 'int',
  weightValue: 'float8',
  volumeValue: 'float8',
  pickupName: 'text',
  pickupAddress: 'text',
  pickupZipCode: 'text',
  pickupZipArea: 'text',
  pickupLat: 'float8',
  pickupLng: 'float8',
  pickupPrecision: 'text',
  deliveryName: 'text',
  deliveryAddress: 'text',
  deliveryZipCode: 'text',
  deliveryZipArea: 'text',
  deliveryLat: 'float8',
  deliveryLng: 'float8',
  deliveryPrecision: 'text',
  pickupTimeEarliest: 'text',
  pickupTimeLatest: 'text',
  deliveryTimeEarliest: 'text',
  deliveryTimeLatest: 'text',
  pickupDurationSeconds: 'int',
  deliveryDurationSeconds: 'int',
  revision: 'int',
  updatedAtEpoch: 'int8',
} as const satisfies Partial<Record<keyof ConsignmentRow, string>>;
/**
 * One pass over each row's JSON (`jsonb_to_record`): reading the fields one by one (`data->'x'`)
 * takes the whole document apart again for each, about three times the cost for 25 fields.
 */
const STOP_SQL = `select r.* from ${CONSIGNMENT_GRID_TABLE} g, jsonb_to_record(g.data) as r(${Object.entries(
  STOP_FIELDS,
)
  .map(([f, type]) => `"${f}" ${type}`)
  .join(', ')}) where g.id = any(?::bigint[])`;

/** The route-point fields of the consignments on routes, by id. */
export async function stopRows(
  knex: Knex,
  ids: readonly string[],
): Promise<Map<string, ConsignmentRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await knex.raw<{ rows: ConsignmentRow[] }>(STOP_SQL, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r]));
}

const stopIds = (slots: readonly SlotRow[]) =>
  slots.flatMap((s) => s.stops.flatMap((p) => (p.kind === REST_BREAK ? [] : [p.consignmentId])));

type Version = { revision: number; updatedAtEpoch: number };

/** The version (revision and time) of each consignment on the routes, by id. */
async function stopVersions(knex: Knex, ids: readonly string[]): Promise<Map<string, Version>> {
  if (ids.length === 0) return new Map();
  const rows = await knex(CONSIGNMENT_GRID_TABLE)
    .whereIn('id', [...new Set(ids)])
    .select<{ id: string; revision: number; updated_at_epoch: string }[]>(
      knex.raw('id::text as id'),
      'revision',
      'updated_at_epoch',
    );
  return new Map(
    rows.map((r) => [r.id, { revision: r.revision, updatedAtEpoch: Number(r.updated_at_epoch) }]),
  );
}

/**
 * `stopRows` through the row cache (`stopRowCacheOf`): a row kept under the version just read is
 * taken from it, the others (new, changed, or whose version could not be read) are read. Each row
 * read is kept under its own version, which may be newer than the one read before it: the
 * schedule's fingerprint is then made of the rows' versions, as `schedules` does.
 */
async function cachedStopRows(
  knex: Knex,
  ids: readonly string[],
  version: (consignmentId: string) => Version | undefined,
): Promise<Map<string, ConsignmentRow>> {
  const cache = stopRowCacheOf(knex);
  const rows = new Map<string, ConsignmentRow>();
  const read: string[] = [];
  for (const id of new Set(ids)) {
    const v = version(id);
    const hit = v ? cache.get(id, versionOf(v)) : undefined;
    if (hit) rows.set(id, hit);
    else read.push(id);
  }
  for (const [id, row] of await stopRows(knex, read)) {
    cache.set(id, versionOf(row), row);
    rows.set(id, row);
  }
  return rows;
}

/** What a slot's schedule is made of, as one string (see ScheduleCache). */
const fingerprintOf = (
  slot: SlotRow,
  unit: UnitRow | null,
  zone: string,
  version: (consignmentId: string) => Version | undefined,
) =>
  [
    versionOf(slot),
    unit ? `${unit.id}:${versionOf(unit)}` : '-',
    zone,
    ...slot.stops.map((p) => (p.kind === REST_BREAK ? 'b' : versionOf(version(p.consignmentId)))),
  ].join('|');

/**
 * Each slot's schedule: from the cache when nothing it is made of changed (a version read per
 * stop), else computed from the stops' rows and kept. Only the changed slots' rows are read.
 */
export async function schedules(knex: Knex, slots: readonly SlotRow[]): Promise<Schedule[]> {
  const cache = scheduleCacheOf(knex);
  const [versions, units, zone] = await Promise.all([
    stopVersions(knex, stopIds(slots)),
    byId<UnitRow>(
      knex,
      UNITS_TABLE,
      slots.flatMap((s) => (s.unitId ? [s.unitId] : [])),
    ),
    timeZones(
      knex,
      slots.map((s) => s.departmentId),
    ),
  ]);
  const unitOf = (slot: SlotRow) => (slot.unitId ? (units.get(slot.unitId) ?? null) : null);
  const found = slots.map((slot) =>
    cache.get(
      slot.id,
      fingerprintOf(slot, unitOf(slot), zone(slot.departmentId), (id) => versions.get(id)),
    ),
  );
  const missing = slots.filter((_, i) => !found[i]);
  const rows = await cachedStopRows(knex, stopIds(missing), (id) => versions.get(id));
  return slots.map((slot, i) => {
    const hit = found[i];
    if (hit) return hit;
    const unit = unitOf(slot);
    const timeZone = zone(slot.departmentId);
    const schedule = scheduleSlot(slot, unit, rows, timeZone);
    // Kept under the versions of the rows it was computed from (read after the versions above).
    cache.set(
      slot.id,
      fingerprintOf(slot, unit, timeZone, (id) => rows.get(id)),
      schedule,
    );
    return schedule;
  });
}

/** Slots with their schedule: load, capacity, progress, route totals and (unless left out) points. */
async function views(
  knex: Knex,
  slots: SlotRow[],
  options: { shallow?: boolean; excludeRoutePoints?: boolean; includeProgress?: boolean } = {},
): Promise<SlotView[]> {
  if (options.shallow) return slots;
  const computed = await schedules(knex, slots);
  return slots.map((slot, i) => {
    const s = computed[i]!;
    return {
      ...slot,
      load: s.load,
      capacity: s.capacity,
      totals: s.totals,
      ...(options.excludeRoutePoints ? {} : { routePoints: s.routePoints }),
      ...(options.includeProgress ? { progress: s.progress } : {}),
    };
  });
}

/** The states of a slot whose route is under way: it stays the courier's work whatever its date. */
const DRIVEN_STATES = ['IN_PROGRESS', 'PAUSED'] as const satisfies readonly SlotState[];

const live = (q: Builder) => q.where('deleted', false);

/** Query `slots` (spec §7) with every parameter: departments, dates, shallow, points, progress, ids. */
export const slots: QueryHandler<'slots'> = async (params, ctx) => {
  const q = inDepartments(live(ctx.knex(SLOTS_TABLE)), ctx, params.departmentIds);
  if (!q) return [];
  if (params.includeDriven)
    q.andWhere((w) => {
      w.whereBetween('date', [params.fromDate, params.toDate]).orWhere((d) => {
        d.where('date', '<', params.fromDate).whereIn('state', DRIVEN_STATES);
      });
    });
  else q.whereBetween('date', [params.fromDate, params.toDate]);
  if (params.slotIds) q.whereIn('id', params.slotIds);
  const rows = (
    (await q
      .select('data')
      .orderBy([{ column: 'date' }, { column: 'department_id' }, { column: 'id' }])) as {
      data: SlotRow;
    }[]
  ).map((r) => r.data);
  rows.sort((a, b) => a.timeFrom.localeCompare(b.timeFrom) || Number(a.id) - Number(b.id));
  return views(ctx.knex, rows, {
    shallow: params.shallowFetch,
    excludeRoutePoints: params.excludeRoutePoints,
    includeProgress: params.includeProgress,
  });
};

/** Query `slotById`: one slot with its route points and progress; NOT_FOUND when none. */
export const slotById: QueryHandler<'slotById'> = async ({ id }, ctx) => {
  const q = inDepartments(live(ctx.knex(SLOTS_TABLE)), ctx, undefined);
  const row = q ? await q.where('id', id).first<{ data: SlotRow } | undefined>('data') : undefined;
  if (!row) throw new AppError('NOT_FOUND', `Slot ${id} not found`);
  return (await views(ctx.knex, [row.data], { includeProgress: true }))[0];
};

/** Query `routePoints` (spec §7): the stops of one slot, or of the slots of a period. */
export const routePoints: QueryHandler<'routePoints'> = async (params, ctx) => {
  const q = inDepartments(live(ctx.knex(SLOTS_TABLE)), ctx, params.departmentIds);
  if (!q) return [];
  if (params.slotId) q.where('id', params.slotId);
  else if (!params.fromDate)
    throw new AppError('VALIDATION_ERROR', 'fromDate: a slotId or a fromDate is required');
  if (params.fromDate) q.where('date', '>=', params.fromDate);
  if (params.fromDate || params.toDate) q.where('date', '<=', params.toDate ?? params.fromDate!);
  const rows = ((await q.select('data').orderBy('id')) as { data: SlotRow }[]).map((r) => r.data);
  const points = (await views(ctx.knex, rows)).flatMap((v) => v.routePoints ?? []);
  return params.customerId ? points.filter((p) => p.customerId === params.customerId) : points;
};

/**
 * The courier's own slots (its page), with their stops: the slots of a day (today in the
 * courier's department by default) and every slot still driven, whatever its date. A route
 * belongs to its date until it is finished, so a route under way at midnight stays on the page
 * (issue 36; docs/decisions/0036-time.md). Ordered by date, then start.
 */
export const courierSlots: QueryHandler<'courierSlots'> = async ({ date }, ctx) => {
  const courierId = ctx.identity.courierId;
  if (!courierId) return [];
  const zone = await timeZones(
    ctx.knex,
    ctx.identity.departmentIds === '*' ? [] : ctx.identity.departmentIds,
  );
  const day =
    date ??
    todayIn(
      zone(ctx.identity.departmentIds === '*' ? '' : (ctx.identity.departmentIds[0] ?? '')),
      ctx.clock(),
    );
  const rows = (
    await live(ctx.knex(SLOTS_TABLE))
      .where('courier_id', courierId)
      .andWhere((q) => {
        q.where('date', day).orWhereIn('state', DRIVEN_STATES);
      })
      .select<{ data: SlotRow }[]>('data')
  ).map((r) => r.data);
  rows.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.timeFrom.localeCompare(b.timeFrom) ||
      Number(a.id) - Number(b.id),
  );
  return views(ctx.knex, rows, { includeProgress: true });
};

export const templatesByDepartmentIds: QueryHandler<'templatesByDepartmentIds'> = async (
  { departmentIds },
  ctx,
) => {
  const q = inDepartments(live(ctx.knex(TEMPLATES_TABLE)), ctx, departmentIds);
  if (!q) return [];
  return ((await q.select('data').orderBy('id')) as { data: TemplateRow }[]).map((r) => r.data);
};

/**
 * Units ranked by how little their day grows to take a stop here: a unit's slots of the day (the
 * cheapest insertion into its route), or an idle active unit (out from its start and back).
 */
async function suggest(
  ctx: QueryContext,
  departmentId: string,
  date: string,
  point: LatLng,
): Promise<UnitSuggestion[]> {
  const allowed = allowedDepartments(ctx.identity, [departmentId]);
  if (allowed !== '*' && allowed.length === 0) return [];
  const slotRows = (
    await live(ctx.knex(SLOTS_TABLE))
      .where({ department_id: departmentId, date })
      .whereIn('state', ['NOT_STARTED', 'PLANNED', 'IN_PROGRESS', 'PAUSED'])
      .select<{ data: SlotRow }[]>('data')
  ).map((r) => r.data);
  const units = (
    await ctx
      .knex(UNITS_TABLE)
      .where({ department_id: departmentId, is_unit: true, is_active: true })
      .select<{ data: UnitRow }[]>('data')
  ).map((r) => r.data);
  const byUnit = new Map(units.map((u) => [u.id, u]));
  const rows = await stopRows(ctx.knex, stopIds(slotRows));
  // The unit's depot, or none (an old 0,0 is none: `depotOf`, docs/decisions/0041-depot.md).
  const start = (u: UnitRow | undefined) => {
    const depot = depotOf(u?.startLocation);
    return depot && { lat: depot.lat, lng: depot.lng };
  };
  const out: UnitSuggestion[] = [];
  const busy = new Set<string>();
  for (const slot of slotRows) {
    if (!slot.unitId) continue;
    const unit = byUnit.get(slot.unitId);
    if (!unit) continue;
    busy.add(unit.id);
    const route = slot.stops.map((s) => {
      if (s.kind === REST_BREAK) return null;
      const r = rows.get(s.consignmentId);
      if (!r) return null;
      const lat = s.kind === 'pickup' ? r.pickupLat : r.deliveryLat;
      const lng = s.kind === 'pickup' ? r.pickupLng : r.deliveryLng;
      return lat === null || lng === null ? null : { lat, lng };
    });
    out.push({
      unitId: unit.id,
      slotId: slot.id,
      name: unit.name,
      extraKm: insertionKm(route, start(unit), point),
    });
  }
  for (const unit of units)
    if (!busy.has(unit.id))
      out.push({
        unitId: unit.id,
        slotId: null,
        name: unit.name,
        extraKm: Math.round(insertionKm([start(unit)], start(unit), point) * 2 * 10) / 10,
      });
  return out.sort((a, b) => a.extraKm - b.extraKm || a.name.localeCompare(b.name));
}

export const suggestedUnitsForLocation: QueryHandler<'suggestedUnitsForLocation'> = (
  { departmentId, date, lat, lng },
  ctx,
) => suggest(ctx, departmentId, date, { lat, lng });

export const suggestedUnitsForOrder: QueryHandler<'suggestedUnitsForOrder'> = async (
  { orderId },
  ctx,
) => {
  const row = await ctx
    .knex(CONSIGNMENT_GRID_TABLE)
    .where('id', orderId)
    .first<{ data: ConsignmentRow } | undefined>('data');
  const allowed = row ? allowedDepartments(ctx.identity, [row.data.departmentId]) : [];
  if (!row || (allowed !== '*' && allowed.length === 0))
    throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  const { deliveryLat: lat, deliveryLng: lng } = row.data;
  if (lat === null || lng === null) return [];
  return suggest(ctx, row.data.departmentId, row.data.date, { lat, lng });
};
