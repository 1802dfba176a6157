import {
  isApproximate,
  MAP_FIELDS,
  outlierStops,
  type ConsignmentRow,
  type SlotState,
  type SlotView,
} from '@nordlog/contracts';
import { stopsLine, type LatLng, type RouteLineSpec } from '../../maps/routeLineData';
import { allSlotGroups, slotShown, type SlotFilterGroup } from '../planning/planningData';
import { TIME_RANGE } from './constants';

/** A consignment as the map has it (a pushed whole row is one too). */
export type MapRow = Pick<ConsignmentRow, (typeof MAP_FIELDS)[number]>;
export { MAP_FIELDS };

/** A stop on the map: a consignment's pickup or its delivery. */
export type StopKind = 'pickup' | 'delivery';

/** Spec §2 map filters; §4 slot filter groups. */
export interface MapFilters {
  pickups: boolean;
  deliveries: boolean;
  assigned: boolean;
  unassigned: boolean;
  slots: Record<SlotFilterGroup, boolean>;
  /** Hours of the day, from and to (spec §9: the slider runs from 4 to 24). */
  timeRange: readonly [number, number];
}

/** Spec §2: pickups off, deliveries, assigned and unassigned on, every slot group on, 4 to 24. */
export const defaultFilters: MapFilters = {
  pickups: false,
  deliveries: true,
  assigned: true,
  unassigned: true,
  slots: allSlotGroups,
  timeRange: [TIME_RANGE.min, TIME_RANGE.max],
};

export const stopFilterNames = ['pickups', 'deliveries', 'assigned', 'unassigned'] as const;

/** One stop the map may show, where it is and which slot (if any) it is planned on. */
export interface MapStop {
  /** `{consignmentId}:{kind}`, as the route's stop keys. */
  id: string;
  consignmentId: string;
  kind: StopKind;
  lat: number;
  lng: number;
  slotId: string | null;
  /** Placed no better than its postal-code area (issue 36). */
  approximate: boolean;
  /** More than 30 km from every other stop of its slot (`outlierStops`, as the route list). */
  outlier: boolean;
}

/** Hours of an `HH:mm` time (9.5 for 09:30); null when it is none. */
export function hoursOf(hhmm: string | null | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? '');
  return m ? Number(m[1]) + Number(m[2]) / 60 : null;
}

/**
 * A stop's time window in hours: no earliest time is the start of the day, no latest time the end;
 * a latest time before the earliest ends the next day (spec §5), so the window runs to midnight.
 */
export function windowHours(
  earliest: string | null | undefined,
  latest: string | null | undefined,
): [number, number] {
  const from = hoursOf(earliest) ?? 0;
  const to = hoursOf(latest) ?? 24;
  return [from, to < from ? 24 : to];
}

/**
 * A window is in the slider's range when they overlap (touching counts). The slider's ends are
 * open: at 4 it also takes windows before 4 (a night pickup is not lost at the default), at 24
 * everything after.
 */
export function inTimeRange(window: readonly [number, number], range: readonly [number, number]) {
  const from = range[0] <= TIME_RANGE.min ? -Infinity : range[0];
  const to = range[1] >= TIME_RANGE.max ? Infinity : range[1];
  return window[0] <= to && window[1] >= from;
}

const placeOf = (row: MapRow, kind: StopKind) => {
  const lat = kind === 'pickup' ? row.pickupLat : row.deliveryLat;
  const lng = kind === 'pickup' ? row.pickupLng : row.deliveryLng;
  return lat === null || lng === null ? null : { lat, lng };
};

const stopOf = (row: MapRow, kind: StopKind, outliers: ReadonlySet<string>): MapStop | null => {
  const place = placeOf(row, kind);
  if (!place) return null;
  const id = `${row.id}:${kind}`;
  return {
    id,
    consignmentId: row.id,
    kind,
    ...place,
    slotId: row.slotId,
    approximate: isApproximate(kind === 'pickup' ? row.pickupPrecision : row.deliveryPrecision),
    outlier: outliers.has(id),
  };
};

/**
 * The stops (`{consignmentId}:{kind}`) more than 30 km from every other stop of their slot: each
 * slot's pickups and deliveries, whatever the filters show, judged by `outlierStops` as the
 * route list judges its route points.
 */
export function slotOutliers(rows: readonly MapRow[]): Set<string> {
  const bySlot = new Map<string, { id: string; place: { lat: number; lng: number } | null }[]>();
  for (const row of rows) {
    if (!row.slotId || row.state === 'DELETED') continue;
    let stops = bySlot.get(row.slotId);
    if (!stops) bySlot.set(row.slotId, (stops = []));
    for (const kind of ['pickup', 'delivery'] as const)
      stops.push({ id: `${row.id}:${kind}`, place: placeOf(row, kind) });
  }
  const out = new Set<string>();
  for (const stops of bySlot.values()) {
    const flags = outlierStops(stops.map((s) => s.place));
    stops.forEach((s, i) => {
      if (flags[i]) out.add(s.id);
    });
  }
  return out;
}

/**
 * The stops the filters show (a deleted consignment has none): a consignment's delivery (and, with the pickups filter, its pickup)
 * where it has coordinates, when its planned-or-not filter is on, when its slot's state is in a
 * shown slot group (a slot not known yet does not hide it), and when the stop's own window
 * overlaps the time range.
 */
export function mapStops(
  rows: readonly MapRow[],
  slotStates: ReadonlyMap<string, SlotState>,
  filters: MapFilters,
): MapStop[] {
  const kinds: StopKind[] = [
    ...(filters.pickups ? (['pickup'] as const) : []),
    ...(filters.deliveries ? (['delivery'] as const) : []),
  ];
  const stops: MapStop[] = [];
  const outliers = slotOutliers(rows);
  for (const row of rows) {
    if (row.state === 'DELETED') continue;
    if (!(row.slotId ? filters.assigned : filters.unassigned)) continue;
    const state = row.slotId ? slotStates.get(row.slotId) : undefined;
    if (state && !slotShown(state, filters.slots)) continue;
    for (const kind of kinds) {
      const window =
        kind === 'pickup'
          ? windowHours(row.pickupTimeEarliest, row.pickupTimeLatest)
          : windowHours(row.deliveryTimeEarliest, row.deliveryTimeLatest);
      const stop = inTimeRange(window, filters.timeRange) ? stopOf(row, kind, outliers) : null;
      if (stop) stops.push(stop);
    }
  }
  return stops;
}

/**
 * Each planned slot's route as a line in its markers' colour (docs/decisions/0037-planmap.md):
 * its stops in route order, each at its consignment's pickup or delivery (a break, or a stop
 * whose consignment the map has no place for, is passed over). Whether the pickups and the
 * deliveries are shown does not change a route; a slot the slot filter hides, or every planned
 * stop hidden ("assigned" off), draws none.
 */
export function mapRouteLines(
  slots: readonly Pick<SlotView, 'id' | 'state' | 'stops'>[],
  rowById: ReadonlyMap<string, MapRow>,
  colourOf: (slotId: string) => string,
  filters: Pick<MapFilters, 'assigned' | 'slots'>,
): RouteLineSpec[] {
  if (!filters.assigned) return [];
  const place = (id: string, kind: StopKind): LatLng | null => {
    const row = rowById.get(id);
    const at = row && row.state !== 'DELETED' ? placeOf(row, kind) : null;
    return at ? [at.lat, at.lng] : null;
  };
  return slots
    .filter((s) => slotShown(s.state, filters.slots))
    .map((s) => ({
      slotId: s.id,
      kind: 'current' as const,
      colour: colourOf(s.id),
      dashed: false,
      latlngs: stopsLine(s.stops, place),
    }));
}
