import {
  NUMBER_SERIES_CATALOGUE_STREAM,
  NUMBER_SERIES_ENTITY,
  NUMBER_SERIES_TABLE,
  seriesNumber,
  type NumberAllocationEvent,
  type NumberSeriesCatalogueEvent,
  type NumberSeriesRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

type SeriesEvent = NumberSeriesCatalogueEvent | NumberAllocationEvent;
const types = new Set<string>([
  'NumberSeriesCreated',
  'NumberSeriesUsed',
  'NumberSeriesDeleted',
  'NumberSeriesUpdated',
  'NumbersAllocated',
]);

const fromCatalogue = (e: RecordedEvent) => e.streamId === NUMBER_SERIES_CATALOGUE_STREAM;

/** Next value and what is left, from the serial the next allocation starts at. */
function withNext(row: NumberSeriesRow, nextSerial: number): NumberSeriesRow {
  const remaining = Math.max(0, row.lastSerial - nextSerial + 1);
  return {
    ...row,
    nextSerial,
    remaining,
    nextValue: remaining > 0 ? seriesNumber(row, nextSerial) : null,
  };
}

/**
 * Number series with their next value. A row is fed by two streams (the catalogue and the series'
 * allocation stream), so it keeps the revision applied of each for redelivery, and `revision`
 * counts the events applied. A deleted series stays as a tombstone.
 */
export const numberSeriesProjection = rowProjection<NumberSeriesRow>({
  name: 'numberSeries',
  table: NUMBER_SERIES_TABLE,
  entity: NUMBER_SERIES_ENTITY,
  migrations: [
    {
      name: '0001_rm_number_series',
      async up(knex) {
        await knex.raw(`create table ${NUMBER_SERIES_TABLE} (
          id bigint primary key, revision integer not null, type text not null,
          department_id bigint, customer_id bigint, deleted boolean not null, data jsonb not null)`);
      },
    },
  ],
  rowId: (e) => (types.has(e.type) ? (e.data as { id: string }).id : null),
  applied: (row, e) =>
    fromCatalogue(e)
      ? e.streamRevision <= row.catalogueRevision
      : e.streamRevision <= row.allocationRevision,
  evolve(row, e) {
    const event = e as RecordedEvent & SeriesEvent;
    const meta = { updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    switch (event.type) {
      case 'NumberSeriesCreated':
        return withNext(
          {
            ...event.data,
            ...meta,
            nextSerial: event.data.firstSerial,
            nextValue: null,
            remaining: 0,
            used: false,
            deleted: false,
            revision: 0,
            catalogueRevision: e.streamRevision,
            allocationRevision: -1,
          },
          event.data.firstSerial,
        );
      case 'NumberSeriesUsed':
        return row && !row.deleted
          ? {
              ...row,
              ...meta,
              used: true,
              revision: row.revision + 1,
              catalogueRevision: e.streamRevision,
            }
          : row;
      case 'NumberSeriesDeleted':
        return row
          ? {
              ...row,
              ...meta,
              deleted: true,
              revision: row.revision + 1,
              catalogueRevision: e.streamRevision,
            }
          : row;
      case 'NumberSeriesUpdated':
        return row && !row.deleted
          ? withNext(
              {
                ...row,
                ...event.data.changes,
                ...meta,
                revision: row.revision + 1,
                catalogueRevision: e.streamRevision,
              },
              row.nextSerial,
            )
          : row;
      // The end's move on the allocation stream (0099): the catalogue's update says it.
      case 'NumberSeriesEndMoved':
        return row;
      case 'NumbersAllocated':
        return row && !row.deleted
          ? withNext(
              {
                ...row,
                ...meta,
                used: true,
                revision: row.revision + 1,
                allocationRevision: e.streamRevision,
              },
              event.data.nextSerial,
            )
          : row;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  columns: (row) => ({
    type: row.type,
    department_id: row.departmentId,
    customer_id: row.customerId,
    deleted: row.deleted,
  }),
  tombstone: (row) => row.deleted,
});
