import {
  AppError,
  periodsOverlap,
  productionWindowIssues,
  type DepartmentTimeWindowEvent,
  type DepartmentTimeWindowFields,
  type ProductionTimeWindow,
  type ProductionTimeWindowChanges,
  type ProductionTimeWindowEvent,
  type ProductionTimeWindowFields,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import { refusedFields } from '../framework/refusals.js';
import { withChanges, withoutRecord, withRecord, type Records } from '../framework/records.js';

/**
 * A department's calendar (docs/decisions/0078-time-windows.md): its week on its own stream,
 * replaced as a whole; the production time windows of every department on one stream, so that a
 * window is checked against its department's others in the append that adds or moves it.
 */

export type WeekState = { week: DepartmentTimeWindowFields | null };

/** JSON with the keys of every object sorted: stored events come back with their keys reordered. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const sameWeek = (a: DepartmentTimeWindowFields, b: DepartmentTimeWindowFields) =>
  (Object.keys(b) as (keyof DepartmentTimeWindowFields)[]).every(
    (k) => canonical(a[k]) === canonical(b[k]),
  );

export const departmentWeekDecider: Decider<
  WeekState,
  { type: 'set'; fields: DepartmentTimeWindowFields },
  DepartmentTimeWindowEvent
> = {
  initialState: { week: null },
  evolve: (_state, event) => {
    const { id: _id, ...week } = event.data;
    return { week };
  },
  decide: (command, state) =>
    state.week !== null && sameWeek(state.week, command.fields)
      ? []
      : [
          {
            type: 'DepartmentTimeWindowSet',
            data: { id: command.fields.departmentId, ...command.fields },
          },
        ],
};

export interface ProductionState {
  windows: Records<ProductionTimeWindow>;
}
export type ProductionCommand =
  | { type: 'add'; id: string; fields: ProductionTimeWindowFields }
  | { type: 'edit'; id: string; changes: ProductionTimeWindowChanges }
  | { type: 'delete'; id: string };

/** Refuses a window that breaks its own rules or shares a date with another of its department. */
function assertValid(window: ProductionTimeWindow, state: ProductionState): void {
  const own = productionWindowIssues(window);
  if (own.length > 0)
    throw refusedFields(own.map((i) => ({ field: i.path.map(String).join('.'), key: i.message })));
  const other = Object.values(state.windows).find(
    (w) =>
      w.id !== window.id && w.departmentId === window.departmentId && periodsOverlap(w, window),
  );
  if (other)
    throw refusedFields([
      {
        field: 'fromDate',
        key: 'validation.overlap',
        detail: `production time window ${other.id} "${other.name}", ${other.fromDate} to ${other.toDate}`,
      },
    ]);
}

export const productionWindowsDecider: Decider<
  ProductionState,
  ProductionCommand,
  ProductionTimeWindowEvent
> = {
  initialState: { windows: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductionTimeWindowAdded':
        return { windows: withRecord(state.windows, event.data.id, event.data) };
      case 'ProductionTimeWindowEdited':
        return { windows: withChanges(state.windows, event.data.id, event.data.changes) };
      case 'ProductionTimeWindowDeleted':
        return { windows: withoutRecord(state.windows, event.data.id) };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'add': {
        const window = { id: command.id, ...command.fields };
        assertValid(window, state);
        return [{ type: 'ProductionTimeWindowAdded', data: window }];
      }
      case 'edit': {
        const current = state.windows[command.id];
        if (!current)
          throw new AppError('NOT_FOUND', `Production time window ${command.id} not found`);
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(
            ([k, v]) =>
              v !== undefined &&
              canonical(v) !== canonical(current[k as keyof ProductionTimeWindow]),
          ),
        ) as ProductionTimeWindowChanges;
        if (Object.keys(changes).length === 0) return [];
        assertValid({ ...current, ...changes }, state);
        return [{ type: 'ProductionTimeWindowEdited', data: { id: command.id, changes } }];
      }
      case 'delete':
        if (!state.windows[command.id])
          throw new AppError('NOT_FOUND', `Production time window ${command.id} not found`);
        return [{ type: 'ProductionTimeWindowDeleted', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
