import type { ConsignmentRow } from '../consignments/gridRow.js';
import { REST_BREAK } from '../planning/breaks.js';
import type { RouteStop, SlotRow } from '../planning/slots.js';
import type { LatLng } from '../planning/travel.js';
import type { UnitRow } from '../planning/units.js';
import type { Excluded, OptimizingRun } from './runs.js';

/**
 * What a run reads of a department's day (docs/decisions/0026): the read models as they were
 * when the run was taken, after the projections had passed its request.
 */
export interface OptimizingDay {
  run: OptimizingRun;
  timeZone: string;
  country: string;
  departmentLocation: LatLng | null;
  /** The day's slots (a slot run: its slot). */
  slots: SlotRow[];
  units: UnitRow[];
  /** The consignments on those slots and, for a day run, the day's plannable ones. */
  consignments: ConsignmentRow[];
  /** Consignments collected at the department: they have no pickup stop, only a delivery. */
  departmentPickups: string[];
  /**
   * The department's open hours of the date for pickups and deliveries (its calendar, 0078): a
   * stop without a time of its own is planned inside them (0098). Null or absent: any hour.
   */
  hours?: {
    pickup: { start: string; end: string } | null;
    delivery: { start: string; end: string } | null;
  };
}

/** A slot the run plans: its route's stops that are locked (a prefix, in order) and its jobs. */
export interface ScopedSlot {
  slot: SlotRow;
  unit: UnitRow | null;
  /** The route's first stops that keep their place: up to the last stop done or of a fixed order. */
  lockedStops: RouteStop[];
  consignmentIds: string[];
}

export interface RunScope {
  slots: ScopedSlot[];
  /** Consignments the run places (on the run's slots or unplanned), each once. */
  consignmentIds: string[];
  excludedSlots: Excluded[];
  excludedConsignments: Excluded[];
}

const DONE: Record<'pickup' | 'delivery', ReadonlySet<string>> = {
  pickup: new Set(['COLLECTED', 'DELIVERED', 'DEVIATED', 'RETURNED']),
  delivery: new Set(['DELIVERED', 'DEVIATED', 'RETURNED']),
};

const hasPlace = (row: ConsignmentRow, pickupStop: boolean) =>
  row.deliveryLat !== null &&
  row.deliveryLng !== null &&
  (!pickupStop || (row.pickupLat !== null && row.pickupLng !== null));

/**
 * The locked prefix of a route: every stop up to the last one a planner fixed (an order grouped
 * with fixedOrder) or the courier has done. Those keep their slot and order; the run plans the
 * rest after them.
 */
export function lockedPrefix(
  stops: readonly RouteStop[],
  rows: ReadonlyMap<string, ConsignmentRow>,
): RouteStop[] {
  let last = -1;
  stops.forEach((s, i) => {
    if (s.kind === REST_BREAK) return;
    const row = rows.get(s.consignmentId);
    if (row && (row.fixedOrder === true || DONE[s.kind].has(row.state))) last = i;
  });
  return stops.slice(0, last + 1).filter((s) => s.kind !== REST_BREAK);
}

/**
 * Which slots and consignments a run takes (the run and the `optimizeRequest` preview share it).
 * A day run plans the slots that have not started and are not in manual planning (or those
 * named), with the consignments on them and, when asked, the day's unplanned plannable ones; a
 * slot run plans its slot (any state whose route may change) and its consignments, or exactly
 * the consignments named. Consignments without coordinates stay out.
 */
export function runScope(day: OptimizingDay): RunScope {
  const { run } = day;
  const rows = new Map(day.consignments.map((c) => [c.id, c]));
  const units = new Map(day.units.map((u) => [u.id, u]));
  const pickupAtDepartment = new Set(day.departmentPickups);
  const excludedSlots: Excluded[] = [];
  const excludedConsignments: Excluded[] = [];
  const named = new Set(run.slotIds);
  const slots: ScopedSlot[] = [];
  const taken = new Set<string>();
  const take = (id: string): boolean => {
    if (taken.has(id)) return false;
    const row = rows.get(id);
    if (!row) {
      excludedConsignments.push({ id, reason: 'notFound' });
      return false;
    }
    if (!hasPlace(row, !pickupAtDepartment.has(id))) {
      excludedConsignments.push({ id, reason: 'noCoordinates' });
      return false;
    }
    taken.add(id);
    return true;
  };
  for (const slot of day.slots) {
    if (slot.deleted) continue;
    if (run.kind === 'day') {
      if (named.size > 0 && !named.has(slot.id)) continue;
      const reason =
        slot.state !== 'NOT_STARTED' ? slot.state : slot.manualPlanning ? 'manualPlanning' : null;
      if (reason) {
        excludedSlots.push({ id: slot.id, reason });
        continue;
      }
    } else if (!named.has(slot.id)) continue;
    const onSlot = slot.stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]));
    const wanted = run.consignmentIds ? new Set(run.consignmentIds) : null;
    const ids = [...new Set(onSlot)].filter((id) => (wanted ? wanted.has(id) : true));
    const locked = lockedPrefix(
      slot.stops.filter((s) => s.kind === REST_BREAK || ids.includes(s.consignmentId)),
      rows,
    );
    slots.push({
      slot,
      unit: slot.unitId ? (units.get(slot.unitId) ?? null) : null,
      lockedStops: locked,
      consignmentIds: ids.filter(take),
    });
  }
  const planned = slots.flatMap((s) => s.consignmentIds);
  const extra: string[] = [];
  if (run.kind === 'consignments')
    for (const id of run.consignmentIds ?? [])
      if (!planned.includes(id) && take(id)) extra.push(id);
  if (run.kind === 'day' && run.includeUnassigned)
    for (const row of day.consignments)
      if (row.slotId === null && row.isAssignable && row.date === run.date && take(row.id))
        extra.push(row.id);
  return {
    slots,
    consignmentIds: [...planned, ...extra],
    excludedSlots,
    excludedConsignments,
  };
}
