import {
  AppError,
  type RecurringIndexEvent,
  type RecurringOccurrenceEvent,
  type RecurringOrder,
  type RecurringOrderEvent,
  type RecurringRunEvent,
  type RecurringScheduleFields,
  type RecurringSkipReason,
  type RecurringTemplate,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

/**
 * Recurring orders (docs/decisions/0058-recurring-orders.md): the recurring order's stream (its
 * schedule and templates), the department's list of them, one stream per occurrence (what
 * executing it did: booked once, never twice) and one per executed date.
 */

export type RecurringOrderState =
  { status: 'none' } | { status: 'exists' | 'deleted'; entity: RecurringOrder };

export type RecurringOrderCommand =
  | {
      type: 'save';
      id: string;
      departmentId: string;
      schedule: RecurringScheduleFields;
      orders: RecurringTemplate[];
    }
  | { type: 'remove'; id: string; orderIds: string[] }
  | { type: 'pause'; id: string; paused: boolean }
  | { type: 'delete'; id: string };

const notFound = (id: string) => new AppError('NOT_FOUND', `Recurring order ${id} not found`);

const scheduleOf = (e: RecurringOrder): RecurringScheduleFields => ({
  name: e.name,
  startDate: e.startDate,
  endDate: e.endDate,
  weekdays: e.weekdays,
  intervalDays: e.intervalDays,
  holidayPolicy: e.holidayPolicy,
});

export const recurringOrderDecider: Decider<
  RecurringOrderState,
  RecurringOrderCommand,
  RecurringOrderEvent
> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'RecurringOrderSaved': {
        const { id, departmentId, ...schedule } = event.data;
        if (state.status === 'none')
          return {
            status: 'exists',
            entity: { id, departmentId, ...schedule, paused: false, orders: [] },
          };
        return { ...state, entity: { ...state.entity, ...schedule } };
      }
      case 'RecurringOrderOrdersAdded':
        return state.status === 'none'
          ? state
          : {
              ...state,
              entity: { ...state.entity, orders: [...state.entity.orders, ...event.data.orders] },
            };
      case 'RecurringOrderOrdersRemoved': {
        if (state.status === 'none') return state;
        const gone = new Set(event.data.orderIds);
        return {
          ...state,
          entity: {
            ...state.entity,
            orders: state.entity.orders.filter((t) => !gone.has(t.orderId)),
          },
        };
      }
      case 'RecurringOrderPaused':
        return state.status === 'none'
          ? state
          : { ...state, entity: { ...state.entity, paused: event.data.paused } };
      case 'RecurringOrderDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    if (command.type !== 'save' && state.status !== 'exists') throw notFound(command.id);
    switch (command.type) {
      case 'save': {
        if (state.status === 'deleted') throw notFound(command.id);
        const events: RecurringOrderEvent[] = [];
        const current = state.status === 'exists' ? state.entity : null;
        if (!current || JSON.stringify(scheduleOf(current)) !== JSON.stringify(command.schedule))
          events.push({
            type: 'RecurringOrderSaved',
            data: { id: command.id, departmentId: command.departmentId, ...command.schedule },
          });
        const held = new Set(current?.orders.map((t) => t.orderId) ?? []);
        const added = command.orders.filter((t) => !held.has(t.orderId));
        if (added.length > 0)
          events.push({
            type: 'RecurringOrderOrdersAdded',
            data: { id: command.id, orders: added },
          });
        return events;
      }
      case 'remove': {
        const entity = (state as { entity: RecurringOrder }).entity;
        const held = new Set(entity.orders.map((t) => t.orderId));
        const orderIds = [...new Set(command.orderIds)].filter((id) => held.has(id));
        return orderIds.length === 0
          ? []
          : [{ type: 'RecurringOrderOrdersRemoved', data: { id: command.id, orderIds } }];
      }
      case 'pause': {
        const entity = (state as { entity: RecurringOrder }).entity;
        return entity.paused === command.paused
          ? []
          : [{ type: 'RecurringOrderPaused', data: { id: command.id, paused: command.paused } }];
      }
      case 'delete':
        return [{ type: 'RecurringOrderDeleted', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/** The ids of a department's recurring orders (deleted ones leave the list). */
export type RecurringIndexState = { ids: readonly string[] };
export type RecurringIndexCommand = {
  type: 'list' | 'unlist';
  departmentId: string;
  id: string;
};

export const recurringIndexDecider: Decider<
  RecurringIndexState,
  RecurringIndexCommand,
  RecurringIndexEvent
> = {
  initialState: { ids: [] },
  evolve(state, event) {
    const others = state.ids.filter((id) => id !== event.data.id);
    return { ids: event.type === 'RecurringOrderListed' ? [...others, event.data.id] : others };
  },
  decide(command, state) {
    const listed = state.ids.includes(command.id);
    const data = { departmentId: command.departmentId, id: command.id };
    if (command.type === 'list') return listed ? [] : [{ type: 'RecurringOrderListed', data }];
    return listed ? [{ type: 'RecurringOrderUnlisted', data }] : [];
  },
};

/** An occurrence: booked (final), or the last reason it was not. */
export interface OccurrenceState {
  booked: readonly string[] | null;
  last: { reason: RecurringSkipReason; movedTo: string | null; message: string | null } | null;
}

interface OccurrenceKey {
  id: string;
  recurringOrderId: string;
  departmentId: string;
  occurrence: string;
  date: string;
}

export type OccurrenceCommand =
  | ({ type: 'book'; orderIds: string[] } & OccurrenceKey)
  | ({
      type: 'skip';
      reason: RecurringSkipReason;
      movedTo: string | null;
      message: string | null;
    } & OccurrenceKey);

/**
 * One occurrence (recurring order, date): booked at most once, whoever executes it and however
 * often; a skip is recorded again only when its reason changed, and a later execution may still
 * book it (a resumed order, a booking rule that no longer refuses).
 */
export const occurrenceDecider: Decider<
  OccurrenceState,
  OccurrenceCommand,
  RecurringOccurrenceEvent
> = {
  initialState: { booked: null, last: null },
  evolve(state, event) {
    if (event.type === 'RecurringOrderBooked') return { ...state, booked: event.data.orderIds };
    const { reason, movedTo, message } = event.data;
    return { ...state, last: { reason, movedTo, message } };
  },
  decide(command, state) {
    if (state.booked) return [];
    const { type, ...rest } = command;
    if (type === 'book') {
      const { orderIds, ...key } = rest as OccurrenceKey & { orderIds: string[] };
      return [{ type: 'RecurringOrderBooked', data: { ...key, orderIds } }];
    }
    const skip = rest as OccurrenceKey & NonNullable<OccurrenceState['last']>;
    const last = state.last;
    if (
      last &&
      last.reason === skip.reason &&
      last.movedTo === skip.movedTo &&
      last.message === skip.message
    )
      return [];
    return [{ type: 'RecurringOrderSkipped', data: skip }];
  },
};

/** A department's date executed: recorded the first time. */
export const runDecider: Decider<
  { executed: boolean },
  { id: string; departmentId: string; date: string },
  RecurringRunEvent
> = {
  initialState: { executed: false },
  evolve: () => ({ executed: true }),
  decide: (command, state) =>
    state.executed ? [] : [{ type: 'RecurringOrdersExecuted', data: command }],
};
