import {
  SLOT_SCANS_ENTITY,
  SLOT_SCANS_TABLE,
  type ScanEvent,
  type SlotScansRow,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

type Recorded = Extract<ScanEvent, { type: 'ScansRecorded' }>;

/**
 * The scans of each slot (docs/decisions/0064-courier-scans.md): every recorded scan, oldest
 * first, with what it did and the warning the courier saw; the phone's position stays in the
 * sealed event.
 */
export const slotScansProjection = rowProjection<SlotScansRow>({
  name: 'slotScans',
  table: SLOT_SCANS_TABLE,
  entity: SLOT_SCANS_ENTITY,
  migrations: [
    {
      name: '0001_rm_slot_scans',
      async up(knex) {
        await knex.raw(`create table ${SLOT_SCANS_TABLE} (
          id bigint primary key, revision integer not null, department_id bigint not null,
          date date not null, data jsonb not null);
          create index ${SLOT_SCANS_TABLE}_department_date on ${SLOT_SCANS_TABLE}
            (department_id, date);`);
      },
    },
  ],
  rowId: (e) => (e.type === 'ScansRecorded' ? (e.data as Recorded['data']).slotId : null),
  evolve(row, e) {
    const { data } = e as unknown as Recorded;
    const stamp = { recordedAt: e.metadata.occurredAt, recordedBy: e.metadata.userId };
    const scans = data.scans.map(({ position: _p, ...scan }) => ({ ...scan, ...stamp }));
    return {
      id: data.slotId,
      departmentId: data.departmentId,
      date: data.date,
      courierId: data.courierId,
      scans: [...(row?.scans ?? []), ...scans],
      revision: e.streamRevision,
      updatedAtEpoch: Date.parse(e.metadata.occurredAt),
    };
  },
  columns: (row) => ({ department_id: row.departmentId, date: row.date }),
});
