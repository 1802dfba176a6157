import {
  CONSIGNMENT_GRID_TABLE,
  ORDERS_TABLE,
  REPORT_CELLS_TABLE,
  REPORT_DEPARTMENT_DAYS_TABLE,
  REPORT_ORDERS_TABLE,
  ROUTE_DAYS_TABLE,
  ROUTE_REPORTS_TABLE,
  SLOTS_TABLE,
  UNITS_TABLE,
  addDays,
  deviationReasons,
  rowFlags,
  type ConsignmentRow,
  type ConsignmentState,
} from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import type { Knex } from '@nordlog/platform';
import {
  CellDeltas,
  DAYS_FROM_CELLS,
  ROUTE_DAYS_FROM_ROUTES,
  searchText,
  type ReportOrder,
} from '@nordlog/projector';
import { benchRow } from './gridRows.js';
import { must } from './localSystem.js';
import { insertOrders, setUpPrices } from './reportsOrders.js';
import { ROUTE_STOP_IDS, addRoutes, insertUnits, planAllRoutes } from './reportsRoutes.js';
import { runConcurrent } from './stats.js';

/**
 * The data of `bench:reports` (tests/src/bench/reports.ts): departments and customers through the
 * command API (their names are what the reports show), then consignments written straight into
 * the read models in bulk, in the rows the projections write: `rm_report_orders` (fold.ts's
 * ReportOrder), `rm_report_cells` (the cells added up with the projection's own CellDeltas and
 * contribution), the grid's `rm_consignments` (gridRows.ts's row, with the same state, slot and
 * reason) and `rm_slots` (a courier and a unit per slot, 07:00–16:00, its route of the
 * consignments planned on it: reportsRoutes.ts, with the units), then `rm_orders` of the given
 * dates priced by a price list per department (reportsOrders.ts). Both sides of the comparison
 * are made from the same orders, so the report and the bare GROUP BY must give the same counts.
 */
export interface ReportsWorld {
  departments: string[];
  /** Customers per department (index as `departments`). */
  customers: { id: string; name: string }[][];
  /** The first of the days; the data covers `days` days from it. */
  firstDate: string;
  days: number;
}

/** Where bench ids start (far above what the product's id allocator hands out in this database). */
const ORDER_BASE = 1_000_000_000_000;
const SLOT_BASE = 2_000_000_000;
const COURIER_BASE = 3_000_000_000;
const UNIT_BASE = 4_000_000_000;
export const SLOTS_PER_DAY = 8;
const CUSTOMERS_PER_DEPARTMENT = 3;

/** The states of three months of work: mostly delivered, some still open, a few exceptions. */
const STATE_MIX: [ConsignmentState, number][] = [
  ['DELIVERED', 0.62],
  ['COLLECTED', 0.06],
  ['ASSIGNED', 0.08],
  ['RESOLVED', 0.12],
  ['DEVIATED', 0.05],
  ['RETURNED', 0.02],
  ['DELETED', 0.03],
  ['CREATED', 0.02],
];
const UNPLANNED = new Set<ConsignmentState>(['RESOLVED', 'CREATED', 'DELETED']);

export async function setUpWorld(
  system: System,
  options: { departments: number; firstDate: string; days: number },
): Promise<ReportsWorld> {
  const departments: string[] = [];
  await runConcurrent(options.departments, 4, async (d) => {
    const [id] = await must(system, 'CREATE_DEPARTMENT', {
      name: `Bench avdeling ${String(d + 1).padStart(3, '0')}`,
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    departments[d] = id!;
  });
  const customers = departments.map(() => [] as { id: string; name: string }[]);
  await runConcurrent(options.departments * CUSTOMERS_PER_DEPARTMENT, 4, async (i) => {
    const d = Math.floor(i / CUSTOMERS_PER_DEPARTMENT);
    const name = `Bench kunde ${d + 1}-${(i % CUSTOMERS_PER_DEPARTMENT) + 1} AS`;
    const [id] = await must(system, 'CREATE_CUSTOMER', { name, departmentId: departments[d] });
    customers[d]![i % CUSTOMERS_PER_DEPARTMENT] = { id: id!, name };
  });
  await setUpPrices(system, departments);
  return { departments, customers, firstDate: options.firstDate, days: options.days };
}

const slotId = (world: ReportsWorld, d: number, day: number, k: number) =>
  String(SLOT_BASE + (d * world.days + day) * SLOTS_PER_DAY + k);
/** Slot `k` of each of department `d`'s days has a courier and a unit of its own. */
const courierOf = (d: number, k: number) => String(COURIER_BASE + d * SLOTS_PER_DAY + k);
const unitOf = (d: number, k: number) => String(UNIT_BASE + d * SLOTS_PER_DAY + k);

/** A 32-bit finaliser (MurmurHash3's): its outputs for neighbouring inputs are unrelated. */
function mix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * Consignment `i`: the same `i` always gives the same consignment. Each of its choices (day,
 * customer, state, slot…) is drawn independently: correlated draws would put the consignments
 * into fewer report cells than real work does, and flatter the report.
 */
export function benchConsignment(world: ReportsWorld, i: number) {
  const h = (salt: number) => mix((mix(i + 1) + Math.imul(salt, 0x9e3779b9)) | 0) / 4294967296;
  const d = i % world.departments.length;
  const day = Math.floor(h(101) * world.days);
  const date = addDays(world.firstDate, day);
  const customer = world.customers[d]![Math.floor(h(103) * CUSTOMERS_PER_DEPARTMENT)]!;
  let r = h(107);
  const state = (STATE_MIX.find(([, p]) => (r -= p) < 0) ?? STATE_MIX[0]!)[0];
  const slot = UNPLANNED.has(state)
    ? null
    : slotId(world, d, day, Math.floor(h(109) * SLOTS_PER_DAY));
  const reason = state === 'DEVIATED' ? deviationReasons[Math.floor(h(113) * 7)]! : null;
  // The window ends at 16:00 Oslo time (15:00 UTC in winter); deliveries from 08:00 to 18:00 UTC.
  const dueBy = `${date}T15:01:00.000Z`;
  const deliveredAt =
    state === 'DELIVERED' || state === 'RETURNED'
      ? new Date(Date.parse(`${date}T08:00:00Z`) + Math.floor(h(127) * 36_000_000)).toISOString()
      : null;
  const id = String(ORDER_BASE + i);
  const report: ReportOrder = {
    revision: slot ? 4 : 1,
    date,
    departmentId: world.departments[d]!,
    customerId: customer.id,
    slotId: slot,
    state,
    reason,
    dueBy,
    deliveredAt,
    pickupStop: h(131) < 0.8,
  };
  const grid: ConsignmentRow = {
    ...benchRow(i, world.departments[d]!, customer, date),
    id,
    orderId: id,
    state,
    slotId: slot,
    deviationReason: reason,
    revision: report.revision,
    ...rowFlags(state, null),
  };
  return { id, report, grid };
}

/** The bench's slots: SLOTS_PER_DAY a department's day, each with a courier and a unit of its own. */
async function insertSlots(knex: Knex, world: ReportsWorld): Promise<number> {
  const rows: unknown[] = [];
  world.departments.forEach((departmentId, d) => {
    for (let day = 0; day < world.days; day++)
      for (let k = 0; k < SLOTS_PER_DAY; k++) {
        const id = slotId(world, d, day, k);
        const date = addDays(world.firstDate, day);
        const courierId = courierOf(d, k);
        const unitId = unitOf(d, k);
        // The route (stops, consignmentIds) follows once the consignments are in (addRoutes).
        const data = {
          id,
          departmentId,
          date,
          name: `Rute ${k + 1}`,
          timeFrom: `${date}T07:00:00.000Z`,
          timeTo: `${date}T16:00:00.000Z`,
          state: 'FINISHED',
          slotMode: 'ROUTE',
          shouldDriverNotReturn: false,
          courierId,
          unitId,
          vehicleId: null,
          manualPlanning: false,
          areas: [],
          templateId: null,
          consignmentIds: [],
          stops: [],
          revision: 10,
          updatedAtEpoch: Date.parse(`${date}T18:00:00Z`),
          deleted: false,
        };
        rows.push({
          id,
          revision: 10,
          department_id: departmentId,
          date,
          courier_id: courierId,
          data,
        });
      }
  });
  for (let at = 0; at < rows.length; at += 10_000)
    await knex.raw(
      `insert into ${SLOTS_TABLE} (id, revision, department_id, date, state, courier_id, template_id, deleted, data)
       select id, revision, department_id, date, 'FINISHED', courier_id, null, false, data
         from json_to_recordset(?::json) as x(id bigint, revision int, department_id bigint,
              date text, courier_id bigint, data jsonb)`,
      [JSON.stringify(rows.slice(at, at + 10_000))],
    );
  return rows.length;
}

async function insertChunk(
  knex: Knex,
  world: ReportsWorld,
  from: number,
  to: number,
  cells: CellDeltas,
) {
  const orders: unknown[] = [];
  const grid: unknown[] = [];
  for (let i = from; i < to; i++) {
    const c = benchConsignment(world, i);
    cells.add(c.report, 1);
    orders.push({ id: c.id, revision: c.report.revision, data: c.report });
    const r = c.grid;
    grid.push({
      id: r.id,
      revision: r.revision,
      department_id: r.departmentId,
      customer_id: r.customerId,
      date: r.date,
      state: r.state,
      slot_id: r.slotId,
      updated_at_epoch: r.updatedAtEpoch,
      search_text: searchText(r),
      data: r,
    });
  }
  await knex.raw(
    `insert into ${REPORT_ORDERS_TABLE} (id, revision, data)
     select id, revision, data from json_to_recordset(?::json) as x(id bigint, revision int, data jsonb)`,
    [JSON.stringify(orders)],
  );
  await knex.raw(
    `insert into ${CONSIGNMENT_GRID_TABLE}
       (id, revision, department_id, customer_id, date, state, slot_id, updated_at_epoch, search_text, data)
     select id, revision, department_id, customer_id, date, state, slot_id, updated_at_epoch, search_text, data
       from json_to_recordset(?::json) as x(id bigint, revision int, department_id bigint,
            customer_id bigint, date date, state text, slot_id bigint, updated_at_epoch bigint,
            search_text text, data jsonb)`,
    [JSON.stringify(grid)],
  );
}

/** The cells as the projection keeps them (slot 0: none; reasons as keys), 10,000 a statement. */
async function insertCells(knex: Knex, cells: CellDeltas): Promise<number> {
  const rows = [...cells.cells.values()].map(({ key, counts }) => ({
    department_id: key.departmentId,
    date: key.date,
    slot_id: key.slotId || '0',
    customer_id: key.customerId,
    booked: counts.booked,
    planned: counts.planned,
    collected: counts.collected,
    delivered: counts.delivered,
    deviated: counts.deviated,
    returned: counts.returned,
    on_time: counts.onTime,
    late: counts.late,
    stops: counts.stops,
    reasons: counts.reasons,
  }));
  for (let at = 0; at < rows.length; at += 10_000)
    await knex.raw(
      `insert into ${REPORT_CELLS_TABLE} (department_id, date, slot_id, customer_id, booked, planned,
         collected, delivered, deviated, returned, on_time, late, stops, reasons)
       select * from json_to_recordset(?::json) as x(department_id bigint, date date, slot_id bigint,
         customer_id bigint, booked int, planned int, collected int, delivered int, deviated int,
         returned int, on_time int, late int, stops int, reasons jsonb)`,
      [JSON.stringify(rows.slice(at, at + 10_000))],
    );
  return rows.length;
}

/** What the fill wrote, and how long its steps took (ms). */
export interface Filled {
  slots: number;
  cells: number;
  units: number;
  orders: number;
  ms: { consignments: number; routes: number; orders: number };
}

/**
 * Writes `count` consignments into the read models, `chunk` a statement, two statements at a
 * time; the units, the slots' routes and the orders picked up in `orderDates`; then VACUUM
 * ANALYZE, as autovacuum would after a day's work.
 */
export async function fillReadModels(
  knex: Knex,
  world: ReportsWorld,
  count: number,
  orderDates: { fromDate: string; toDate: string },
  chunk = 5_000,
): Promise<Filled> {
  let at = performance.now();
  const lap = () => -at + (at = performance.now());
  const slots = await insertSlots(knex, world);
  const units = await insertUnits(knex, world.departments, SLOTS_PER_DAY, unitOf, courierOf);
  const cells = new CellDeltas();
  await runConcurrent(Math.ceil(count / chunk), 2, async (c) => {
    await insertChunk(knex, world, c * chunk, Math.min(count, (c + 1) * chunk), cells);
  });
  const cellRows = await insertCells(knex, cells);
  // The rollup per department and day (docs/decisions/0096), as the projection's migration makes it.
  await knex.raw(DAYS_FROM_CELLS);
  const consignments = lap();
  await addRoutes(knex);
  // The route reports' row of each slot (not started: nothing driven; its stops as routesFold.ts
  // keeps them) and their rollup per department and day (docs/decisions/0101, addendum), as
  // routeReports and its migration make them.
  await knex.raw(`insert into ${ROUTE_REPORTS_TABLE}
      (id, revision, department_id, date, courier_id, state, deleted, data)
    select id, revision, department_id, date, courier_id, state, deleted, jsonb_build_object(
      'id', id::text, 'revision', revision, 'departmentId', department_id::text, 'date', date,
      'courierId', courier_id::text, 'state', state, 'deleted', deleted, 'startedAt', null,
      'completedAt', null, 'drivenMetres', 0, 'drivingSeconds', 0, 'positionRevision', -1,
      'anchor', null, 'runs', '[]'::jsonb, 'stops', ${ROUTE_STOP_IDS})
    from ${SLOTS_TABLE}`);
  await knex.raw(ROUTE_DAYS_FROM_ROUTES);
  await planAllRoutes(knex);
  const routes = lap();
  const orders = await insertOrders(knex, world, count, orderDates);
  const ordersMs = lap();
  for (const t of [
    ROUTE_REPORTS_TABLE,
    ROUTE_DAYS_TABLE,
    REPORT_ORDERS_TABLE,
    REPORT_CELLS_TABLE,
    REPORT_DEPARTMENT_DAYS_TABLE,
    CONSIGNMENT_GRID_TABLE,
    SLOTS_TABLE,
    ORDERS_TABLE,
    UNITS_TABLE,
  ])
    await knex.raw(`vacuum analyze ${t}`);
  return {
    slots,
    cells: cellRows,
    units,
    orders,
    ms: { consignments, routes, orders: ordersMs },
  };
}
