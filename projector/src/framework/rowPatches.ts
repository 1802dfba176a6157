import { scopeOf, type EntityName, type RecordedEvent } from '@nordlog/contracts';
import { preparedQuery, type Change, type Knex } from '@nordlog/platform';
import { foldRows, leftScope, type VersionedRow } from './rows.js';

/**
 * Events that change only some parts of a row that exists (docs/decisions/0048), e.g. an order's
 * invoicing. A row whose events in a batch are all such events is read as those parts only,
 * folded by the projection's own `evolve`, and updated in place: its `parts` merged into the
 * stored JSON and its `columns` set, one statement for the batch. Its change is published whole
 * (the outbox copies the row as stored, `Change.dataFrom`).
 *
 * A row whose fold changes anything else (a key outside `parts`, the row's scope, the row's
 * existence) is written by the whole-row path instead, so a declaration that says too little
 * costs a read, never a wrong row. What `evolve`, `applied`, `tombstone` and the entity's scope
 * read of such a row must be among `parts` and `reads`: the row they see holds nothing else.
 */
export interface RowPatches<Row extends VersionedRow> {
  /** Whether the event changes only `parts` of its row. */
  handles(event: RecordedEvent): boolean;
  /** The top-level keys such events may change (`revision` always). */
  parts: readonly (keyof Row & string)[];
  /** What else they, `applied`, `tombstone` and the scope read: paths, e.g. ['order', 'pickupDate']. */
  reads: readonly (readonly string[])[];
  /** The indexed columns that depend on `parts` alone (`revision` is always written). */
  columns(row: Row): Record<string, unknown>;
}

/** What the patch path needs of a row projection's spec. */
export interface PatchSpec<Row extends VersionedRow, Context> {
  table: string;
  entity: EntityName;
  patches: RowPatches<Row>;
  rowId(event: RecordedEvent): string | null;
  evolve(row: Row | null, event: RecordedEvent, context: Context): Row | null;
  applied?(row: Row, event: RecordedEvent): boolean;
  tombstone?(row: Row): boolean;
}

/** The rows of a batch whose every event is a patch (null: none). */
export function patchedRows<Row extends VersionedRow, Context>(
  spec: PatchSpec<Row, Context>,
  events: RecordedEvent[],
): Set<string> | null {
  const patched = new Set<string>();
  const whole = new Set<string>();
  for (const e of events) {
    const id = spec.rowId(e);
    if (id === null) continue;
    if (spec.patches.handles(e)) {
      if (!whole.has(id)) patched.add(id);
    } else {
      whole.add(id);
      patched.delete(id);
    }
  }
  return patched.size > 0 ? patched : null;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The paths read of a patched row, `id` and `revision` first. */
function pathsOf<Row extends VersionedRow>(patches: RowPatches<Row>): string[][] {
  const paths = [['id'], ['revision'], ...patches.parts.map((k) => [k]), ...patches.reads];
  for (const key of paths.flat())
    if (!KEY.test(key)) throw new Error(`row patches: "${key}" is not a plain key`);
  return paths.map((p) => [...p]);
}

/**
 * The statement that reads the paths of the rows (one array parameter of ids): each row as an
 * object of the paths' indices, without the paths the row does not have (JSON null is kept).
 */
const readStatement = (table: string, paths: string[][]) =>
  `select (select jsonb_object_agg(k, v) from (values ${paths
    .map((p, i) => `('${i}', t.data #> '{${p.join(',')}}')`)
    .join(', ')}) as x(k, v) where v is not null) as parts
   from ${table} t where t.id = any($1)`;

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let at = target;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at = (next !== null && typeof next === 'object' ? next : (at[key] = {})) as Record<
      string,
      unknown
    >;
  }
  at[path[path.length - 1]!] = value;
}

export interface FoldedPatches<Row> {
  /** Each patched row's parts as folded, with its scope's row (the same object). */
  patched: { row: Row; patch: Record<string, unknown> }[];
  /** Rows the patch path cannot write (see RowPatches): the whole-row path takes them. */
  whole: Set<string>;
}

/**
 * Reads the parts of the rows (one query) and folds the events into them. Returns the patches
 * and the rows to write whole instead.
 */
export async function foldPatches<Row extends VersionedRow, Context>(
  trx: Knex.Transaction,
  spec: PatchSpec<Row, Context>,
  events: RecordedEvent[],
  context: Context,
): Promise<FoldedPatches<Row>> {
  const paths = pathsOf(spec.patches);
  const ids = [...new Set(events.map((e) => spec.rowId(e)!))];
  const loaded = await preparedQuery<{ parts: Record<string, unknown> | null }>(
    trx,
    readStatement(spec.table, paths),
    [ids],
  );
  const originals: Row[] = [];
  for (const { parts } of loaded) {
    const row: Record<string, unknown> = {};
    for (const [i, value] of Object.entries(parts ?? {})) setPath(row, paths[Number(i)]!, value);
    originals.push(row as unknown as Row);
  }
  return foldParts(spec, originals, events, context);
}

/**
 * The fold of the patch path, given the rows as read (their parts): the patches to write, and
 * the rows the whole-row path must take (a fold that changed more than the declared parts).
 */
export function foldParts<Row extends VersionedRow, Context>(
  spec: PatchSpec<Row, Context>,
  loaded: Row[],
  events: RecordedEvent[],
  context: Context,
): FoldedPatches<Row> {
  const originals = new Map(loaded.map((row) => [String(row.id), row]));
  const rows = new Map<string, Row | null>(originals);
  const touched = foldRows(spec, rows, events, context);
  const writable = new Set<string>(['revision', ...spec.patches.parts]);
  const result: FoldedPatches<Row> = { patched: [], whole: new Set() };
  for (const id of touched) {
    const before = originals.get(id);
    const after = rows.get(id) ?? null;
    const patch = before && after ? patchOf(before, after, writable) : null;
    if (patch && sameScope(spec, before!, after!)) result.patched.push({ row: after!, patch });
    else result.whole.add(id);
  }
  return result;
}

/** The parts a fold changed, or null when it changed anything else (or took a part away). */
function patchOf<Row extends VersionedRow>(
  before: Row,
  after: Row,
  writable: ReadonlySet<string>,
): Record<string, unknown> | null {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (!writable.has(key)) {
      if (a[key] !== b[key]) return null;
    } else if (a[key] !== undefined) patch[key] = a[key];
    else if (b[key] !== undefined) return null;
  }
  return patch;
}

/** Whether the row stays in its scope and is no tombstone before or after. */
function sameScope<Row extends VersionedRow, Context>(
  spec: PatchSpec<Row, Context>,
  before: Row,
  after: Row,
): boolean {
  try {
    if (spec.tombstone?.(before) || spec.tombstone?.(after)) return false;
    return !leftScope(scopeOf(spec.entity, before), scopeOf(spec.entity, after));
  } catch {
    return false; // the scope reads a part the row was not read with
  }
}

/**
 * Updates the patched rows in place (one statement): the parts merged into `data` (a top-level
 * merge: each part replaces the stored one), `revision` and the patches' columns set. Returns
 * their changes, each the row as now stored (copied by the outbox).
 */
export async function writePatches<Row extends VersionedRow, Context>(
  trx: Knex.Transaction,
  spec: PatchSpec<Row, Context>,
  { patched }: FoldedPatches<Row>,
): Promise<Change[]> {
  if (patched.length === 0) return [];
  const records = patched.map(({ row, patch }) => ({
    ...spec.patches.columns(row),
    id: row.id,
    revision: row.revision,
    data: patch,
  }));
  const columns = Object.keys(records[0]!).filter((c) => c !== 'id' && c !== 'data');
  await preparedQuery(
    trx,
    `update ${spec.table} t
     set data = t.data || p.data, ${columns.map((c) => `${c} = p.${c}`).join(', ')}
     from jsonb_populate_recordset(null::${spec.table}, $1::jsonb) p
     where t.id = p.id`,
    [JSON.stringify(records)],
  );
  return patched.map(({ row }) => ({
    entity: spec.entity,
    op: 'upsert',
    id: row.id,
    revision: row.revision,
    data: null,
    scope: scopeOf(spec.entity, row),
    dataFrom: spec.table,
  }));
}
