import {
  REST_BREAK,
  drivenLeg,
  type CourierLocation,
  type RecordedEvent,
  type RouteStop,
  type Slot,
  type SlotState,
  type TrackPoint,
} from '@nordlog/contracts';
import { slotEvents } from '../planning/slots.js';

/**
 * What the route reports keep of a slot (rm_report_routes, docs/decisions/0090): whose it is,
 * when it was started and completed, and what its courier drove while it was IN_PROGRESS.
 */
export interface RouteSlot {
  id: string;
  revision: number;
  departmentId: string;
  date: string;
  courierId: string | null;
  state: SlotState;
  deleted: boolean;
  /** The first start (to IN_PROGRESS) and the completion (ISO, the events' times). */
  startedAt: string | null;
  completedAt: string | null;
  drivenMetres: number;
  drivingSeconds: number;
  /** The last position event of the courier's stream counted here (-1: none). */
  positionRevision: number;
  /** The last accepted position while IN_PROGRESS (none once the slot leaves it). */
  anchor: TrackPoint | null;
  /**
   * The tracks counted: each a courier's positions from one (re)start of the track to the next
   * (their stream's revisions `from`..`to`), with what they added. The driven figures are their
   * sums; an erasure folds a courier's runs again from its positions as they read now (`refoldRuns`).
   */
  runs: Run[];
  /**
   * The route's stops that are not rest breaks (their consignments' ids, in order): the worked
   * stops of a completed slot (0090), kept for the rollup per department and day (0101).
   */
  stops: string[];
}

export interface Run {
  courierId: string;
  from: number;
  to: number;
  metres: number;
  seconds: number;
}

/** The slot's driven figures: its runs' sums (in their order, the same wherever they are made). */
const withSums = (slot: RouteSlot): RouteSlot => ({
  ...slot,
  drivenMetres: slot.runs.reduce((n, r) => n + r.metres, 0),
  drivingSeconds: slot.runs.reduce((n, r) => n + r.seconds, 0),
});

const positionOf = (e: RecordedEvent): TrackPoint | null => {
  const p = e.data as CourierLocation;
  return typeof p.latitude === 'number' && typeof p.longitude === 'number'
    ? { lat: p.latitude, lng: p.longitude, at: p.at }
    : null;
};

const routeStops = (stops: RouteStop[]): string[] =>
  stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]));
export const handlesRoute = (e: RecordedEvent) =>
  (slotEvents.has(e.type) && e.streamId.startsWith('slot-')) ||
  e.type === 'CourierLocationReported';

/** The slot a courier's position counts for: its IN_PROGRESS slot (the lowest id if several). */
export function activeSlot(rows: Map<string, RouteSlot>, courierId: string): RouteSlot | null {
  let found: RouteSlot | null = null;
  for (const r of rows.values())
    if (r.courierId === courierId && r.state === 'IN_PROGRESS' && !r.deleted)
      if (!found || BigInt(r.id) < BigInt(found.id)) found = r;
  return found;
}

function onSlot(before: RouteSlot | undefined, e: RecordedEvent): RouteSlot | null {
  const at = e.metadata.occurredAt;
  if (e.type === 'SlotCreated') {
    if (before) return null;
    const s = e.data as Slot;
    return {
      id: String(s.id),
      revision: e.streamRevision,
      departmentId: String(s.departmentId),
      date: s.date,
      courierId: s.courierId === null ? null : String(s.courierId),
      state: s.state,
      deleted: false,
      startedAt: s.state === 'IN_PROGRESS' ? at : null,
      completedAt: null,
      drivenMetres: 0,
      drivingSeconds: 0,
      positionRevision: -1,
      anchor: null,
      runs: [],
      stops: routeStops(s.stops ?? []),
    };
  }
  if (!before || e.streamRevision <= before.revision) return null;
  const next = { ...before, revision: e.streamRevision };
  if (e.type === 'SlotDeleted') return { ...next, deleted: true, anchor: null };
  if (e.type === 'SlotUpdated') {
    const changes = (e.data as { changes: Partial<Slot> }).changes;
    if (changes.date !== undefined) next.date = changes.date;
    if (changes.departmentId !== undefined) next.departmentId = String(changes.departmentId);
    if (changes.stops !== undefined) next.stops = routeStops(changes.stops);
    if (changes.courierId !== undefined) {
      const courierId = changes.courierId === null ? null : String(changes.courierId);
      // Another courier's positions do not continue the last one's.
      if (courierId !== next.courierId) next.anchor = null;
      next.courierId = courierId;
    }
    return next;
  }
  if (e.type === 'ConsignmentsPlannedOnSlot' || e.type === 'SlotRouteReordered')
    return { ...next, stops: routeStops((e.data as { stops: RouteStop[] }).stops) };
  if (e.type === 'ConsignmentsRemovedFromSlot') {
    const gone = new Set((e.data as { consignmentIds: string[] }).consignmentIds);
    return { ...next, stops: (next.stops ?? []).filter((id) => !gone.has(id)) };
  }
  const state = (e.data as { state: SlotState }).state;
  return {
    ...next,
    state,
    startedAt: state === 'IN_PROGRESS' ? (next.startedAt ?? at) : next.startedAt,
    completedAt: state === 'COMPLETED' ? at : next.completedAt,
    // A pause or the end breaks the track: what the courier did meanwhile is not the route's.
    anchor: null,
  };
}

/**
 * Folds a batch into the slots it names (`rows`, changed in place; it holds the slots the batch's
 * events name and every IN_PROGRESS slot of the couriers whose positions it has). An event at or
 * below what a slot counted already changes nothing. Returns the slots changed.
 */
export function foldRoutes(rows: Map<string, RouteSlot>, events: RecordedEvent[]): Set<string> {
  const changed = new Set<string>();
  for (const e of events) {
    if (e.type === 'CourierLocationReported') {
      const point = positionOf(e);
      const courierId = String((e.data as { id: string }).id);
      const slot = activeSlot(rows, courierId);
      if (!point || !slot || e.streamRevision <= slot.positionRevision) continue;
      const leg = drivenLeg(slot.anchor, point);
      const runs = [...slot.runs];
      const last = runs.at(-1);
      if (slot.anchor && last)
        runs[runs.length - 1] = {
          ...last,
          to: e.streamRevision,
          metres: last.metres + leg.metres,
          seconds: last.seconds + leg.seconds,
        };
      else
        runs.push({
          courierId,
          from: e.streamRevision,
          to: e.streamRevision,
          metres: 0,
          seconds: 0,
        });
      rows.set(
        slot.id,
        withSums({ ...slot, positionRevision: e.streamRevision, anchor: leg.anchor, runs }),
      );
      changed.add(slot.id);
      // The courier's other slot under way (a higher id) starts its track again: its runs hold
      // only positions it counted.
      for (const other of rows.values())
        if (other.id !== slot.id && other.courierId === courierId && other.anchor) {
          rows.set(other.id, { ...other, anchor: null });
          changed.add(other.id);
        }
      continue;
    }
    const id = String((e.data as { id: string }).id);
    const after = onSlot(rows.get(id), e);
    if (!after) continue;
    rows.set(id, after);
    changed.add(id);
  }
  return changed;
}

/**
 * A courier's runs of a slot folded again from its position events as they read now (after an
 * erasure or the positions' expiry, 0050): each run replayed from its first position, as a
 * rebuild would count it. Other couriers' runs stay as they are.
 */
export function refoldRuns(slot: RouteSlot, courierId: string, events: RecordedEvent[]): RouteSlot {
  const byRevision = new Map(events.map((e) => [e.streamRevision, e]));
  let anchor: TrackPoint | null = null;
  const runs = slot.runs.map((run) => {
    if (run.courierId !== courierId) return run;
    anchor = null;
    let metres = 0;
    let seconds = 0;
    for (let rev = run.from; rev <= run.to; rev++) {
      const e = byRevision.get(rev);
      const point = e && positionOf(e);
      if (!point) continue;
      const leg = drivenLeg(anchor, point);
      metres += leg.metres;
      seconds += leg.seconds;
      anchor = leg.anchor;
    }
    return { ...run, metres, seconds };
  });
  const lastOwn = runs.at(-1)?.courierId === courierId;
  return withSums({ ...slot, runs, anchor: slot.anchor && lastOwn ? anchor : slot.anchor });
}
