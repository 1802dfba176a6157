import {
  OPTIMIZING_RUNS_ENTITY,
  OPTIMIZING_RUNS_TABLE,
  ROUTE_SUGGESTIONS_ENTITY,
  ROUTE_SUGGESTIONS_TABLE,
  applyOptimizingEvent,
  type OptimizingEvent,
  type OptimizingRunRow,
  type RecordedEvent,
  type RouteSuggestionEvent,
  type RouteSuggestionRow,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const runEvents = new Set<string>([
  'OptimizingRequested',
  'OptimizingStarted',
  'OptimizingProgressed',
  'OptimizingCompleted',
  'OptimizingFailed',
  'OptimizingCancelled',
]);

const metaOf = (recorded: RecordedEvent) => ({
  revision: recorded.streamRevision,
  updatedAtEpoch: Date.parse(recorded.metadata.occurredAt),
});

/** Optimising runs with their progress and result (docs/decisions/0026); the socket pushes each change. */
export const optimizingRunsProjection = rowProjection<OptimizingRunRow>({
  name: 'optimizing_runs',
  table: OPTIMIZING_RUNS_TABLE,
  entity: OPTIMIZING_RUNS_ENTITY,
  migrations: [
    {
      name: '0001_rm_optimizing_runs',
      async up(knex) {
        await knex.raw(`create table ${OPTIMIZING_RUNS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          date text not null, state text not null, data jsonb not null);
          create index ${OPTIMIZING_RUNS_TABLE}_date on ${OPTIMIZING_RUNS_TABLE} (date, department_id);
          create index ${OPTIMIZING_RUNS_TABLE}_requested on ${OPTIMIZING_RUNS_TABLE} (id)
            where state = 'REQUESTED';`);
      },
    },
  ],
  rowId: (e) => (runEvents.has(e.type) ? (e.data as { id: string }).id : null),
  evolve(row, recorded) {
    const run = applyOptimizingEvent(row, recorded as unknown as OptimizingEvent);
    return run ? { ...run, ...metaOf(recorded) } : null;
  },
  columns: (row) => ({ department_id: row.departmentId, date: row.date, state: row.state }),
});

const suggestionEvents = new Set<string>([
  'RouteSuggested',
  'RouteSuggestionReordered',
  'RouteSuggestionConsignmentsRemoved',
  'RouteSuggestionCancelled',
  'RouteSuggestionApplied',
]);

/** A slot's suggested route beside its own; applied or cancelled, a tombstone. */
export const routeSuggestionsProjection = rowProjection<RouteSuggestionRow>({
  name: 'route_suggestions',
  table: ROUTE_SUGGESTIONS_TABLE,
  entity: ROUTE_SUGGESTIONS_ENTITY,
  migrations: [
    {
      name: '0001_rm_route_suggestions',
      async up(knex) {
        await knex.raw(`create table ${ROUTE_SUGGESTIONS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          date text not null, deleted boolean not null, data jsonb not null);
          create index ${ROUTE_SUGGESTIONS_TABLE}_date on ${ROUTE_SUGGESTIONS_TABLE} (date, department_id);`);
      },
    },
  ],
  rowId: (e) => (suggestionEvents.has(e.type) ? (e.data as { id: string }).id : null),
  tombstone: (row) => row.deleted,
  evolve(row, recorded) {
    const event = recorded as unknown as RouteSuggestionEvent;
    const meta = metaOf(recorded);
    switch (event.type) {
      case 'RouteSuggested':
        return { ...event.data, ...meta, deleted: false };
      case 'RouteSuggestionReordered':
      case 'RouteSuggestionConsignmentsRemoved':
        return row && !row.deleted ? { ...row, ...meta, stops: event.data.stops } : row;
      case 'RouteSuggestionCancelled':
      case 'RouteSuggestionApplied':
        return row ? { ...row, ...meta, deleted: true } : row;
      default:
        return row;
    }
  },
  columns: (row) => ({ department_id: row.departmentId, date: row.date, deleted: row.deleted }),
});
