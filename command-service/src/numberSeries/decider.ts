import {
  AppError,
  seriesBodyRange,
  seriesOverlap,
  type NumberAllocationEvent,
  type NumberSeries,
  type NumberSeriesCatalogueEvent,
  type NumberSeriesFields,
  maxSerial,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';
import { refusedField } from '../framework/refusals.js';

export interface CatalogueEntry {
  series: NumberSeries;
  /** Numbers were drawn from it. */
  used: boolean;
  deleted: boolean;
}

/** Every number series ever defined, by id (one catalogue stream, docs/decisions/0011). */
export interface CatalogueState {
  series: Record<string, CatalogueEntry>;
}

export type CatalogueCommand =
  | { type: 'create'; id: string; fields: NumberSeriesFields }
  | { type: 'update'; id: string; fields: Partial<Pick<NumberSeriesFields, 'name' | 'lastSerial'>> }
  | { type: 'delete'; id: string }
  /** Before the first allocation: from then on the range stays reserved, also after deletion. */
  | { type: 'markUsed'; id: string };

const describe = (s: NumberSeries) => {
  const [from, to] = seriesBodyRange(s);
  return `${s.type} series ${s.id} (${String(from)}–${String(to)} without check digit)`;
};

/**
 * The number-series catalogue. No two series may produce the same number: a new series is refused
 * when its range overlaps a live one of the same type, or a deleted one that handed out numbers
 * (those numbers may still be on parcels). A deleted series that never handed out a number frees
 * its range.
 */
export const numberSeriesCatalogueDecider: Decider<
  CatalogueState,
  CatalogueCommand,
  NumberSeriesCatalogueEvent
> = {
  initialState: { series: {} },
  evolve(state, event) {
    const id = event.data.id;
    const entry = state.series[id];
    switch (event.type) {
      case 'NumberSeriesCreated':
        return {
          series: { ...state.series, [id]: { series: event.data, used: false, deleted: false } },
        };
      case 'NumberSeriesUsed':
        return entry ? { series: { ...state.series, [id]: { ...entry, used: true } } } : state;
      case 'NumberSeriesDeleted':
        return entry ? { series: { ...state.series, [id]: { ...entry, deleted: true } } } : state;
      case 'NumberSeriesUpdated':
        return entry
          ? {
              series: {
                ...state.series,
                [id]: { ...entry, series: { ...entry.series, ...event.data.changes } },
              },
            }
          : state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    const entry = state.series[command.id];
    switch (command.type) {
      case 'create': {
        if (entry)
          throw new AppError('ALREADY_EXISTS', `Number series ${command.id} already exists`);
        const series: NumberSeries = { ...command.fields, id: command.id };
        const clash = Object.values(state.series).find(
          (e) => (!e.deleted || e.used) && seriesOverlap(e.series, series),
        );
        if (clash) {
          throw new AppError(
            'RANGE_OVERLAP',
            `The range overlaps ${clash.deleted ? 'the retired ' : ''}${describe(clash.series)}`,
          );
        }
        return [{ type: 'NumberSeriesCreated', data: series }];
      }
      case 'update': {
        if (!entry || entry.deleted)
          throw new AppError('NOT_FOUND', `Number series ${command.id} not found`);
        const changes = Object.fromEntries(
          Object.entries(command.fields).filter(
            ([k, v]) => v !== undefined && v !== entry.series[k as keyof NumberSeries],
          ),
        ) as typeof command.fields;
        if (Object.keys(changes).length === 0) return [];
        const series: NumberSeries = { ...entry.series, ...changes };
        if (series.lastSerial > maxSerial(series.companyPrefix))
          throw refusedField(
            'lastSerial',
            'validation.serialBeyondPrefix',
            `at most ${maxSerial(series.companyPrefix)}`,
          );
        if (series.lastSerial < series.firstSerial)
          throw refusedField(
            'lastSerial',
            'validation.seriesEndBeforeNext',
            `first serial ${series.firstSerial}`,
          );
        const clash = Object.values(state.series).find(
          (e) =>
            e.series.id !== series.id && (!e.deleted || e.used) && seriesOverlap(e.series, series),
        );
        if (clash)
          throw new AppError(
            'RANGE_OVERLAP',
            `The range overlaps ${clash.deleted ? 'the retired ' : ''}${describe(clash.series)}`,
          );
        return [{ type: 'NumberSeriesUpdated', data: { id: command.id, changes } }];
      }
      case 'delete':
        if (!entry) throw new AppError('NOT_FOUND', `Number series ${command.id} not found`);
        return entry.deleted ? [] : [{ type: 'NumberSeriesDeleted', data: { id: command.id } }];
      case 'markUsed':
        if (!entry || entry.deleted)
          throw new AppError('NOT_FOUND', `Number series ${command.id} not found`);
        return entry.used ? [] : [{ type: 'NumberSeriesUsed', data: { id: command.id } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

export interface AllocationState {
  /** The serial the next allocation starts at. */
  nextSerial: number;
}
export interface AllocateCommand {
  type: 'allocate';
  count: number;
}
type Allocated = Extract<NumberAllocationEvent, { type: 'NumbersAllocated' }>;

/**
 * A moved range end, on the series' allocation stream in the same append as the catalogue's
 * update (docs/decisions/0099): decided on that stream's last event, so an end below a number
 * handed out is refused, and an allocation decided on the old end loses its race.
 */
export const endMoveDecider = (
  series: NumberSeries,
  lastSerial: number,
): Decider<AllocationState, { type: 'moveEnd' }, NumberAllocationEvent> => ({
  initialState: { nextSerial: series.firstSerial },
  evolve: (_state, event) => ({ nextSerial: event.data.nextSerial }),
  decide(_command, state) {
    if (lastSerial < state.nextSerial - 1)
      throw refusedField(
        'lastSerial',
        'validation.seriesEndBeforeNext',
        `serials up to ${state.nextSerial - 1} are handed out`,
      );
    return [
      {
        type: 'NumberSeriesEndMoved',
        data: { id: series.id, nextSerial: state.nextSerial, lastSerial },
      },
    ];
  },
});

/**
 * Allocation from one series. Every event carries the serial the next allocation starts at, so the
 * state is the last event alone (the allocator reads only that one).
 */
export const allocationDecider = (
  series: NumberSeries,
): Decider<AllocationState, AllocateCommand, Allocated> & {
  evolve(state: AllocationState, event: NumberAllocationEvent): AllocationState;
} => ({
  initialState: { nextSerial: series.firstSerial },
  evolve: (_state, event) => ({ nextSerial: event.data.nextSerial }),
  decide(command, state) {
    if (!Number.isInteger(command.count) || command.count < 1)
      throw new AppError('VALIDATION_ERROR', 'count: allocate at least one number');
    const left = series.lastSerial - state.nextSerial + 1;
    if (command.count > left) {
      throw new AppError(
        'NUMBER_SERIES_EXHAUSTED',
        `Number series ${series.id} has ${Math.max(0, left)} numbers left; ${command.count} asked for`,
      );
    }
    return [
      {
        type: 'NumbersAllocated',
        data: {
          id: series.id,
          firstSerial: state.nextSerial,
          count: command.count,
          nextSerial: state.nextSerial + command.count,
        },
      },
    ];
  },
});
