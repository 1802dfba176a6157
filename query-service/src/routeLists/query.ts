import {
  COURIERS_TABLE,
  CUSTOMER_NAMES_TABLE,
  DEPARTMENTS_TABLE,
  ORDERS_TABLE,
  REST_BREAK,
  SLOTS_TABLE,
  UNITS_TABLE,
  customerScope,
  type CourierRow,
  type DeliveryNote,
  type DepartmentRow,
  type Identity,
  type OrderRow,
  type SlotHeader,
  type SlotRow,
  type UnitRow,
  type Waybill,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, type QueryHandler } from '../framework.js';
import { waybillOf } from './documents.js';

/** Rows by id from a read model whose JSON is in `data`. */
async function byId<T>(knex: Knex, table: string, ids: readonly string[]): Promise<Map<string, T>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await knex(table)
    .whereIn('id', wanted)
    .select<{ id: string | number; data: T }[]>('id', 'data');
  return new Map(rows.map((r) => [String(r.id), r.data]));
}

/**
 * The orders of these ids in the caller's scope, as the `orders` query scopes them: its
 * departments (those asked among them) and, for a customer user, its own customers.
 */
async function ordersInScope(
  knex: Knex,
  identity: Identity,
  orderIds: readonly string[],
  departmentIds?: string[],
): Promise<OrderRow[]> {
  if (orderIds.length === 0) return [];
  const allowed = allowedDepartments(identity, departmentIds);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(ORDERS_TABLE)
    .whereIn('id', [...new Set(orderIds)])
    .select('data');
  if (allowed !== '*') q.whereIn('department_id', allowed);
  const customers = customerScope(identity);
  if (customers) q.whereIn('customer_id', customers);
  return ((await q) as { data: OrderRow }[]).map((r) => r.data);
}

/** Waybills of orders, with their departments' and customers' current names. */
async function waybillsOf(knex: Knex, rows: readonly OrderRow[]): Promise<Map<string, Waybill>> {
  const [departments, customers] = await Promise.all([
    byId<DepartmentRow>(
      knex,
      DEPARTMENTS_TABLE,
      rows.map((r) => r.departmentId),
    ),
    rows.length === 0
      ? new Map<string, string>()
      : knex(CUSTOMER_NAMES_TABLE)
          .whereIn('id', [...new Set(rows.map((r) => r.customerId))])
          .select<{ id: string | number; name: string }[]>('id', 'name')
          .then((names) => new Map(names.map((n) => [String(n.id), n.name]))),
  ]);
  return new Map(
    rows.map((row) => [
      row.id,
      waybillOf(row, {
        department: departments.get(row.departmentId)?.name ?? '',
        customer: customers.get(row.customerId) ?? null,
      }),
    ]),
  );
}

/**
 * Query `waybills {orderIds}` (spec §7): the waybill of each order the caller may read, in the
 * order asked; orders it may not read, or that do not exist, are left out.
 */
export const waybills: QueryHandler<'waybills'> = async ({ orderIds }, { knex, identity }) => {
  const documents = await waybillsOf(knex, await ordersInScope(knex, identity, orderIds));
  return orderIds.flatMap((id) => documents.get(id) ?? []);
};

/** The headers of slots: department, unit (name, registration) and courier names. */
async function slotHeaders(
  knex: Knex,
  slots: readonly SlotRow[],
): Promise<Map<string, SlotHeader>> {
  const [departments, units, couriers] = await Promise.all([
    byId<DepartmentRow>(
      knex,
      DEPARTMENTS_TABLE,
      slots.map((s) => s.departmentId),
    ),
    byId<UnitRow>(
      knex,
      UNITS_TABLE,
      slots.flatMap((s) => (s.unitId ? [s.unitId] : [])),
    ),
    byId<CourierRow>(
      knex,
      COURIERS_TABLE,
      slots.flatMap((s) => (s.courierId ? [s.courierId] : [])),
    ),
  ]);
  return new Map(
    slots.map((s) => {
      const unit = s.unitId ? units.get(s.unitId) : undefined;
      const courier = s.courierId ? couriers.get(s.courierId) : undefined;
      const header: SlotHeader = {
        id: s.id,
        name: s.name,
        date: s.date,
        timeFrom: s.timeFrom,
        timeTo: s.timeTo,
        state: s.state,
        departmentId: s.departmentId,
        departmentName: departments.get(s.departmentId)?.name ?? '',
        unitId: s.unitId,
        unitName: unit?.name ?? null,
        registrationNumber: unit?.registrationNumber || null,
        courierId: s.courierId,
        courierName: courier?.name ?? null,
      };
      return [s.id, header];
    }),
  );
}

/** Each consignment of a slot once, in the order of its delivery (its pickup if it has none). */
export function consignmentsInRouteOrder(slot: Pick<SlotRow, 'stops'>): {
  consignmentId: string;
  stopNumber: number;
}[] {
  const stopOf = new Map<string, number>();
  slot.stops.forEach((stop, i) => {
    if (stop.kind === REST_BREAK) return;
    if (stop.kind === 'delivery' || !stopOf.has(stop.consignmentId))
      stopOf.set(stop.consignmentId, i + 1);
  });
  return [...stopOf]
    .map(([consignmentId, stopNumber]) => ({ consignmentId, stopNumber }))
    .sort((a, b) => a.stopNumber - b.stopNumber);
}

/**
 * Query `deliveryNotes {slotId | date, departmentIds}` (spec §7): a delivery note per consignment
 * planned in the slot, or in every slot of the date, of the caller's departments: the slots by
 * start time, each slot's consignments in the order the route delivers them. A slot the caller
 * may not read answers no notes, as `routePoints` does.
 */
export const deliveryNotes: QueryHandler<'deliveryNotes'> = async (params, { knex, identity }) => {
  const allowed = allowedDepartments(identity, params.departmentIds);
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(SLOTS_TABLE).where('deleted', false).select('data');
  if (allowed !== '*') q.whereIn('department_id', allowed);
  if (params.slotId) q.where('id', params.slotId);
  if (params.date) q.where('date', params.date);
  const slots = ((await q) as { data: SlotRow }[])
    .map((r) => r.data)
    .sort((a, b) => a.timeFrom.localeCompare(b.timeFrom) || Number(a.id) - Number(b.id));
  const planned = slots.map((slot) => ({ slot, stops: consignmentsInRouteOrder(slot) }));
  const orders = await ordersInScope(
    knex,
    identity,
    planned.flatMap((p) => p.stops.map((s) => s.consignmentId)),
    params.departmentIds,
  );
  const [documents, headers] = await Promise.all([
    waybillsOf(knex, orders),
    slotHeaders(knex, slots),
  ]);
  return planned.flatMap(({ slot, stops }) =>
    stops.flatMap(({ consignmentId, stopNumber }): DeliveryNote[] => {
      const waybill = documents.get(consignmentId);
      return waybill ? [{ ...waybill, slot: headers.get(slot.id)!, stopNumber }] : [];
    }),
  );
};
