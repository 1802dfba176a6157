import type { ChangeScope } from '@nordlog/contracts';

/** A read-model row: its id and the stream revision of the last event applied to it. */
export interface VersionedRow {
  id: string;
  revision: number;
}

/**
 * Whether a change took a row out of a scope a socket follows (its department, customer or
 * date): a move to another department, a new pickup date. The state is not one (the client
 * judges states itself).
 */
export function leftScope(before: ChangeScope, after: ChangeScope): boolean {
  return (
    before.departmentId !== after.departmentId ||
    before.customerId !== after.customerId ||
    before.date !== after.date ||
    JSON.stringify(before.departmentIds) !== JSON.stringify(after.departmentIds)
  );
}
