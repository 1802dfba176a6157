import {
  AppError,
  seriesBodyRange,
  seriesOverlap,
  type NumberAllocationEvent,
  type NumberSeries,
  type NumberSeriesCatalogueEvent,
  type NumberSeriesFields,
} from '@nordlog/contracts';
import type { Decider } from '../framework/decider.js';

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

/**
 * Allocation from one series. Every event carries the serial the next allocation starts at, so the
 * state is the last event alone (the allocator reads only that one).
 */
export const allocationDecider = (
  series: NumberSeries,
): Decider<AllocationState, AllocateCommand, NumberAllocationEvent> => ({
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
