import { z } from 'zod';
import { calendarDate, entityId, idList } from '../common.js';
import { REST_BREAK } from '../planning/breaks.js';
import type { RoutePoint } from '../planning/routePoints.js';
import { routeStopSchema, type Load, type RouteStop } from '../planning/slots.js';

export const ROUTE_SUGGESTIONS_TABLE = 'rm_route_suggestions';
export const ROUTE_SUGGESTIONS_ENTITY = 'routeSuggestions';

/**
 * A suggested route for a slot (spec §3 "route point and suggestion", §4 suggested route flow):
 * the stops in the order the optimiser proposes, beside the slot's own route until a planner
 * applies or cancels it. One per slot; a newer suggestion replaces the older.
 */
export interface RouteSuggestion {
  /** The slot's id: a slot has at most one suggestion. */
  id: string;
  slotId: string;
  departmentId: string;
  date: string;
  /** The run that made it. */
  runId: string;
  stops: RouteStop[];
  /**
   * Where each consignment of the suggestion was when it was made: this slot, another slot, or
   * none (unplanned). Applying refuses one that a planner has since put on a third slot.
   */
  origins: Record<string, string | null>;
  /** Consignments the optimiser could not place in their windows, kept at the end of the route. */
  sortingErrors: string[];
  createdBy: string;
  createdAt: string;
}
export interface RouteSuggestionRow extends RouteSuggestion {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type RouteSuggestionEvent =
  | { type: 'RouteSuggested'; data: RouteSuggestion }
  | { type: 'RouteSuggestionReordered'; data: { id: string; stops: RouteStop[] } }
  | {
      type: 'RouteSuggestionConsignmentsRemoved';
      data: { id: string; consignmentIds: string[]; stops: RouteStop[] };
    }
  | { type: 'RouteSuggestionCancelled'; data: { id: string } }
  | { type: 'RouteSuggestionApplied'; data: { id: string } };

/**
 * The suggestions of a department's day are one stream (docs/decisions/0026): a run suggests
 * routes for many slots in one append, and a consignment's suggestions are found by its day.
 */
export const routeSuggestionStream = (departmentId: string, date: string) =>
  `route-suggestions-${departmentId}-${date}`;

/** The suggestions of a day by slot id. */
export type DaySuggestions = Readonly<Record<string, RouteSuggestion>>;

/** The one fold of a day's suggestions (command side; the read model keeps one row per slot). */
export function applyRouteSuggestionEvent(
  day: DaySuggestions,
  event: RouteSuggestionEvent,
): DaySuggestions {
  const { [event.data.id]: current, ...others } = day;
  switch (event.type) {
    case 'RouteSuggested':
      return { ...others, [event.data.id]: event.data };
    case 'RouteSuggestionReordered':
    case 'RouteSuggestionConsignmentsRemoved':
      return current
        ? { ...others, [event.data.id]: { ...current, stops: event.data.stops } }
        : day;
    case 'RouteSuggestionCancelled':
    case 'RouteSuggestionApplied':
      return others;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Consignments of a route, each once, in route order. */
export const routeConsignments = (stops: readonly RouteStop[]): string[] => [
  ...new Set(stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]))),
];

export const suggestionCommandSchemas = {
  CREATE_SUGGESTED_ROUTE: z.object({ slot: entityId }),
  CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS: z.object({
    slot: entityId,
    consignments: idList.max(1000),
    /** Keep consignments that cannot be served in their windows (at the route's end) instead of failing. */
    allowSortingErrors: z.boolean().default(false),
  }),
  REORDER_SUGGESTED_ROUTE: z.object({
    slot: entityId,
    route: z.array(routeStopSchema).min(1).max(10_000),
  }),
  APPLY_SUGGESTED_ROUTE: z.object({
    slot: entityId,
    /** Bring the suggestion's consignments that are not on the slot onto it (false: only reorder). */
    assignToSlot: z.boolean().default(true),
    /** Consignments on the slot the suggestion leaves out that are to be unplanned. */
    consignmentIdsToUnassign: z.array(entityId).max(10_000).default([]),
    /** Where the break goes: after this many stops of the applied route. */
    updatedBreak: z
      .object({ afterStops: z.number().int().min(0).max(10_000) })
      .nullable()
      .default(null),
    deleteBreak: z.boolean().default(false),
  }),
  CANCEL_SUGGESTED_ROUTE: z.object({ slot: entityId }),
  /** Takes consignments out of every suggestion that would bring them onto a slot (spec §7). */
  DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS: z.object({ consignments: idList }),
} as const;

/** Query `routeSuggestions`: the suggestions of a day, with their schedule beside the slot's. */
export const routeSuggestionsQuerySchema = z.object({
  departmentIds: z.array(entityId).max(1000).optional(),
  date: calendarDate,
  slotIds: z.array(entityId).max(1000).optional(),
});

/** Figures of a route compared (spec: "the difference in kilometres, driving time, stops and late stops"). */
export interface RouteFigures {
  distanceKm: number;
  drivingMinutes: number;
  stops: number;
  late: number;
  endTime: string | null;
}

/** A suggestion as the planner sees it: both routes' figures, the difference and the new stops. */
export interface RouteSuggestionView extends RouteSuggestionRow {
  current: RouteFigures;
  suggested: RouteFigures;
  difference: Omit<RouteFigures, 'endTime'>;
  routePoints: RoutePoint[];
  load: Load;
  capacity: Load | null;
  /** Consignments the suggestion brings onto the slot, and those on it that it leaves out. */
  adding: string[];
  leaving: string[];
}
