import {
  ROUTE_PLANS_TABLE,
  ROUTE_PLAN_POINTS_TABLE,
  ROUTE_PLAN_UNITS_TABLE,
  REST_BREAK,
  type RecordedEvent,
  type SlotRow,
  type UnitRow,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { BatchWrites } from '../framework/batchWrites.js';
import type { Projection } from '../framework/projection.js';
import {
  foldPlans,
  planOf,
  pointRowId,
  routeConsignments,
  slotRowId,
  unitRowId,
  type PlanRows,
  type PointRow,
} from './routePlansFold.js';

const P = ROUTE_PLANS_TABLE;
const PP = ROUTE_PLAN_POINTS_TABLE;
const U = ROUTE_PLAN_UNITS_TABLE;

interface PointColumns {
  id: string;
  revision: number;
  pickup_lat: number | null;
  pickup_lng: number | null;
  delivery_lat: number | null;
  delivery_lng: number | null;
  package_count: number;
  weight: number;
  volume: number;
}

const POINT_COLUMNS = `id::text as id, revision, pickup_lat, pickup_lng, delivery_lat,
  delivery_lng, package_count, weight, volume`;
const place = (lat: number | null, lng: number | null) =>
  lat === null || lng === null ? null : { lat, lng };
const pointOfColumns = (r: PointColumns): PointRow => ({
  id: r.id,
  revision: r.revision,
  pickup: place(r.pickup_lat, r.pickup_lng),
  delivery: place(r.delivery_lat, r.delivery_lng),
  packageCount: r.package_count,
  weight: r.weight,
  volume: r.volume,
});
const columnsOfPoint = (p: PointRow): PointColumns => ({
  id: p.id,
  revision: p.revision,
  pickup_lat: p.pickup?.lat ?? null,
  pickup_lng: p.pickup?.lng ?? null,
  delivery_lat: p.delivery?.lat ?? null,
  delivery_lng: p.delivery?.lng ?? null,
  package_count: p.packageCount,
  weight: p.weight,
  volume: p.volume,
});

const UPSERT_POINTS = `insert into ${PP} (id, revision, pickup_lat, pickup_lng, delivery_lat,
    delivery_lng, package_count, weight, volume)
  select * from jsonb_to_recordset($1::jsonb) as x(id bigint, revision integer, pickup_lat float8,
    pickup_lng float8, delivery_lat float8, delivery_lng float8, package_count integer,
    weight float8, volume float8)
  on conflict (id) do update set revision = excluded.revision, pickup_lat = excluded.pickup_lat,
    pickup_lng = excluded.pickup_lng, delivery_lat = excluded.delivery_lat,
    delivery_lng = excluded.delivery_lng, package_count = excluded.package_count,
    weight = excluded.weight, volume = excluded.volume`;
const UPSERT_UNITS = `insert into ${U} (id, revision, data)
  select (r->>'id')::bigint, (r->>'revision')::integer, r from jsonb_array_elements($1::jsonb) r
  on conflict (id) do update set revision = excluded.revision, data = excluded.data`;
/** A slot's row: its route, whose it is, and its plan (the figures the reports sum). */
const UPSERT_SLOTS = `insert into ${P} (id, revision, department_id, date, name, state, deleted,
    courier_id, unit_id, consignment_ids, route_stops, planned_km, planned_minutes, load_weight,
    load_volume, capacity_weight, capacity_volume, data)
  select x.id, x.revision, x.department_id, x.date, x.name, x.state, x.deleted, x.courier_id, x.unit_id,
    array(select jsonb_array_elements_text(x.consignment_ids))::bigint[], x.route_stops,
    x.planned_km, x.planned_minutes, x.load_weight, x.load_volume, x.capacity_weight,
    x.capacity_volume, x.data
  from jsonb_to_recordset($1::jsonb) as x(id bigint, revision integer, department_id bigint,
    date text, name text, state text, deleted boolean, courier_id bigint, unit_id bigint,
    consignment_ids jsonb, route_stops integer, planned_km float8, planned_minutes integer,
    load_weight float8, load_volume float8, capacity_weight float8, capacity_volume float8,
    data jsonb)
  on conflict (id) do update set revision = excluded.revision,
    department_id = excluded.department_id, date = excluded.date, name = excluded.name,
    state = excluded.state,
    deleted = excluded.deleted, courier_id = excluded.courier_id, unit_id = excluded.unit_id,
    consignment_ids = excluded.consignment_ids, route_stops = excluded.route_stops,
    planned_km = excluded.planned_km, planned_minutes = excluded.planned_minutes,
    load_weight = excluded.load_weight, load_volume = excluded.load_volume,
    capacity_weight = excluded.capacity_weight, capacity_volume = excluded.capacity_volume,
    data = excluded.data`;
/** The routes a batch's changed consignments are on, or whose unit it changed. */
const ROUTES_OF = `select data from ${P}
  where consignment_ids && $1::bigint[] or unit_id = any($2::bigint[])`;

const ids = (m: Map<string, unknown>) => [...m.keys()];

/**
 * A write sent now, or given to the batch's writes (sent with the other read models' in one round
 * trip). Safe to give: each of this projection's writes changes rows it holds in memory for the
 * rest of the batch, so what it reads afterwards (rows not in memory) the write does not touch.
 */
const write = async (
  trx: Knex.Transaction,
  writes: BatchWrites | undefined,
  sql: string,
  rows: unknown[],
) => {
  if (rows.length === 0) return;
  const params = [JSON.stringify(rows)];
  if (writes) writes.add(sql, params);
  else await preparedQuery(trx, sql, params);
};

async function loadRows(trx: Knex.Transaction, rows: PlanRows, want: PlanRows): Promise<void> {
  const missing = (m: Map<string, unknown>, have: Map<string, unknown>) =>
    ids(m).filter((id) => !have.has(id));
  const [slots, units, points] = await Promise.all([
    missing(want.slots, rows.slots).length === 0
      ? []
      : preparedQuery<{ data: SlotRow }>(trx, `select data from ${P} where id = any($1)`, [
          missing(want.slots, rows.slots),
        ]),
    missing(want.units, rows.units).length === 0
      ? []
      : preparedQuery<{ data: UnitRow }>(trx, `select data from ${U} where id = any($1)`, [
          missing(want.units, rows.units),
        ]),
    missing(want.points, rows.points).length === 0
      ? []
      : preparedQuery<PointColumns>(trx, `select ${POINT_COLUMNS} from ${PP} where id = any($1)`, [
          missing(want.points, rows.points),
        ]),
  ]);
  for (const id of ids(want.slots)) if (!rows.slots.has(id)) rows.slots.set(id, null);
  for (const id of ids(want.units)) if (!rows.units.has(id)) rows.units.set(id, null);
  for (const id of ids(want.points)) if (!rows.points.has(id)) rows.points.set(id, null);
  for (const r of slots) rows.slots.set(String(r.data.id), r.data);
  for (const r of units) rows.units.set(String(r.data.id), r.data);
  for (const r of points) rows.points.set(r.id, pointOfColumns(r));
}

const wanted = (slots: Iterable<string>, units: Iterable<string>, points: Iterable<string>) => ({
  slots: new Map([...slots].map((id) => [id, null])),
  units: new Map([...units].map((id) => [id, null])),
  points: new Map([...points].map((id) => [id, null])),
});

/** The slots' rows with their plans, from the rows (their units and consignments loaded first). */
async function writeRoutes(
  trx: Knex.Transaction,
  rows: PlanRows,
  slotIds: Set<string>,
  writes?: BatchWrites,
) {
  const slots = [...slotIds].map((id) => rows.slots.get(id)).filter((s): s is SlotRow => !!s);
  if (slots.length === 0) return;
  await loadRows(
    trx,
    rows,
    wanted(
      [],
      slots.flatMap((s) => (s.unitId ? [String(s.unitId)] : [])),
      slots.flatMap(routeConsignments),
    ),
  );
  const records = slots.map((slot) => {
    const plan = planOf(slot, rows);
    return {
      id: slot.id,
      revision: slot.revision,
      department_id: slot.departmentId,
      date: slot.date,
      name: slot.name,
      state: slot.state,
      deleted: slot.deleted,
      courier_id: slot.courierId,
      unit_id: slot.unitId,
      consignment_ids: routeConsignments(slot),
      route_stops: slot.stops.filter((s) => s.kind !== REST_BREAK).length,
      planned_km: plan.distanceKm,
      planned_minutes: plan.drivingMinutes,
      load_weight: plan.load.weight,
      load_volume: plan.load.volume,
      capacity_weight: plan.capacity?.weight ?? null,
      capacity_volume: plan.capacity?.volume ?? null,
      data: slot,
    };
  });
  await write(trx, writes, UPSERT_SLOTS, records);
}

/**
 * The given slots' rows planned from the units and points the projection holds (the bench fills
 * its read models in bulk, docs/decisions/0088, and plans its routes through here).
 */
export async function planRoutes(trx: Knex.Transaction, slots: SlotRow[]): Promise<void> {
  const rows: PlanRows = {
    slots: new Map(slots.map((s) => [String(s.id), s])),
    units: new Map(),
    points: new Map(),
  };
  await writeRoutes(trx, rows, new Set(rows.slots.keys()));
}

/**
 * Folds a batch: the rows it names loaded, folded, the changed points and units written, then
 * every route whose plan may have moved (its slot, its unit or a consignment on it changed)
 * planned again and written with its slot.
 */
async function applyEvents(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  writes?: BatchWrites,
): Promise<void> {
  const named = (id: (e: RecordedEvent) => string | number | null) =>
    events.flatMap((e) => {
      const v = id(e);
      return v === null ? [] : [String(v)];
    });
  const rows: PlanRows = { slots: new Map(), units: new Map(), points: new Map() };
  await loadRows(trx, rows, wanted(named(slotRowId), named(unitRowId), named(pointRowId)));
  const folded = foldPlans(rows, events);
  const points = [...folded.points].map((id) => rows.points.get(id)).filter((p) => !!p);
  const units = [...folded.units].map((id) => rows.units.get(id)).filter((u) => !!u);
  await write(trx, writes, UPSERT_POINTS, points.map(columnsOfPoint));
  await write(trx, writes, UPSERT_UNITS, units);
  const routes = new Set(folded.slots);
  if (folded.moved.size > 0 || folded.units.size > 0)
    for (const r of await preparedQuery<{ data: SlotRow }>(trx, ROUTES_OF, [
      [...folded.moved],
      [...folded.units],
    ])) {
      const id = String(r.data.id);
      if (!rows.slots.has(id)) rows.slots.set(id, r.data);
      routes.add(id);
    }
  await writeRoutes(trx, rows, routes, writes);
}

/**
 * The routes' planned figures (docs/decisions/0105): per slot its route and its plan (planned
 * kilometres and driving minutes, load and capacity: `routePlan`, the planning schedule's totals),
 * with the consignments' points and loads and the units they are computed from. A consignment's
 * exact points are personal data (0050): an erasure folds its row again from its events as they
 * read now, and plans its routes again. No socket entity: the report screens ask again.
 */
export const routePlansProjection: Projection = {
  name: 'routePlans',
  tables: [P, PP, U],
  entities: [],
  migrations: [
    {
      name: '0001_rm_route_plans',
      async up(knex) {
        await knex.raw(`create table ${P} (id bigint primary key, revision integer not null,
            department_id bigint not null, date text not null, name text not null,
            state text not null, deleted boolean not null, courier_id bigint, unit_id bigint,
            consignment_ids bigint[] not null, route_stops integer not null,
            planned_km float8 not null, planned_minutes integer not null,
            load_weight float8 not null, load_volume float8 not null, capacity_weight float8,
            capacity_volume float8, data jsonb not null);
          create index ${P}_department_date on ${P} (department_id, date);
          -- The admin report's sums of every department's dates, read from the index alone.
          create index ${P}_date_figures on ${P} (date) include (department_id, state, deleted,
            planned_km, planned_minutes, load_weight, load_volume, capacity_weight,
            capacity_volume);
          create index ${P}_unit on ${P} (unit_id) where unit_id is not null;
          create index ${P}_consignments on ${P} using gin (consignment_ids);
          create table ${PP} (id bigint primary key, revision integer not null,
            pickup_lat float8, pickup_lng float8, delivery_lat float8, delivery_lng float8,
            package_count integer not null, weight float8 not null, volume float8 not null);
          create table ${U} (id bigint primary key, revision integer not null,
            data jsonb not null);`);
      },
    },
  ],
  handles: (e) => slotRowId(e) !== null || unitRowId(e) !== null || pointRowId(e) !== null,
  async apply(trx, events, writes) {
    await applyEvents(trx, events, writes);
    return [];
  },
  // An order's subject erased (0050): its points folded again from its events as they read now
  // (a rebuild's), and the routes it is on planned again from them.
  async refold(trx, events) {
    const mine = events.filter((e) => pointRowId(e) !== null);
    const id = mine[0] && pointRowId(mine[0]);
    if (!id) return [];
    const rows: PlanRows = { slots: new Map(), units: new Map(), points: new Map([[id, null]]) };
    foldPlans(rows, mine);
    const point = rows.points.get(id);
    if (point) await preparedQuery(trx, UPSERT_POINTS, [JSON.stringify([columnsOfPoint(point)])]);
    else await preparedQuery(trx, `delete from ${PP} where id = $1`, [id]);
    const routes = await preparedQuery<{ data: SlotRow }>(trx, ROUTES_OF, [[id], []]);
    for (const r of routes) rows.slots.set(String(r.data.id), r.data);
    await writeRoutes(trx, rows, new Set(routes.map((r) => String(r.data.id))));
    return [];
  },
};
