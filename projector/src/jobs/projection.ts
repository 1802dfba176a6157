import {
  JOBS_ENTITY,
  JOBS_TABLE,
  type JobEvent,
  type JobSwitchRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

const isJobEvent = (e: RecordedEvent) => e.type === 'JobEnabled' || e.type === 'JobDisabled';

/**
 * The jobs' switches (docs/decisions/0076-admin-jobs.md): a row per job ever switched; a job
 * without a row is enabled. Every process that runs a job reads it before each pass.
 */
export const jobsProjection = rowProjection<JobSwitchRow>({
  name: 'jobs',
  table: JOBS_TABLE,
  entity: JOBS_ENTITY,
  migrations: [
    {
      name: '0001_rm_jobs',
      async up(knex) {
        await knex.raw(`create table ${JOBS_TABLE} (
          id text primary key, revision integer not null, enabled boolean not null,
          data jsonb not null);`);
      },
    },
  ],
  rowId: (e) => (isJobEvent(e) ? (e.data as JobEvent['data']).id : null),
  evolve(row, e) {
    if (!isJobEvent(e)) return row;
    const data = e.data as JobEvent['data'];
    return {
      id: data.id,
      enabled: e.type === 'JobEnabled',
      changedBy: data.changedBy,
      changedAt: data.changedAt,
      revision: e.streamRevision,
      updatedAtEpoch: Date.parse(e.metadata.occurredAt),
    };
  },
  columns: (row) => ({ enabled: row.enabled }),
});
