import type { RecordedEvent } from '@nordlog/contracts';
import type { VersionedRow } from './rowProjection.js';

type Entity = { id: string };

/**
 * Row id and evolve for a reference entity (department, customer, …) whose events are a
 * `{created: entity}` and `{updated: {id, changes}}` pair; rows add revision and updatedAtEpoch.
 */
export function referenceRows<Row extends VersionedRow & Entity & { updatedAtEpoch: number }>(
  created: string,
  updated: string,
) {
  const isMine = (e: RecordedEvent) => e.type === created || e.type === updated;
  return {
    rowId: (e: RecordedEvent) => (isMine(e) ? (e.data as Entity).id : null),
    evolve(row: Row | null, e: RecordedEvent): Row | null {
      if (!isMine(e)) return row;
      const meta = {
        revision: e.streamRevision,
        updatedAtEpoch: Date.parse(e.metadata.occurredAt),
      };
      if (e.type === created)
        return { ...(e.data as Omit<Row, 'revision' | 'updatedAtEpoch'>), ...meta } as Row;
      return row ? { ...row, ...(e.data as { changes: Partial<Row> }).changes, ...meta } : row;
    },
  };
}
