import {
  REST_BREAK,
  isConsignmentState,
  planPointOf,
  routePlan,
  type BookedOrder,
  type PlanPoint,
  type RecordedEvent,
  type RoutePlan,
  type SlotRow,
  type UnitRow,
} from '@nordlog/contracts';
import { rowFromOrder } from '../consignmentGrid/row.js';
import { evolveSlotRow, slotEvents } from '../planning/slots.js';
import { evolveUnitRow, unitRowId } from '../units/projection.js';

/**
 * The pure half of the `routePlans` projection (docs/decisions/0105): what it keeps of
 * consignments, units and slots, folded from the same events and by the same functions as the
 * grid (`rowFromOrder`), the units (`evolveUnitRow`) and the slots (`evolveSlotRow`) read models,
 * and each route's plan computed from them by `routePlan`, as the planning schedule computes it.
 */

/** A consignment's points and load, as of its stream's `revision`. */
export interface PointRow extends PlanPoint {
  id: string;
  revision: number;
}

/** The consignment events that set or move its points or change its load. */
const POINT_EVENTS: ReadonlySet<string> = new Set([
  'OrderCreated',
  'OrderUpdated',
  'RecipientAnswered',
  'AddressResolved',
  'AddressUnresolved',
]);

type OrderData = { order: BookedOrder; state: unknown };
type SideData = { side: 'pickup' | 'delivery'; lat?: number; lng?: number; state: unknown };

/** The consignment an event moves the points or load of (null: none), as the grid reads it. */
export const pointRowId = (e: RecordedEvent): string | null =>
  POINT_EVENTS.has(e.type) &&
  e.streamId.startsWith('order-') &&
  isConsignmentState((e.data as { state: unknown }).state)
    ? e.streamId.slice('order-'.length)
    : null;
export const slotRowId = (e: RecordedEvent): string | null =>
  slotEvents.has(e.type) ? String((e.data as { id: string }).id) : null;
export { unitRowId };

/** A consignment's row after one of its events (one it has already, or not a point event: unchanged). */
export function evolvePoint(row: PointRow | null, e: RecordedEvent): PointRow | null {
  if (!POINT_EVENTS.has(e.type) || (row && e.streamRevision <= row.revision)) return row;
  const id = e.streamId.slice('order-'.length);
  if (e.type === 'OrderCreated' || e.type === 'OrderUpdated' || e.type === 'RecipientAnswered') {
    // An edit of an order the grid never had changes nothing there either.
    if (!row && e.type !== 'OrderCreated') return row;
    const data = e.data as OrderData;
    const fresh = rowFromOrder(data.order, 'CREATED', e.streamRevision, e.metadata.occurredAt);
    return { id, revision: e.streamRevision, ...planPointOf(fresh)! };
  }
  if (!row) return row;
  const { side, lat, lng } = e.data as SideData;
  const place =
    e.type === 'AddressResolved' && typeof lat === 'number' && typeof lng === 'number'
      ? { lat, lng }
      : null;
  return { ...row, revision: e.streamRevision, [side]: place };
}

/** A row after an event of its own kind, or unchanged when it has it already (redelivery). */
const evolveOnce = <Row extends { revision: number }>(
  row: Row | null,
  e: RecordedEvent,
  evolve: (row: Row | null, e: RecordedEvent) => Row | null,
): Row | null => (row && e.streamRevision <= row.revision ? row : evolve(row, e));

export interface PlanRows {
  slots: Map<string, SlotRow | null>;
  units: Map<string, UnitRow | null>;
  points: Map<string, PointRow | null>;
}

/** What a batch changed: the slots, the units and the consignments whose rows moved. */
export interface Folded {
  slots: Set<string>;
  units: Set<string>;
  points: Set<string>;
  /** Consignments changed by more than their creation: the routes they are on plan again. */
  moved: Set<string>;
}

/** Folds a batch into the rows (changed in place; they hold every row the batch names). */
export function foldPlans(rows: PlanRows, events: RecordedEvent[]): Folded {
  const folded: Folded = {
    slots: new Set(),
    units: new Set(),
    points: new Set(),
    moved: new Set(),
  };
  const step = <Row extends { revision: number }>(
    map: Map<string, Row | null>,
    id: string,
    e: RecordedEvent,
    evolve: (row: Row | null, e: RecordedEvent) => Row | null,
    changed: Set<string>,
  ) => {
    const before = map.get(id) ?? null;
    const after = evolveOnce(before, e, evolve);
    if (after === before) return false;
    map.set(id, after);
    changed.add(id);
    return true;
  };
  for (const e of events) {
    const slot = slotRowId(e);
    if (slot !== null) {
      step(rows.slots, slot, e, evolveSlotRow, folded.slots);
      continue;
    }
    const unit = unitRowId(e);
    if (unit !== null) {
      step(rows.units, String(unit), e, evolveUnitRow, folded.units);
      continue;
    }
    const point = pointRowId(e);
    if (point !== null && step(rows.points, point, e, evolvePoint, folded.points))
      if (e.type !== 'OrderCreated') folded.moved.add(point);
  }
  return folded;
}

/** The consignments a route's stops name (each once, in route order). */
export const routeConsignments = (slot: SlotRow): string[] => [
  ...new Set(slot.stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]))),
];

/** A slot's plan from the rows (a unit or a consignment not there counts as none). */
export const planOf = (slot: SlotRow, rows: PlanRows): RoutePlan =>
  routePlan(slot, (slot.unitId ? rows.units.get(String(slot.unitId)) : null) ?? null, (id) => {
    const p = rows.points.get(id);
    return p ?? undefined;
  });
