import {
  AppError,
  REST_BREAK,
  applySlotEvent,
  canSlotTransition,
  routeChangeable,
  routeOrderIssue,
  slotTransitions,
  stopKey,
  type Area,
  type Load,
  type RouteStop,
  type Slot,
  type SlotEvent,
  type SlotTransition,
} from '@nordlog/contracts';
import { changedFields } from '../framework/changedFields.js';
import type { Decider } from '../framework/decider.js';

export type SlotState =
  { status: 'none' } | { status: 'exists'; slot: Slot } | { status: 'deleted'; slot: Slot };

/** A consignment to plan onto the slot: its load, and whether it has a pickup stop of its own. */
export interface Planned {
  id: string;
  load: Load;
  pickupStop: boolean;
}

type OwnChanges = Partial<
  Pick<Slot, 'name' | 'timeFrom' | 'timeTo' | 'date' | 'slotMode' | 'shouldDriverNotReturn'>
>;

export type SlotCommand =
  | { type: 'create'; slot: Slot }
  | { type: 'update'; id: string; changes: OwnChanges }
  | { type: 'delete'; id: string }
  | { type: 'transition'; id: string; transition: SlotTransition }
  | { type: 'toggleManualPlanning'; id: string }
  | {
      type: 'assign';
      id: string;
      changes: Partial<Pick<Slot, 'courierId' | 'unitId' | 'vehicleId'>>;
      /** With a unit: whether it takes a break (the route then has a rest_break stop). */
      unitBreak?: boolean;
    }
  | { type: 'saveArea'; id: string; area: Area }
  | { type: 'removeArea'; id: string; areaId: string }
  /**
   * Plans consignments onto the slot (after those it has). `loads` are the loads of every
   * consignment on the slot and of the new ones; `capacity` is the unit's (null: no unit).
   */
  | {
      type: 'plan';
      id: string;
      consignments: Planned[];
      loads: Record<string, Load>;
      capacity: Load | null;
      force: boolean;
    }
  | { type: 'remove'; id: string; consignmentIds: string[] }
  | { type: 'reorder'; id: string; stops: RouteStop[] }
  | { type: 'deleteBreak'; id: string }
  /**
   * A suggested route applied (docs/decisions/0026): `removed` leave the slot, `added` come onto
   * it, and the route becomes `stops`, which names every consignment that stays or comes.
   */
  | {
      type: 'applyRoute';
      id: string;
      stops: RouteStop[];
      added: string[];
      removed: string[];
      loads: Record<string, Load>;
      capacity: Load | null;
    };

const notFound = (id: string) => new AppError('NOT_FOUND', `Slot ${id} not found`);

/** The consignments on a route (each once, in route order). */
export const consignmentsOf = (stops: readonly RouteStop[]): string[] => [
  ...new Set(stops.flatMap((s) => (s.kind === REST_BREAK ? [] : [s.consignmentId]))),
];

const sum = (ids: readonly string[], loads: Record<string, Load>): Load =>
  ids.reduce(
    (acc, id) => {
      const l = loads[id] ?? { count: 0, weight: 0, volume: 0 };
      return {
        count: acc.count + l.count,
        weight: acc.weight + l.weight,
        volume: acc.volume + l.volume,
      };
    },
    { count: 0, weight: 0, volume: 0 },
  );

const round = (n: number) => Math.round(n * 1000) / 1000;

/** How far a load is over a capacity, per capacity kind (empty: within it). */
export function overCapacity(load: Load, capacity: Load): Partial<Load> {
  const over: Partial<Load> = {};
  for (const k of ['count', 'weight', 'volume'] as const)
    if (load[k] > capacity[k] + 1e-9) over[k] = round(load[k] - capacity[k]);
  return over;
}

const units: Record<keyof Load, string> = { count: 'packages', weight: 'kg', volume: 'dm³' };

function existing(state: SlotState, id: string): Slot {
  if (state.status !== 'exists') throw notFound(id);
  return state.slot;
}

function changeable(slot: Slot): void {
  if (!routeChangeable(slot.state))
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      `Slot ${slot.id} is ${slot.state}: its route can no longer change`,
    );
}

const withBreak = (stops: RouteStop[], wanted: boolean): RouteStop[] => {
  const has = stops.some((s) => s.kind === REST_BREAK);
  if (wanted === has) return stops;
  return wanted ? [...stops, { kind: REST_BREAK }] : stops.filter((s) => s.kind !== REST_BREAK);
};

/** How far the consignments would be over the capacity; refused (409) unless forced. */
function capacityCheck(
  slot: Slot,
  ids: readonly string[],
  command: { loads: Record<string, Load>; capacity: Load | null; force?: boolean },
): Partial<Load> {
  const over = command.capacity ? overCapacity(sum(ids, command.loads), command.capacity) : {};
  const kinds = Object.keys(over) as (keyof Load)[];
  if (kinds.length > 0 && !command.force) {
    const what = kinds.map((k) => `${k} by ${over[k]} ${units[k]}`).join(', ');
    throw new AppError('CAPACITY_EXCEEDED', `Slot ${slot.id} would be over its ${what}`, {
      slotId: slot.id,
      capacities: kinds.join(','),
      ...Object.fromEntries(kinds.map((k) => [k, over[k]!])),
    });
  }
  return over;
}

function applyRoute(
  slot: Slot,
  command: Extract<SlotCommand, { type: 'applyRoute' }>,
): SlotEvent[] {
  changeable(slot);
  const on = new Set(consignmentsOf(slot.stops));
  const removed = command.removed.filter((id) => on.has(id));
  const added = command.added.filter((id) => !on.has(id));
  const staying = [...on].filter((id) => !removed.includes(id));
  const named = new Set(consignmentsOf(command.stops));
  const wanted = [...staying, ...added];
  if (wanted.some((id) => !named.has(id)) || named.size !== wanted.length)
    throw new AppError(
      'BAD_REQUEST',
      `stops: the applied route of slot ${slot.id} must name each consignment that stays or comes, and no other`,
    );
  const issue = routeOrderIssue(command.stops);
  if (issue) throw new AppError('BAD_REQUEST', `stops: ${issue}`);
  if (added.length > 0) capacityCheck(slot, wanted, command);
  const events: SlotEvent[] = [];
  if (removed.length > 0)
    events.push({
      type: 'ConsignmentsRemovedFromSlot',
      data: { id: slot.id, consignmentIds: removed },
    });
  if (added.length > 0)
    events.push({
      type: 'ConsignmentsPlannedOnSlot',
      data: { id: slot.id, consignmentIds: added, stops: command.stops, forced: {} },
    });
  else {
    const gone = new Set(removed);
    const left = slot.stops.filter((s) => s.kind === REST_BREAK || !gone.has(s.consignmentId));
    if (!sameStops(left, command.stops))
      events.push({ type: 'SlotRouteReordered', data: { id: slot.id, stops: command.stops } });
  }
  return events;
}

const sameStops = (a: readonly RouteStop[], b: readonly RouteStop[]) =>
  a.length === b.length && a.every((s, i) => stopKey(s) === stopKey(b[i]!));

export const slotDecider: Decider<SlotState, SlotCommand, SlotEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    if (event.type === 'SlotCreated') return { status: 'exists', slot: event.data };
    if (state.status === 'none') return state;
    return event.type === 'SlotDeleted'
      ? { status: 'deleted', slot: state.slot }
      : { ...state, slot: applySlotEvent(state.slot, event) };
  },
  decide(command, state) {
    switch (command.type) {
      case 'create':
        if (state.status !== 'none')
          throw new AppError('ALREADY_EXISTS', `Slot ${command.slot.id} already exists`);
        return [{ type: 'SlotCreated', data: command.slot }];
      case 'update': {
        const slot = existing(state, command.id);
        const changes = changedFields(slot, command.changes);
        return Object.keys(changes).length === 0
          ? []
          : [{ type: 'SlotUpdated', data: { id: command.id, changes } }];
      }
      case 'delete': {
        if (state.status === 'deleted') return [];
        const slot = existing(state, command.id);
        if (!['NOT_STARTED', 'PLANNED', 'CANCELLED'].includes(slot.state))
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `Slot ${slot.id} is ${slot.state}: only a slot that has not started can be deleted`,
          );
        if (consignmentsOf(slot.stops).length > 0)
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `Slot ${slot.id} has consignments planned: unassign them first`,
          );
        return [{ type: 'SlotDeleted', data: { id: command.id } }];
      }
      case 'transition': {
        const slot = existing(state, command.id);
        const t = command.transition;
        if (!canSlotTransition(t, slot.state))
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `Slot ${slot.id} is ${slot.state}: it cannot ${t}`,
            { from: slot.state, transition: t },
          );
        if (t === 'start' && slot.courierId === null)
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `Slot ${slot.id} has no courier to start it`,
          );
        if (t === 'cancel' && consignmentsOf(slot.stops).length > 0)
          throw new AppError(
            'INVALID_STATE_TRANSITION',
            `Slot ${slot.id} has consignments planned: unassign them before cancelling`,
          );
        const to = slotTransitions[t].to;
        return [
          {
            type: 'SlotStateChanged',
            data: { id: slot.id, transition: t, from: slot.state, state: to },
          },
        ];
      }
      case 'toggleManualPlanning': {
        const slot = existing(state, command.id);
        return [
          {
            type: 'SlotUpdated',
            data: { id: slot.id, changes: { manualPlanning: !slot.manualPlanning } },
          },
        ];
      }
      case 'assign': {
        const slot = existing(state, command.id);
        if (slot.state === 'COMPLETED' || slot.state === 'CANCELLED')
          throw new AppError('INVALID_STATE_TRANSITION', `Slot ${slot.id} is ${slot.state}`);
        const changes: Partial<Slot> = changedFields(slot, command.changes);
        if (command.unitBreak !== undefined) {
          const stops = withBreak(slot.stops, command.unitBreak);
          if (!sameStops(stops, slot.stops)) changes.stops = stops;
        }
        return Object.keys(changes).length === 0
          ? []
          : [{ type: 'SlotUpdated', data: { id: slot.id, changes } }];
      }
      case 'saveArea': {
        const slot = existing(state, command.id);
        const others = slot.areas.filter((a) => a.id !== command.area.id);
        const before = slot.areas.find((a) => a.id === command.area.id);
        if (before && JSON.stringify(before) === JSON.stringify(command.area)) return [];
        return [
          {
            type: 'SlotUpdated',
            data: { id: slot.id, changes: { areas: [...others, command.area] } },
          },
        ];
      }
      case 'removeArea': {
        const slot = existing(state, command.id);
        if (!slot.areas.some((a) => a.id === command.areaId)) return [];
        const areas = slot.areas.filter((a) => a.id !== command.areaId);
        return [{ type: 'SlotUpdated', data: { id: slot.id, changes: { areas } } }];
      }
      case 'plan': {
        const slot = existing(state, command.id);
        changeable(slot);
        const on = new Set(consignmentsOf(slot.stops));
        const fresh = command.consignments.filter((c) => !on.has(c.id));
        if (fresh.length === 0) return [];
        const all = [...on, ...fresh.map((c) => c.id)];
        const over = capacityCheck(slot, all, command);
        // New stops go at the end; a break keeps its place.
        const added: RouteStop[] = fresh.flatMap((c) => [
          ...(c.pickupStop ? [{ kind: 'pickup' as const, consignmentId: c.id }] : []),
          { kind: 'delivery' as const, consignmentId: c.id },
        ]);
        return [
          {
            type: 'ConsignmentsPlannedOnSlot',
            data: {
              id: slot.id,
              consignmentIds: fresh.map((c) => c.id),
              stops: [...slot.stops, ...added],
              forced: over,
            },
          },
        ];
      }
      case 'remove': {
        if (state.status === 'none') return [];
        const on = new Set(consignmentsOf(state.slot.stops));
        const gone = command.consignmentIds.filter((id) => on.has(id));
        return gone.length === 0
          ? []
          : [
              {
                type: 'ConsignmentsRemovedFromSlot',
                data: { id: command.id, consignmentIds: gone },
              },
            ];
      }
      case 'reorder': {
        const slot = existing(state, command.id);
        changeable(slot);
        const want = new Set(slot.stops.map(stopKey));
        const got = command.stops.map(stopKey);
        if (got.length !== want.size || got.some((k) => !want.has(k)))
          throw new AppError(
            'BAD_REQUEST',
            `stops: the new order must name each stop of slot ${slot.id} once, and no other`,
          );
        const issue = routeOrderIssue(command.stops);
        if (issue) throw new AppError('BAD_REQUEST', `stops: ${issue}`);
        if (sameStops(command.stops, slot.stops)) return [];
        return [{ type: 'SlotRouteReordered', data: { id: slot.id, stops: command.stops } }];
      }
      case 'applyRoute':
        return applyRoute(existing(state, command.id), command);
      case 'deleteBreak': {
        const slot = existing(state, command.id);
        changeable(slot);
        const stops = withBreak(slot.stops, false);
        return sameStops(stops, slot.stops)
          ? []
          : [{ type: 'SlotRouteReordered', data: { id: slot.id, stops } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
