import type { ChangeScope, RecordedEvent } from '@nordlog/contracts';

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

/** What folding a batch's events into rows needs of a projection's spec. */
export interface RowFolder<Row extends VersionedRow, Context> {
  rowId(event: RecordedEvent): string | null;
  applied?(row: Row, event: RecordedEvent): boolean;
  evolve(row: Row | null, event: RecordedEvent, context: Context): Row | null;
}

/**
 * Folds a batch's events into `rows` (by id; absent: no row), in place, and returns the ids whose
 * row they changed. An event at or below a row's revision (or `applied`, for a row fed by several
 * streams) was applied already and is skipped.
 */
export function foldRows<Row extends VersionedRow, Context>(
  spec: RowFolder<Row, Context>,
  rows: Map<string, Row | null>,
  events: readonly RecordedEvent[],
  context: Context,
): Set<string> {
  const touched = new Set<string>();
  for (const event of events) {
    const id = spec.rowId(event);
    if (id === null) continue;
    const current = rows.get(id) ?? null;
    const applied = spec.applied
      ? current !== null && spec.applied(current, event)
      : current !== null && event.streamRevision <= current.revision;
    if (applied) continue;
    const next = spec.evolve(current, event, context);
    if (next === current) continue; // the event changes nothing here
    rows.set(id, next);
    touched.add(id);
  }
  return touched;
}
