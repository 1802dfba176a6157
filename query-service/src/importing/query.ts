import {
  AppError,
  ORDERS_TABLE,
  type Identity,
  type ImportRowResult,
  type ImportStatus,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/**
 * The import's queries (spec §7 `getImportStatus`, `getImportResults {importId}`;
 * docs/decisions/0059-import.md), over the tables the import job owns.
 */
const JOBS = 'import_jobs';
const ROWS = 'import_rows';

/** Status rows (newest first) with the counts of their rows' states. */
async function statusRows(
  knex: Knex,
  filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  limit = 50,
): Promise<ImportStatus[]> {
  const rows: Record<string, unknown>[] = await filter(knex(`${JOBS} as j`))
    .orderBy('j.created_at', 'desc')
    .limit(limit)
    .select(
      'j.id',
      'j.kind',
      'j.department_id',
      'j.file_name',
      'j.status',
      'j.total',
      'j.user_id',
      'j.created_at',
      'j.finished_at',
      'j.error',
      knex.raw(
        `(select jsonb_object_agg(s.status, s.n) from (select status, count(*)::int as n from ${ROWS} r where r.import_id = j.id group by status) s) as counts`,
      ),
    );
  return rows.map((r) => {
    const counts = (r.counts ?? {}) as Record<string, number>;
    return {
      importId: String(r.id),
      kind: 'ORDERS',
      departmentId: String(r.department_id),
      fileName: String(r.file_name),
      status: r.status as ImportStatus['status'],
      total: Number(r.total),
      booked: counts.BOOKED ?? 0,
      refused: counts.REFUSED ?? 0,
      pending: counts.PENDING ?? 0,
      userId: String(r.user_id),
      createdAt: new Date(r.created_at as string).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at as string).toISOString() : null,
      error: (r.error as string | null) ?? null,
    };
  });
}

/** Only the imports of departments the caller may see. */
function inDepartments(identity: Identity, asked?: string) {
  const allowed = allowedDepartments(identity, asked ? [asked] : undefined);
  return (q: Knex.QueryBuilder) => (allowed === '*' ? q : q.whereIn('j.department_id', allowed));
}

/** `getImportStatus {importId?, departmentId?}`: that import, or the department's latest 50. */
export const getImportStatus: QueryHandler<'getImportStatus'> = async (params, ctx) => {
  const scoped = inDepartments(ctx.identity, params.departmentId);
  return statusRows(ctx.knex, (q) => {
    const q2 = scoped(q);
    return params.importId ? q2.where('j.id', params.importId) : q2;
  });
};

/** `getImportResults {importId, status?}`: every row of the import with its outcome. */
export const getImportResults: QueryHandler<'getImportResults'> = async (params, ctx) => {
  const [job] = await statusRows(ctx.knex, (q) =>
    inDepartments(ctx.identity)(q).where('j.id', params.importId),
  );
  if (!job) throw new AppError('NOT_FOUND', `Import ${params.importId} not found`);
  let q = ctx
    .knex(`${ROWS} as r`)
    .leftJoin(`${ORDERS_TABLE} as o`, 'o.id', ctx.knex.raw('r.order_id::bigint'))
    .where('r.import_id', params.importId)
    .orderBy('r.row')
    .select<
      {
        row: number;
        status: ImportRowResult['status'];
        values: Record<string, string>;
        errors: ImportRowResult['errors'];
        order_id: string | null;
        shipment_id: string | null;
        attempts: number;
      }[]
    >('r.row', 'r.status', 'r.values', 'r.errors', 'r.order_id', 'o.shipment_id', 'r.attempts');
  if (params.status) q = q.where('r.status', params.status);
  const rows = await q;
  return rows.map((r): ImportRowResult => ({
    importId: params.importId,
    row: r.row,
    status: r.status,
    values: r.values,
    errors: r.errors,
    orderId: r.order_id,
    shipmentId: r.shipment_id,
    attempts: r.attempts,
  }));
};
