import { scopeOf, type ChangeScope, type EntityName, type RecordedEvent } from '@nordlog/contracts';
import { copyRows, preparedQuery, type Change, type Knex, type Migration } from '@nordlog/platform';
import type { Projection } from './projection.js';
import type { BatchWrites } from './batchWrites.js';
import { foldRows, leftScope, type VersionedRow } from './rows.js';

export { leftScope, type VersionedRow };
import { foldPatches, patchedRows, writePatches, type RowPatches } from './rowPatches.js';

export interface RowProjectionSpec<Row extends VersionedRow, Context = undefined> {
  name: string;
  table: string;
  /** The entity name clients see on the socket; its scope and readers are contracts' `entityAccess`. */
  entity: EntityName;
  migrations: Migration[];
  /** The row an event concerns, or null when the projection ignores it. */
  rowId(event: RecordedEvent): string | null;
  /**
   * What `evolve` needs beyond the row and the event, read once per batch in the batch's
   * transaction (e.g. the names of the customers the batch's orders belong to).
   */
  prepare?(trx: Knex.Transaction, events: RecordedEvent[]): Promise<Context>;
  /** The new row (null: the row does not exist). Pure, given the batch's context. */
  evolve(row: Row | null, event: RecordedEvent, context: Context): Row | null;
  /** Indexed columns stored beside the row's JSON (`data`). */
  columns(row: Row): Record<string, unknown>;
  /**
   * Whether the row already has this event (redelivery). Default: the event's stream revision is
   * at or below the row's; a row fed by several streams keeps one revision per stream instead.
   */
  applied?(row: Row, event: RecordedEvent): boolean;
  /**
   * Whether a row only remembers that its entity was deleted. Such a row stays in the table (so a
   * redelivered event finds its revision and changes nothing) and is published as a delete;
   * queries leave it out.
   */
  tombstone?(row: Row): boolean;
  /** Events that change only some parts of a row, written in place (rowPatches.ts). */
  patches?: RowPatches<Row>;
}

/** What writing and publishing rows needs of a spec (whatever its evolve's context). */
export type TableSpec<Row extends VersionedRow> = Pick<
  RowProjectionSpec<Row>,
  'table' | 'entity' | 'columns' | 'tombstone'
>;

/**
 * One row per entity, kept as JSON plus indexed columns. A batch loads the rows it touches with
 * one query, folds the events in memory and writes each changed row once, so a rebuild costs a
 * few statements per thousand events. An event at or below a row's revision was applied already
 * and is skipped: delivering it twice changes nothing.
 */
export function rowProjection<Row extends VersionedRow, Context = undefined>(
  spec: RowProjectionSpec<Row, Context>,
): Projection {
  const projection: Projection = {
    name: spec.name,
    tables: [spec.table],
    entities: [spec.entity],
    migrations: spec.migrations,
    handles: (event) => spec.rowId(event) !== null,
    async apply(trx, events, writes) {
      const fresh = creationsOnly(spec, events);
      const patched =
        fresh || !spec.patches ? null : patchedRows({ ...spec, patches: spec.patches }, events);
      if (patched) return applyPatched(trx, spec, spec.patches!, events, patched);
      const folded = await fold(trx, spec, events, !fresh);
      if (!folded) return [];
      // The rows are written last: nothing of this projection reads its table after them.
      return fresh ? writeFresh(trx, spec, folded, writes) : write(trx, spec, folded, writes);
    },
    async applyBulk(trx, events) {
      const folded = await fold(trx, spec, events);
      if (folded) await writeBulk(trx, spec, folded);
    },
    async refold(trx, events) {
      const folded = await fold(trx, spec, events, false);
      if (!folded) return [];
      const ids = [...folded.touched];
      const current = await preparedQuery<{ data: Row }>(
        trx,
        `select data from ${spec.table} where id = any($1)`,
        [ids],
      );
      await purgeChanges(trx, spec.entity, ids);
      const originals = new Map<string, Row | null>(
        current.map((r) => [String(r.data.id), r.data]),
      );
      return write(trx, spec, { ...folded, originals });
    },
  };
  if (spec.patches)
    projection.withoutPatches = () => rowProjection({ ...spec, patches: undefined });
  return projection;
}

/**
 * Takes the changes published of these rows out of the outbox (rm_changes): after an erasure they
 * hold what was erased, and the rows' new changes follow in the same transaction.
 */
export async function purgeChanges(
  trx: Knex.Transaction,
  entity: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await preparedQuery(trx, 'delete from rm_changes where entity = $1 and entity_id = any($2)', [
    entity,
    [...ids],
  ]);
}

/**
 * A batch in which some rows get only patches (`patchedRows`): those rows are read as their
 * parts and updated in place, the others (and any the patch path gives back) read and written
 * whole, as without patches.
 */
async function applyPatched<Row extends VersionedRow, Context>(
  trx: Knex.Transaction,
  spec: RowProjectionSpec<Row, Context>,
  patches: RowPatches<Row>,
  events: RecordedEvent[],
  patched: Set<string>,
): Promise<Change[]> {
  const context = (spec.prepare ? await spec.prepare(trx, events) : undefined) as Context;
  const patchSpec = { ...spec, patches };
  const folded = await foldPatches(
    trx,
    patchSpec,
    events.filter((e) => patched.has(spec.rowId(e) ?? '')),
    context,
  );
  const rest = events.filter((e) => {
    const id = spec.rowId(e);
    return id !== null && (!patched.has(id) || folded.whole.has(id));
  });
  const changes: Change[] = [];
  if (rest.length > 0) {
    // The context read once for the batch.
    const whole = await fold(trx, { ...spec, prepare: () => Promise.resolve(context) }, rest);
    if (whole) changes.push(...(await write(trx, spec, whole)));
  }
  changes.push(...(await writePatches(trx, patchSpec, folded)));
  return changes;
}

interface Folded<Row> {
  rows: Map<string, Row | null>;
  originals: Map<string, Row | null>;
  touched: Set<string>;
}

/**
 * Whether each row the batch touches gets one event only, its stream's first (revision 0), as a
 * batch of bookings or new customers does, and the spec keeps one revision per row. Such an
 * event changes a row only where there is none yet (at any stored row it counts as applied), so
 * the rows need not be read: they are inserted where absent (`writeFresh`).
 */
function creationsOnly<Row extends VersionedRow, Context>(
  spec: RowProjectionSpec<Row, Context>,
  events: RecordedEvent[],
): boolean {
  if (spec.applied) return false;
  const ids = new Set<string>();
  for (const e of events) {
    const id = spec.rowId(e);
    if (id === null) continue;
    if (e.streamRevision !== 0 || ids.has(id)) return false;
    ids.add(id);
  }
  return true;
}

/**
 * Loads the rows a batch touches (one query; none with `load` false: every row is taken as
 * absent), folds the batch's events into them in memory.
 */
async function fold<Row extends VersionedRow, Context>(
  trx: Knex.Transaction,
  spec: RowProjectionSpec<Row, Context>,
  events: RecordedEvent[],
  load = true,
): Promise<Folded<Row> | null> {
  const ids = [
    ...new Set(events.map((e) => spec.rowId(e)).filter((id): id is string => id !== null)),
  ];
  if (ids.length === 0) return null;
  // One array parameter, however many rows (a list of bound values costs per value).
  const loaded = load
    ? await preparedQuery<{ data: Row }>(trx, `select data from ${spec.table} where id = any($1)`, [
        ids,
      ])
    : [];
  const context = (spec.prepare ? await spec.prepare(trx, events) : undefined) as Context;
  const rows = new Map<string, Row | null>(loaded.map((r) => [String(r.data.id), r.data]));
  const originals = new Map(rows);
  const touched = foldRows(spec, rows, events, context);
  return { rows, originals, touched };
}

/**
 * The changes of one written row. A row that left its scope is first published as deleted
 * under the old scope, so the sockets that follow the old department or date (and may not see
 * the new one) take it out of their lists; the row itself follows under its new scope. A client
 * that follows both gets both in one batch and keeps the newer (the upsert: same revision, later).
 */
export function rowChanges<Row extends VersionedRow>(
  spec: { entity: string; scope(row: Row): ChangeScope; tombstone?(row: Row): boolean },
  row: Row,
  before: Row | null,
): Change[] {
  const deleted = spec.tombstone?.(row) ?? false;
  const scope = spec.scope(row);
  const changes: Change[] = [];
  if (before && !(spec.tombstone?.(before) ?? false)) {
    const previous = spec.scope(before);
    if (leftScope(previous, scope))
      changes.push({
        entity: spec.entity,
        op: 'delete',
        id: row.id,
        revision: row.revision,
        data: null,
        scope: previous,
      });
  }
  changes.push({
    entity: spec.entity,
    op: deleted ? 'delete' : 'upsert',
    id: row.id,
    revision: row.revision,
    data: deleted ? null : row,
    scope,
  });
  return changes;
}

const record = <Row extends VersionedRow>(spec: TableSpec<Row>, row: Row) => ({
  id: row.id,
  revision: row.revision,
  data: row,
  ...spec.columns(row),
});

/** The rows to write and the ids to delete. */
function outcome<Row extends VersionedRow>({ rows, originals, touched }: Folded<Row>) {
  const upserts: Row[] = [];
  const deletes: string[] = [];
  for (const id of touched) {
    const row = rows.get(id) ?? null;
    if (row) upserts.push(row);
    else if (originals.get(id)) deletes.push(id);
  }
  return { upserts, deletes };
}

/**
 * The rebuild's write: rows new to the table go in by COPY (no conflict is possible: the batch
 * loaded every row it touches, under its checkpoint's lock), changed rows by the upsert, and
 * nothing is published.
 */
async function writeBulk<Row extends VersionedRow>(
  trx: Knex.Transaction,
  spec: TableSpec<Row>,
  folded: Folded<Row>,
): Promise<void> {
  const { upserts, deletes } = outcome(folded);
  const fresh = upserts.filter((row) => !folded.originals.get(row.id));
  const changed = upserts.filter((row) => folded.originals.get(row.id));
  await copyRows(
    trx,
    spec.table,
    fresh.map((row) => record(spec, row)),
  );
  await storeRows(trx, spec, changed, deletes);
}

/**
 * The write of a batch of creations (`creationsOnly`), folded without reading: each row is
 * inserted unless the table has it already (a redelivered creation: applied, as `fold` would have
 * found), and only the rows inserted are published. One statement, no read.
 */
async function writeFresh<Row extends VersionedRow>(
  trx: Knex.Transaction,
  spec: TableSpec<Row>,
  folded: Folded<Row>,
  writes?: BatchWrites,
): Promise<Change[]> {
  const { upserts } = outcome(folded);
  if (upserts.length === 0) return [];
  const records = upserts.map((row) => record(spec, row));
  const columns = Object.keys(records[0]!);
  const sql = `insert into ${spec.table} (${columns.join(', ')})
     select ${columns.join(', ')} from jsonb_populate_recordset(null::${spec.table}, $1::jsonb)
     on conflict (id) do nothing returning id::text as id`;
  const params = [JSON.stringify(records)];
  const publish = { ...spec, scope: (row: Row) => scopeOf(spec.entity, row) };
  if (writes)
    return writes.addGated(
      sql,
      params,
      upserts.flatMap((row) => rowChanges(publish, row, null)),
    );
  const inserted = await preparedQuery<{ id: string }>(trx, sql, params);
  const stored = new Set(inserted.map((r) => r.id));
  return upserts
    .filter((row) => stored.has(String(row.id)))
    .flatMap((row) => rowChanges(publish, row, null));
}

/**
 * Inserts or updates rows (one statement) and deletes rows (one statement). With `writes`, the
 * upsert is sent with the batch's other writes (the deletes, rare, at once).
 */
export async function storeRows<Row extends VersionedRow>(
  trx: Knex | Knex.Transaction,
  spec: TableSpec<Row>,
  upserts: Row[],
  deletes: string[],
  writes?: BatchWrites,
): Promise<void> {
  if (upserts.length > 0) {
    // One statement and one parameter for all rows: the rows travel as a JSON array and PostgreSQL
    // maps its keys onto the table's columns (far cheaper than thousands of bound values).
    const records = upserts.map((row) => record(spec, row));
    const columns = Object.keys(records[0]!);
    const updates = columns.filter((c) => c !== 'id').map((c) => `${c} = excluded.${c}`);
    const sql = `insert into ${spec.table} (${columns.join(', ')})
       select ${columns.join(', ')} from jsonb_populate_recordset(null::${spec.table}, $1::jsonb)
       on conflict (id) do update set ${updates.join(', ')}`;
    if (writes) writes.add(sql, [JSON.stringify(records)]);
    else await preparedQuery(trx, sql, [JSON.stringify(records)]);
  }
  if (deletes.length > 0) await trx(spec.table).whereIn('id', deletes).delete();
}

async function write<Row extends VersionedRow>(
  trx: Knex.Transaction,
  spec: TableSpec<Row>,
  folded: Folded<Row>,
  writes?: BatchWrites,
): Promise<Change[]> {
  const { upserts, deletes } = outcome(folded);
  const { originals } = folded;
  await storeRows(trx, spec, upserts, deletes, writes);
  const publish = { ...spec, scope: (row: Row) => scopeOf(spec.entity, row) };
  return [
    ...upserts.flatMap((row) => rowChanges(publish, row, originals.get(row.id) ?? null)),
    ...deletes.map((id): Change => {
      const before = originals.get(id)!;
      return {
        entity: spec.entity,
        op: 'delete',
        id,
        revision: before.revision + 1,
        data: null,
        scope: publish.scope(before),
      };
    }),
  ];
}
