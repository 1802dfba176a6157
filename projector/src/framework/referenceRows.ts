import type { RecordedEvent } from '@nordlog/contracts';
import type { VersionedRow } from './rows.js';

type Entity = { id: string };

/**
 * Row id and evolve for a reference entity (department, customer, …) whose events are a
 * `{created: entity}` and `{updated: {id, changes}}` pair; rows add revision and updatedAtEpoch.
 * With a `deleted` event (`{id}`) rows carry `deleted` and a deletion leaves a tombstone (see
 * `RowProjectionSpec.tombstone`); an entity that is never changed has no `updated` event (null).
 */
export function referenceRows<Row extends VersionedRow & Entity & { updatedAtEpoch: number }>(
  created: string,
  updated: string | null,
  deleted?: string,
) {
  const isMine = (e: RecordedEvent) =>
    e.type === created ||
    (updated !== null && e.type === updated) ||
    (deleted !== undefined && e.type === deleted);
  return {
    rowId: (e: RecordedEvent) => (isMine(e) ? (e.data as Entity).id : null),
    tombstone: (row: Row) => (row as { deleted?: boolean }).deleted === true,
    evolve(row: Row | null, e: RecordedEvent): Row | null {
      if (!isMine(e)) return row;
      const meta = {
        revision: e.streamRevision,
        updatedAtEpoch: Date.parse(e.metadata.occurredAt),
      };
      if (e.type === deleted) return row ? { ...row, ...meta, deleted: true } : row;
      if (e.type === created)
        return {
          ...(e.data as Omit<Row, 'revision' | 'updatedAtEpoch'>),
          ...meta,
          ...(deleted === undefined ? {} : { deleted: false }),
        } as Row;
      if (!row || (row as { deleted?: boolean }).deleted) return row;
      return { ...row, ...(e.data as { changes: Partial<Row> }).changes, ...meta };
    },
  };
}
