import {
  REST_BREAK,
  durationSeconds,
  isCalendarDate,
  routeOrderIssue,
  slotFilterGroups,
  stopKey,
  zonedInstant,
  type ConsignmentRow,
  type Load,
  type RouteStop,
  type SlotState,
  type SlotView,
} from '@nordlog/contracts';

/**
 * The planning screens' pure logic (docs/decisions/0021-planning.md): the URL's date, the rows a
 * board shows, capacity bars, stop reordering that keeps each pickup before its delivery, the
 * duration form's mm:ss, slot times and the slot filter groups of spec §4.
 */

/** The board's date: the URL's when it is a calendar date, else today (department's zone). */
export const boardDate = (param: string | undefined, today: string): string =>
  param && isCalendarDate(param) ? param : today;

/** A slot id of the URL: a plain positive number (a route list's segment is not one). */
export const isSlotIdParam = (value: string | undefined): boolean =>
  value === undefined || /^[1-9]\d{0,17}$/.test(value);

/** The planning board's URL for a date, and for a slot of it (spec §2). */
export const planningPath = (departmentId: string, date: string, slotId?: string | null): string =>
  slotId
    ? `/planner/${departmentId}/planning/slots/${date}/${slotId}`
    : `/planner/${departmentId}/planning/${date}`;
export const dispatchPath = (departmentId: string, date: string): string =>
  `/planner/${departmentId}/dispatch/${date}`;

/** The printable lists of the route-list pages (spec §2), per day and per slot. */
export const printLinks = {
  day: (departmentId: string, date: string) => ({
    receiptList: `/planner/${departmentId}/planning/slots/${date}/receipt-list`,
    loadList: `/planner/${departmentId}/planning/slots/${date}/load-list`,
  }),
  slot: (departmentId: string, date: string, slotId: string) => ({
    hdRouteList: `/planner/${departmentId}/planning/slots/${date}/${slotId}/hd-route-list`,
    loadList: `/planner/${departmentId}/planning/slots/${date}/${slotId}/load-list`,
  }),
};

// ------------------------------------------------------------------ query keys

/** What the board's and dispatch's slot query asks for; also its react-query key. */
export interface SlotViewsParams {
  departmentIds: string[];
  fromDate: string;
  toDate: string;
  includeProgress: boolean;
  /** Figures without the stops (the routes overview); only present when true. */
  excludeRoutePoints?: true;
  /** Also earlier dates' slots still driven (the live view of today); only present when true. */
  includeDriven?: true;
}
/**
 * Slot views (a slot with its load, capacity and route points) are built by the query service from
 * several read models: a pushed slot or consignment row cannot replace one, so such a list
 * fetches the slots a change concerns again (`slotsConcerned`, `refreshSlotViews`).
 */
export const SLOT_VIEWS = 'slotViews';
export const slotViewsKey = (params: SlotViewsParams) => [SLOT_VIEWS, 'views', params] as const;
export const templatesKey = (departmentIds: readonly string[]) =>
  ['templates', 'rows', { departmentIds: [...departmentIds] }] as const;
export const unitsKey = (departmentIds: readonly string[]) =>
  ['units', 'rows', { departmentIds: [...departmentIds] }] as const;
export const vehiclesKey = (departmentIds: readonly string[]) =>
  ['vehicles', 'rows', { departmentIds: [...departmentIds] }] as const;
export const couriersKey = (departmentIds: readonly string[]) =>
  ['couriers', 'rows', { departmentIds: [...departmentIds] }] as const;

/** The live rows a slot-views list is made of, as the socket pushes them. */
export interface LiveChange {
  entity: string;
  id: string;
  op: 'upsert' | 'delete';
  data: unknown;
}

/**
 * The slots of a cached list of slot views that a pushed change concerns (so they are fetched
 * again): a slot of its departments and dates, or one it holds; the slots a consignment is on or
 * going to; the slots of a unit (capacity). Empty: the change does not concern the list. Any
 * other key: undefined (not a view list).
 */
export function slotsConcerned(
  key: readonly unknown[],
  change: LiveChange,
  cached: unknown,
): string[] | undefined {
  if (key[0] !== SLOT_VIEWS || key[1] !== 'views') return undefined;
  const params = key[2] as SlotViewsParams | undefined;
  const slots = Array.isArray(cached) ? (cached as SlotView[]) : [];
  const id = String(change.id);
  switch (change.entity) {
    case 'slots': {
      if (slots.some((s) => String(s.id) === id)) return [id];
      const row = change.data as Partial<SlotView> | null;
      const belongs =
        !!params &&
        !!row &&
        typeof row.date === 'string' &&
        params.departmentIds.includes(String(row.departmentId)) &&
        row.date >= params.fromDate &&
        row.date <= params.toDate;
      return belongs ? [id] : [];
    }
    case 'consignments': {
      const row = change.data as Partial<ConsignmentRow> | null;
      const slotId = row?.slotId ? String(row.slotId) : null;
      return slots
        .filter(
          (s) =>
            String(s.id) === slotId ||
            s.stops.some((p) => p.kind !== REST_BREAK && String(p.consignmentId) === id),
        )
        .map((s) => String(s.id));
    }
    case 'units':
      return slots
        .filter((s) => s.unitId !== null && String(s.unitId) === id)
        .map((s) => String(s.id));
    default:
      return [];
  }
}

/**
 * A cached list of slot views with some slots fetched again: each asked slot takes its fresh view
 * where it stood, a fresh one the list lacked joins it, and an asked slot the answer no longer
 * holds (deleted, or moved to another day or department) leaves. Ordered as the query orders.
 */
export function mergeSlotViews(
  cached: readonly SlotView[],
  asked: readonly string[],
  fresh: readonly SlotView[],
): SlotView[] {
  const wanted = new Set(asked.map(String));
  const byId = new Map(fresh.map((v) => [String(v.id), v]));
  const kept = cached.flatMap((v) => {
    const id = String(v.id);
    if (!wanted.has(id)) return [v];
    const next = byId.get(id);
    byId.delete(id);
    return next ? [next] : [];
  });
  return [...kept, ...byId.values()].sort(
    (a, b) => a.timeFrom.localeCompare(b.timeFrom) || Number(a.id) - Number(b.id),
  );
}

// ------------------------------------------------------------------ rows of the board

/** Spec §3 isAssignable (RESOLVED or REFUSED) and on no slot: what the board offers to plan. */
export const isUnassigned = (row: ConsignmentRow): boolean => row.isAssignable && !row.slotId;

/** Slots of the board: live ones (a deleted slot's tombstone never shows), by start time. */
export const liveSlots = <T extends { deleted?: boolean; timeFrom: string; id: string }>(
  slots: readonly T[],
): T[] =>
  slots
    .filter((s) => !s.deleted)
    .sort((a, b) => a.timeFrom.localeCompare(b.timeFrom) || Number(a.id) - Number(b.id));

/** The consignments planned on a slot (each once, in route order). */
export const consignmentsOnSlot = (stops: readonly RouteStop[]): string[] => [
  ...new Set(stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]))),
];

// ------------------------------------------------------------------ capacity

export const loadKinds = ['count', 'weight', 'volume'] as const;
export type LoadKind = (typeof loadKinds)[number];

export interface CapacityBar {
  kind: LoadKind;
  used: number;
  /** Null: the slot has no unit, so nothing to measure against. */
  capacity: number | null;
  /** The bar's fill, 0 to 100. */
  percent: number;
  over: boolean;
}

/**
 * The three load bars of a slot (packages, kilograms, cubic decimetres): how full each capacity
 * is, and whether the load is over it (red on the board). Without a unit the bars are empty.
 */
export function capacityBars(
  load: Load | undefined,
  capacity: Load | null | undefined,
): CapacityBar[] {
  return loadKinds.map((kind) => {
    const used = load?.[kind] ?? 0;
    const limit = capacity ? capacity[kind] : null;
    const percent =
      limit === null ? 0 : limit > 0 ? Math.min(100, (used / limit) * 100) : used > 0 ? 100 : 0;
    return {
      kind,
      used,
      capacity: limit,
      percent: Math.round(percent * 10) / 10,
      over: limit !== null && used > limit + 1e-9,
    };
  });
}

/** A volume in dm³ as shown: m³ from 1,000 dm³ on (a van's volume), else dm³. */
export function volumeUnit(dm3: number): 'dm3' | 'm3' {
  return Math.abs(dm3) >= 1000 ? 'm3' : 'dm3';
}
export const inVolumeUnit = (dm3: number, unit: 'dm3' | 'm3'): number =>
  unit === 'm3' ? dm3 / 1000 : dm3;

/**
 * CAPACITY_EXCEEDED's params (`capacities: 'count,weight'` and the amount over per kind) as a
 * list of what is over and by how much.
 */
export function capacityOverage(
  params: Record<string, unknown> | undefined,
): { kind: LoadKind; amount: number }[] {
  const raw = params?.capacities;
  const kinds = (typeof raw === 'string' ? raw : '')
    .split(',')
    .filter((k): k is LoadKind => (loadKinds as readonly string[]).includes(k));
  return kinds.map((kind) => ({ kind, amount: Number(params?.[kind] ?? 0) }));
}

// ------------------------------------------------------------------ route order

export type MoveResult = { ok: true; stops: RouteStop[] } | { ok: false; reason: 'pickupOrder' };

/** The stops with one moved from `from` to `to` (indexes in the route). */
export function moveStop(stops: readonly RouteStop[], from: number, to: number): MoveResult {
  const next = [...stops];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length)
    return { ok: true, stops: next };
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  // UPDATE_ROUTE takes the same stops with each pickup before its delivery (contracts' rule).
  return routeOrderIssue(next) ? { ok: false, reason: 'pickupOrder' } : { ok: true, stops: next };
}

/**
 * Whether the stop at `index` may move one place up (-1) or down (+1) in a route that keeps each
 * pickup before its delivery: the move swaps two neighbours, which breaks that order only when
 * they are one consignment's pickup and delivery. Constant time: the board asks for every stop.
 */
export const canMoveStop = (stops: readonly RouteStop[], index: number, delta: -1 | 1): boolean => {
  const to = index + delta;
  if (index < 0 || index >= stops.length || to < 0 || to >= stops.length) return false;
  const first = stops[Math.min(index, to)]!;
  const second = stops[Math.max(index, to)]!;
  return !(
    first.kind === 'pickup' &&
    second.kind === 'delivery' &&
    first.consignmentId === second.consignmentId
  );
};

/** The index of a stop key in a route, or -1. */
export const indexOfKey = (stops: readonly RouteStop[], key: string): number =>
  stops.findIndex((s) => stopKey(s) === key);

/** Two routes name the same stops in the same order. */
export const sameOrder = (a: readonly RouteStop[], b: readonly RouteStop[]): boolean =>
  a.length === b.length && a.every((s, i) => stopKey(s) === stopKey(b[i]!));

// ------------------------------------------------------------------ durations (spec §5)

export interface DurationsInput {
  pickup: string;
  delivery: string;
}
export type DurationsResult =
  | {
      ok: true;
      payload: {
        orderIds: string[];
        pickupDurationSeconds: number | null;
        deliveryDurationSeconds: number | null;
      };
    }
  | { ok: false; errors: Partial<Record<keyof DurationsInput, 'validation.duration'>> };

/**
 * Spec §5 pickup and delivery durations: each blank (null) or mm:ss (seconds); anything else is
 * "not a valid duration". The command takes the orders' ids (spec §7).
 */
export function durationsPayload(
  orderIds: readonly string[],
  input: DurationsInput,
): DurationsResult {
  const pickup = durationSeconds(input.pickup);
  const delivery = durationSeconds(input.delivery);
  const errors: Partial<Record<keyof DurationsInput, 'validation.duration'>> = {};
  if (pickup === undefined) errors.pickup = 'validation.duration';
  if (delivery === undefined) errors.delivery = 'validation.duration';
  if (pickup === undefined || delivery === undefined) return { ok: false, errors };
  return {
    ok: true,
    payload: {
      orderIds: [...new Set(orderIds)],
      pickupDurationSeconds: pickup,
      deliveryDurationSeconds: delivery,
    },
  };
}

// ------------------------------------------------------------------ slot times and states

/** A slot's start as CREATE_SLOT takes it: the local time on the date in the department's zone. */
export const slotInstant = (date: string, hhmm: string, timeZone: string): string =>
  zonedInstant(date, hhmm, timeZone).toISOString();

/** Spec §4 slot filter groups: which states a dispatch list shows for the groups switched on. */
export type SlotFilterGroup = keyof typeof slotFilterGroups;
export const slotFilterGroupNames = Object.keys(slotFilterGroups) as SlotFilterGroup[];
export const allSlotGroups: Record<SlotFilterGroup, boolean> = {
  showActive: true,
  showNotStarted: true,
  showCompleted: true,
};
export function slotShown(state: SlotState, groups: Record<SlotFilterGroup, boolean>): boolean {
  return slotFilterGroupNames.some(
    (g) => groups[g] && (slotFilterGroups[g] as readonly SlotState[]).includes(state),
  );
}

/** Spec §7 template weekdays: 1 Monday … 7 Sunday (spec §9: the week starts on Monday). */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

const clocks = new Map<string, Intl.DateTimeFormat>();
/**
 * An instant's local time (HH:mm, 24-hour clock) in a time zone. One formatter per zone, made
 * once: a board formats two times per stop, and a formatter per call cost more than the stops.
 */
export function clockTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock.format(new Date(iso));
}

/** HH:mm of a valid 24-hour time. */
export const isHhmm = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/**
 * Minutes as text: "25 min" below an hour, else "2 h 05 min" (the route overview's format), for
 * waiting and overtime (issue 36).
 */
export function minutesText(
  minutes: number,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const m = Math.round(minutes);
  if (m < 60) return translate('planning.minutes', { minutes: m });
  return translate('routesOverview.duration', {
    hours: Math.floor(m / 60),
    minutes: String(m % 60).padStart(2, '0'),
  });
}

/** Why starting (dispatching) a slot deserves a second thought (issue 36). */
export type DispatchWarning = 'empty' | 'early';

/**
 * The warnings before a slot is started: it has no stop to drive to (a break alone is no work),
 * or its day has not begun where the department is (`today`, YYYY-MM-DD there): started the
 * evening before, the courier's tracking (spec §4: IN_PROGRESS starts it) would run all night.
 * The server keeps its own rules; these only ask first.
 */
export function dispatchWarnings(
  slot: { date: string; stops: readonly RouteStop[] },
  today: string,
): DispatchWarning[] {
  const warnings: DispatchWarning[] = [];
  if (!slot.stops.some((s) => s.kind !== REST_BREAK)) warnings.push('empty');
  if (slot.date > today) warnings.push('early');
  return warnings;
}
