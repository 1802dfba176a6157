import {
  AppError,
  clashOf,
  matrixEntryIssues,
  rangeCountryIssues,
  weekOrder,
  type Issue,
  type MarketCountry,
  type MatrixEntry,
  type MatrixEntryChanges,
  type MatrixEntryFields,
  type MatrixEvent,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import { refusedFields } from '../framework/refusals.js';
import {
  sameValue,
  withChanges,
  withoutRecord,
  withRecord,
  type Records,
} from '../framework/records.js';

/**
 * The department matrix (docs/decisions/0079-department-matrix.md): every department's entries on
 * one stream, so that an entry is checked against its department's others in the append that
 * adds or moves it.
 */

export interface MatrixState {
  entries: Records<MatrixEntry>;
}
export type MatrixCommand =
  | { type: 'create'; id: string; fields: MatrixEntryFields; country: MarketCountry }
  | {
      type: 'update';
      id: string;
      changes: MatrixEntryChanges;
      /** The department's country, when the change names a postal code. */
      country: MarketCountry | null;
    }
  | { type: 'delete'; id: string };

const asRefusal = (issues: Issue[]) =>
  refusedFields(issues.map((i) => ({ field: i.path.map(String).join('.'), key: i.message })));

/**
 * Refuses an entry that breaks its own rules, whose postal codes are not of its department's
 * country, or that offers a service on a postal code another entry of its department offers it.
 */
function assertValid(entry: MatrixEntry, country: MarketCountry | null, state: MatrixState) {
  const own = [...(country ? rangeCountryIssues(entry, country) : []), ...matrixEntryIssues(entry)];
  if (own.length > 0) throw asRefusal(own);
  const clash = clashOf(entry, Object.values(state.entries));
  if (clash) {
    const { other, serviceCode } = clash;
    throw refusedFields([
      {
        field: 'postalCodeFrom',
        key: 'validation.rangeOverlap',
        detail: `${serviceCode} is offered to ${other.postalCodeFrom}–${other.postalCodeTo} by matrix entry ${other.id}`,
      },
    ]);
  }
}

export const matrixDecider: Decider<MatrixState, MatrixCommand, MatrixEvent> = {
  initialState: { entries: {} },
  evolve(state, event) {
    switch (event.type) {
      case 'MatrixEntryCreated':
        return { entries: withRecord(state.entries, event.data.id, event.data) };
      case 'MatrixEntryUpdated':
        return { entries: withChanges(state.entries, event.data.id, event.data.changes) };
      case 'MatrixEntryDeleted':
        return { entries: withoutRecord(state.entries, event.data.id) };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'create': {
        const entry: MatrixEntry = {
          id: command.id,
          ...command.fields,
          deliveryWeekdays: weekOrder(command.fields.deliveryWeekdays),
        };
        assertValid(entry, command.country, state);
        return [{ type: 'MatrixEntryCreated', data: entry }];
      }
      case 'update': {
        const current = state.entries[command.id];
        if (!current) throw new AppError('NOT_FOUND', `Matrix entry ${command.id} not found`);
        const asked: MatrixEntryChanges = {
          ...command.changes,
          ...(command.changes.deliveryWeekdays
            ? { deliveryWeekdays: weekOrder(command.changes.deliveryWeekdays) }
            : {}),
        };
        const changes = Object.fromEntries(
          Object.entries(asked).filter(
            ([k, v]) => v !== undefined && !sameValue(v, current[k as keyof MatrixEntry]),
          ),
        ) as MatrixEntryChanges;
        if (Object.keys(changes).length === 0) return [];
        assertValid({ ...current, ...changes }, command.country, state);
        return [{ type: 'MatrixEntryUpdated', data: { id: command.id, changes } }];
      }
      case 'delete':
        if (!state.entries[command.id])
          throw new AppError('NOT_FOUND', `Matrix entry ${command.id} not found`);
        return [{ type: 'MatrixEntryDeleted', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
