import {
  AppError,
  IMPORT_BATCH_ROWS,
  commandIssues,
  importPersonalKeys,
  orderImportColumns,
  type ErrorItem,
  type Identity,
  type ImportRowError,
  type ImportRowState,
} from '@nordlog/contracts';
import { isUnavailable, type Knex, type Logger } from '@nordlog/platform';
import { createHash, randomUUID } from 'node:crypto';
import { executeCommand, type CommandServiceDeps } from '../service.js';
import type { CheckedRow } from './validate.js';

/**
 * The import job (docs/decisions/0059-import.md): a row of `import_jobs` and one of `import_rows`
 * per sheet row, owned by the job. The rows are booked in batches through the command path:
 * CREATE_ORDER as the uploader, with a command id made of (import, row, attempt), so a batch sent
 * again after a stop gets the first outcome back and never books a row twice.
 */

export const JOBS = 'import_jobs';
export const ROWS = 'import_rows';

/** A UUID (version 5 layout) named by the text: the same text, the same id. */
export function namedUuid(name: string): string {
  const h = createHash('sha1').update(`nordlog-import ${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
/** The command id of a row's booking: its `attempts` before the send (the count moves after). */
export const rowCommandId = (importId: string, row: number, attempts: number) =>
  namedUuid(`${importId} ${row} ${attempts}`);

/**
 * The identity the rows are booked as: the uploader's, who may book through the import that their
 * import flag grants (CREATE_ORDER needs PLANNER_BOOKING otherwise); departments, customers and
 * role stay theirs.
 */
export const importIdentity = (identity: Identity): Identity =>
  identity.access.includes('PLANNER_BOOKING') || identity.access.includes('*')
    ? identity
    : { ...identity, access: [...identity.access, 'PLANNER_BOOKING'] };

/** Rows of a batch booked at the same time. */
export const IMPORT_CONCURRENCY = 4;

export interface ImportJobDeps {
  knex: Knex;
  command: CommandServiceDeps;
  logger: Logger;
  /** Rows of a batch booked at the same time (default IMPORT_CONCURRENCY). */
  concurrency?: number;
}

/** Stores a new job with its checked rows (one transaction); the job is RUNNING. */
export async function createJob(
  knex: Knex,
  job: { departmentId: string; identity: Identity; fileName: string; rows: CheckedRow[] },
): Promise<string> {
  const id = randomUUID();
  await knex.transaction(async (trx) => {
    await trx(JOBS).insert({
      id,
      kind: 'ORDERS',
      department_id: job.departmentId,
      user_id: job.identity.userId,
      identity: JSON.stringify(job.identity),
      file_name: job.fileName.slice(0, 200),
      status: 'RUNNING',
      total: job.rows.length,
    });
    for (let i = 0; i < job.rows.length; i += 1000)
      await trx(ROWS).insert(
        job.rows.slice(i, i + 1000).map((r) => ({
          import_id: id,
          row: r.row,
          status: r.status,
          values: JSON.stringify(r.values),
          errors: JSON.stringify(r.errors),
        })),
      );
  });
  return id;
}

export interface RowOutcome {
  row: number;
  status: ImportRowState;
  errors: ImportRowError[];
  orderId: string | null;
}

/** Books one row: CREATE_ORDER with the row's command id; a refusal is the row's answer. */
export async function bookRow(
  deps: ImportJobDeps,
  job: { importId: string; identity: Identity },
  row: { row: number; payload: Record<string, unknown>; attempts: number },
): Promise<RowOutcome> {
  const commandId = rowCommandId(job.importId, row.row, row.attempts);
  let result: { status: number; body: unknown };
  try {
    result = await executeCommand(deps.command, {
      name: 'CREATE_ORDER',
      identity: importIdentity(job.identity),
      body: { type: 'CREATE_ORDER', payload: row.payload, commandId, correlationId: job.importId },
    });
  } catch (err) {
    // The store or the database gone: the row stays to be booked (the job resumes); a refusal
    // the command service throws is the row's answer.
    if (!(err instanceof AppError) || err.items[0]!.errorType === 'SERVICE_UNAVAILABLE') throw err;
    if (err.items[0]!.errorType === 'CONCURRENCY_CONFLICT') throw err;
    result = { status: err.status, body: err.items };
  }
  if (result.status === 200) {
    const body = result.body as { ids?: string[] };
    return { row: row.row, status: 'BOOKED', errors: [], orderId: body.ids?.[0] ?? null };
  }
  return {
    row: row.row,
    status: 'REFUSED',
    errors: commandIssues(orderImportColumns, result.body as ErrorItem[]),
    orderId: null,
  };
}

export interface PendingRow {
  row: number;
  values: Record<string, string>;
  attempts: number;
  /** Refused once as part of a batch: booked on its own since. */
  single: boolean;
}

/** The command id of a batch: its rows and their attempts (the same rows, the same id). */
export const batchCommandId = (
  importId: string,
  rows: readonly Pick<PendingRow, 'row' | 'attempts'>[],
) => namedUuid(`${importId} batch ${rows.map((r) => `${r.row}.${r.attempts}`).join(',')}`);

/**
 * Books rows together by CREATE_ORDERS (one atomic append, its outcome kept with it): their
 * outcomes, or null when the batch was refused (nothing of it was booked). Sent again after a
 * stop, the same rows have the same command id and get the first answer back.
 */
async function bookBatch(
  deps: ImportJobDeps,
  job: { importId: string; identity: Identity },
  rows: PendingRow[],
  payloadOf: (r: PendingRow) => Record<string, unknown>,
): Promise<RowOutcome[] | null> {
  const commandId = batchCommandId(job.importId, rows);
  let result: { status: number; body: unknown };
  try {
    result = await executeCommand(deps.command, {
      name: 'CREATE_ORDERS',
      identity: importIdentity(job.identity),
      body: {
        type: 'CREATE_ORDERS',
        payload: { orders: rows.map(payloadOf) },
        commandId,
        correlationId: job.importId,
      },
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const type = err.items[0]!.errorType;
    if (type === 'SERVICE_UNAVAILABLE' || type === 'CONCURRENCY_CONFLICT') throw err;
    return null;
  }
  if (result.status !== 200) return null;
  // Each order's id was allocated under `{commandId}:{index}` (CREATE_ORDERS).
  const keys = rows.map((_r, i) => `${commandId}:${i}`);
  const allocated = await deps
    .knex('id_allocations')
    .where('kind', 'order')
    .whereIn('key', keys)
    .select<{ key: string; id: string }[]>('key', deps.knex.raw('id::text as id'));
  const idOf = new Map(allocated.map((a) => [a.key, a.id]));
  return rows.map((r, i) => ({
    row: r.row,
    status: 'BOOKED',
    errors: [],
    orderId: idOf.get(keys[i]!) ?? null,
  }));
}

/** Writes a batch's outcomes in one statement; each row's attempts count one more. */
export async function saveOutcomes(knex: Knex, importId: string, outcomes: RowOutcome[]) {
  if (outcomes.length === 0) return;
  await knex.raw(
    // A booked row's personal cells go: the order holds them, sealed and erasable (0050, 0059).
    `update ${ROWS} r set status = o.status, errors = o.errors::jsonb, order_id = o.order_id,
       attempts = r.attempts + 1,
       values = case when o.status = 'BOOKED' then r.values - ?::text[] else r.values end
     from jsonb_to_recordset(?::jsonb) as o(row integer, status text, errors text, order_id text)
     where r.import_id = ? and r.row = o.row`,
    [
      [...importPersonalKeys],
      JSON.stringify(
        outcomes.map((o) => ({
          row: o.row,
          status: o.status,
          errors: JSON.stringify(o.errors),
          order_id: o.orderId,
        })),
      ),
      importId,
    ],
  );
}

/** Runs `fn` over `items`, at most `limit` at a time, keeping their order. */
export async function inParallel<T, R>(
  items: T[],
  limit: number,
  fn: (t: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Books the job's rows still to book, a batch at a time, until none is left; then the job is
 * DONE. A stop between a batch's bookings and its outcomes leaves its rows PENDING at the same
 * attempt: sent again, their command ids answer what was booked.
 */
export async function runJob(
  deps: ImportJobDeps,
  importId: string,
  payloadOf: (values: Record<string, string>, departmentId: string) => Record<string, unknown>,
  stopping: () => boolean = () => false,
): Promise<void> {
  const job = await deps
    .knex(JOBS)
    .where({ id: importId })
    .first<{ identity: Identity; department_id: string; status: string } | undefined>(
      'identity',
      'department_id',
      'status',
    );
  if (!job || job.status !== 'RUNNING') return;
  for (;;) {
    if (stopping()) return;
    const batch = await deps
      .knex(ROWS)
      .where({ import_id: importId, status: 'PENDING' })
      .orderBy('row')
      .limit(IMPORT_BATCH_ROWS)
      .select<PendingRow[]>('row', 'values', 'attempts', 'single');
    if (batch.length === 0) break;
    const one = { importId, identity: job.identity };
    const payload = (r: PendingRow) => payloadOf(r.values, job.department_id);
    const single = batch.filter((r) => r.single);
    const together = batch.filter((r) => !r.single);
    const outcomes: RowOutcome[] = [];
    if (together.length > 0) {
      const booked = await bookBatch(deps, one, together, payload);
      if (booked) outcomes.push(...booked);
      else {
        // Refused as a batch: from now on these rows are booked one by one, each for its answer.
        await deps
          .knex(ROWS)
          .where({ import_id: importId })
          .whereIn(
            'row',
            together.map((r) => r.row),
          )
          .update({ single: true });
        single.push(...together);
      }
    }
    outcomes.push(
      ...(await inParallel(single, deps.concurrency ?? IMPORT_CONCURRENCY, (r) =>
        bookRow(deps, one, { row: r.row, attempts: r.attempts, payload: payload(r) }),
      )),
    );
    await saveOutcomes(deps.knex, importId, outcomes);
  }
  await deps
    .knex(JOBS)
    .where({ id: importId, status: 'RUNNING' })
    .update({ status: 'DONE', finished_at: deps.knex.fn.now(), error: null });
}

export const isStoreDown = (err: unknown) =>
  isUnavailable(err as { code?: string; message?: string });
