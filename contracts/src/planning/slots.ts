import { z } from 'zod';
import { calendarDate, entityId, idList, nonEmptyText } from '../common.js';
import { updateShape } from '../updates.js';
import { REST_BREAK } from './breaks.js';

export const SLOTS_TABLE = 'rm_slots';
export const SLOTS_ENTITY = 'slots';

/**
 * Slot states (spec §4 names IN_PROGRESS and the filter groups active, not started and completed;
 * the rest is docs/decisions/0021-planning.md): a slot is planned (NOT_STARTED), its planning
 * completed (PLANNED), driven (IN_PROGRESS, PAUSED while the courier is held up), and ended
 * (COMPLETED) or called off before it started (CANCELLED).
 */
export const slotStates = [
  'NOT_STARTED',
  'PLANNED',
  'IN_PROGRESS',
  'PAUSED',
  'COMPLETED',
  'CANCELLED',
] as const;
export type SlotState = (typeof slotStates)[number];

/** The slot state machine as data: each transition, the states it starts from and where it ends. */
export const slotTransitions = {
  completePlanning: { from: ['NOT_STARTED'], to: 'PLANNED' },
  reopenPlanning: { from: ['PLANNED'], to: 'NOT_STARTED' },
  start: { from: ['NOT_STARTED', 'PLANNED'], to: 'IN_PROGRESS' },
  pause: { from: ['IN_PROGRESS'], to: 'PAUSED' },
  resume: { from: ['PAUSED'], to: 'IN_PROGRESS' },
  complete: { from: ['IN_PROGRESS', 'PAUSED'], to: 'COMPLETED' },
  cancel: { from: ['NOT_STARTED', 'PLANNED'], to: 'CANCELLED' },
} as const satisfies Record<string, { from: readonly SlotState[]; to: SlotState }>;
export type SlotTransition = keyof typeof slotTransitions;
export const slotTransitionNames = Object.keys(slotTransitions) as SlotTransition[];

export const canSlotTransition = (t: SlotTransition, from: SlotState): boolean =>
  (slotTransitions[t].from as readonly SlotState[]).includes(from);

/** Spec §4 slot filter groups (the map's and the boards' filters). */
export const slotFilterGroups = {
  showActive: ['IN_PROGRESS', 'PAUSED'],
  showNotStarted: ['NOT_STARTED', 'PLANNED'],
  showCompleted: ['COMPLETED', 'CANCELLED'],
} as const satisfies Record<string, readonly SlotState[]>;

/** While the route may still be changed by planners (a running slot's route changes too). */
export const routeChangeable = (state: SlotState) => state !== 'COMPLETED' && state !== 'CANCELLED';
/** Spec §4: IN_PROGRESS starts the courier's location reports. */
export const tracksLocation = (state: SlotState) => state === 'IN_PROGRESS';

/**
 * Slot modes: a ROUTE slot drives the stops planned onto it in order; an AREA slot also takes the
 * consignments of its delivery areas (postal-code ranges, UPDATE_AREA_IN_SLOT).
 */
export const slotModes = ['ROUTE', 'AREA'] as const;

/** A stop of a slot's route: a consignment's pickup or delivery, or the courier's break. */
export type RouteStop =
  { kind: 'pickup' | 'delivery'; consignmentId: string } | { kind: typeof REST_BREAK };
export const routeStopSchema = z.union([
  z.object({ kind: z.enum(['pickup', 'delivery']), consignmentId: entityId }).strict(),
  z.object({ kind: z.literal(REST_BREAK) }).strict(),
]);
export const stopKey = (s: RouteStop) =>
  s.kind === REST_BREAK ? REST_BREAK : `${s.consignmentId}:${s.kind}`;

/** A delivery area: postal codes (exact, or `from-to` ranges of equal length) of one country. */
export const areaSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default(() => crypto.randomUUID()),
  name: nonEmptyText.max(100),
  postalCodes: z
    .array(z.string().regex(/^\d{3,5}(-\d{3,5})?$/, { error: 'validation.zipCode' }))
    .min(1)
    .max(500),
});
export type Area = z.output<typeof areaSchema>;

/** The fields a planner gives a slot (spec §3). `timeFrom` is an instant with its offset. */
export const slotFields = {
  departmentId: entityId,
  name: nonEmptyText.max(100),
  timeFrom: z.iso.datetime({ offset: true }),
  /** When the slot should be done (optional; a route's end time is computed from its stops). */
  timeTo: z.iso.datetime({ offset: true }).nullable().default(null),
  slotMode: z.enum(slotModes).default('ROUTE'),
  shouldDriverNotReturn: z.boolean().default(true),
  courierId: entityId.nullable().default(null),
  unitId: entityId.nullable().default(null),
  vehicleId: entityId.nullable().default(null),
};
export const createSlotSchema = z
  .object(slotFields)
  .refine((s) => s.timeTo === null || Date.parse(s.timeTo) > Date.parse(s.timeFrom), {
    path: ['timeTo'],
    error: 'validation.timeWindow',
  });
const slotOwnFields = {
  name: slotFields.name,
  timeFrom: slotFields.timeFrom,
  timeTo: slotFields.timeTo,
  slotMode: slotFields.slotMode,
  shouldDriverNotReturn: slotFields.shouldDriverNotReturn,
};
/** UPDATE_SLOT: the slot's own fields (its department never changes; people by the assign commands). */
export const updateSlotSchema = z.object({ id: entityId, ...updateShape(slotOwnFields) });
export const slotIdSchema = z.object({ id: entityId });
export const changeSlotStateSchema = z.object({
  slotId: entityId,
  transition: z.enum(slotTransitionNames as [SlotTransition, ...SlotTransition[]]),
});
export const toggleManualPlanningSchema = z.object({ slot: entityId });
export const assignCourierSchema = z.object({ slotId: entityId, courierId: entityId.nullable() });
export const assignUnitSchema = z.object({ slotId: entityId, unitId: entityId.nullable() });
export const updateAreaSchema = z.object({ slotId: entityId, area: areaSchema });
export const removeAreaSchema = z.object({ slotId: entityId, areaId: z.string().min(1).max(40) });

/** CREATE_ROUTE: plans consignments onto an empty slot in the order given (S7-CMD-027). */
export const createRouteSchema = z.object({
  slotId: entityId,
  consignmentIds: idList,
  force: z.boolean().default(false),
});
/** UPDATE_ROUTE: the slot's stops in a new order (the same stops; a pickup before its delivery). */
export const updateRouteSchema = z.object({
  slotId: entityId,
  stops: z.array(routeStopSchema).min(1).max(10_000),
});
/** DELETE_ROUTE: unassigns every consignment of the slot; the slot stays. */
export const deleteRouteSchema = z.object({ slotId: entityId, force: z.boolean().default(false) });
export const deleteBreakSchema = z.object({ slotId: entityId });

/** Load against capacity: package count, kilograms and cubic decimetres. */
export interface Load {
  count: number;
  weight: number;
  volume: number;
}

export interface Slot {
  id: string;
  departmentId: string;
  /** The business date of `timeFrom` in the department's time zone. */
  date: string;
  name: string;
  timeFrom: string;
  timeTo: string | null;
  state: SlotState;
  slotMode: (typeof slotModes)[number];
  shouldDriverNotReturn: boolean;
  courierId: string | null;
  unitId: string | null;
  vehicleId: string | null;
  manualPlanning: boolean;
  areas: Area[];
  stops: RouteStop[];
  templateId: string | null;
}
export interface SlotRow extends Slot {
  revision: number;
  updatedAtEpoch: number;
  deleted: boolean;
}

export type SlotEvent =
  | { type: 'SlotCreated'; data: Slot }
  | { type: 'SlotUpdated'; data: { id: string; changes: Partial<Slot> } }
  | { type: 'SlotDeleted'; data: { id: string } }
  | {
      type: 'SlotStateChanged';
      data: { id: string; transition: SlotTransition; from: SlotState; state: SlotState };
    }
  | {
      type: 'ConsignmentsPlannedOnSlot';
      data: { id: string; consignmentIds: string[]; stops: RouteStop[]; forced: Partial<Load> };
    }
  | { type: 'ConsignmentsRemovedFromSlot'; data: { id: string; consignmentIds: string[] } }
  | { type: 'SlotRouteReordered'; data: { id: string; stops: RouteStop[] } };

export const slotStream = (id: string) => `slot-${id}`;

export const slotCommandSchemas = {
  CREATE_SLOT: createSlotSchema,
  UPDATE_SLOT: updateSlotSchema,
  DELETE_SLOT: slotIdSchema,
  CHANGE_SLOT_STATE: changeSlotStateSchema,
  TOGGLE_SLOT_MANUAL_PLANNING: toggleManualPlanningSchema,
  ASSIGN_COURIER_TO_SLOT: assignCourierSchema,
  ASSIGN_UNIT_TO_SLOT: assignUnitSchema,
  ASSIGN_VEHICLE_TO_SLOT: z.object({ slotId: entityId, vehicleId: entityId }),
  UNASSIGN_VEHICLE_FROM_SLOT: z.object({ slotId: entityId }),
  UPDATE_AREA_IN_SLOT: updateAreaSchema,
  REMOVE_AREA_FROM_SLOT: removeAreaSchema,
  CREATE_ROUTE: createRouteSchema,
  UPDATE_ROUTE: updateRouteSchema,
  DELETE_ROUTE: deleteRouteSchema,
  DELETE_BREAK_FROM_ROUTE: deleteBreakSchema,
} as const;

const departmentIds = z.array(entityId).max(1000);
/** Query `slots` with every parameter of spec §7. */
export const slotsQuerySchema = z.object({
  departmentIds: departmentIds.optional(),
  fromDate: calendarDate,
  toDate: calendarDate,
  /** Only the slots' own fields: no route points, load or progress. */
  shallowFetch: z.boolean().default(false),
  excludeRoutePoints: z.boolean().default(false),
  includeProgress: z.boolean().default(false),
  slotIds: z.array(entityId).max(1000).optional(),
  /**
   * Also the slots of earlier dates still driven (IN_PROGRESS or PAUSED): a route belongs to its
   * date until it is finished, so the live view of today keeps last night's (issue 36).
   */
  includeDriven: z.boolean().default(false),
});
export const slotByIdQuerySchema = z.object({ id: entityId });
/** Query `routePoints` (spec §7): the stops of the slots of a period, or of one slot. */
export const routePointsQuerySchema = z.object({
  fromDate: calendarDate.optional(),
  toDate: calendarDate.optional(),
  customerId: entityId.optional(),
  departmentIds: departmentIds.optional(),
  slotId: entityId.optional(),
});
/** The courier's own slots of a day (default: today in the courier's department). */
export const courierSlotsQuerySchema = z.object({ date: calendarDate.optional() });
/** Units ranked by how little their route would grow to take a stop at this place on this day. */
export const suggestedUnitsForLocationQuerySchema = z.object({
  departmentId: entityId,
  date: calendarDate,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export const suggestedUnitsForOrderQuerySchema = z.object({ orderId: entityId });

/** Stop keys must name each stop once, and a consignment's pickup must come before its delivery. */
export function routeOrderIssue(stops: readonly RouteStop[]): string | null {
  const picked = new Set<string>();
  for (const s of stops) if (s.kind === 'pickup') picked.add(s.consignmentId);
  const seen = new Set<string>();
  for (const s of stops) {
    const key = stopKey(s);
    if (seen.has(key)) return `stop ${key} appears twice`;
    if (
      s.kind === 'delivery' &&
      picked.has(s.consignmentId) &&
      !seen.has(`${s.consignmentId}:pickup`)
    )
      return `consignment ${s.consignmentId} is delivered before it is picked up`;
    seen.add(key);
  }
  return null;
}

/**
 * A slot after one of its events (creation and deletion aside): the one fold the command side's
 * decider and the read model share.
 */
export function applySlotEvent(
  slot: Slot,
  event: Exclude<SlotEvent, { type: 'SlotCreated' | 'SlotDeleted' }>,
): Slot {
  switch (event.type) {
    case 'SlotUpdated':
      return { ...slot, ...event.data.changes };
    case 'SlotStateChanged':
      return { ...slot, state: event.data.state };
    case 'ConsignmentsPlannedOnSlot':
    case 'SlotRouteReordered':
      return { ...slot, stops: event.data.stops };
    case 'ConsignmentsRemovedFromSlot': {
      const gone = new Set(event.data.consignmentIds);
      const stops = slot.stops.filter((s) => s.kind === REST_BREAK || !gone.has(s.consignmentId));
      return { ...slot, stops };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}
