import {
  AppError,
  IMPORT_ROW_PATH,
  IMPORT_TEMPLATE_PATH,
  UPLOAD_ORDERS_PATH,
  denial,
  importPermissions,
  importRowSchema,
  inScope,
  orderImportColumns,
  uploadOrdersFieldsSchema,
  withoutPersonal,
  type Identity,
  type ImportRowResult,
} from '@nordlog/contracts';
import { jsonBody, requestIdentity, validationError, type Knex } from '@nordlog/platform';
import express, { type Request, type Response, type Router } from 'express';
import { ROWS, JOBS, bookRow, createJob, saveOutcomes, type ImportJobDeps } from './jobs.js';
import { readSheet } from './read.js';
import { readUpload } from './upload.js';
import { orderPayload, type ImportRunner } from './runner.js';
import { orderTemplateCsv, orderTemplateXlsx } from './template.js';
import { checkRows, headerColumns, rowValues } from './validate.js';
import { mountAddressUpload } from '../addressBook/upload.js';

export interface ImportApiDeps extends ImportJobDeps {
  runner: ImportRunner;
  identify?: (req: Request) => Identity;
}

/**
 * The import's HTTP calls (docs/decisions/0059-import.md), behind the gateway's session check:
 * `POST /uploadExcelOrdersV2 (departmentId, file)` (202 with the job), `POST /importRow` (a
 * refused row fixed and booked again) and `GET /importTemplate/orders.{xlsx,csv}`.
 */
export function createImportApi(deps: ImportApiDeps): Router {
  const identify = deps.identify ?? requestIdentity;
  const router = express.Router();
  const allowed = (req: Request) => {
    const identity = identify(req);
    const refused = denial(identity, importPermissions.upload, 'command');
    if (refused) throw new AppError('NO_ACCESS', refused);
    return identity;
  };

  router.post(UPLOAD_ORDERS_PATH, async (req, res) => {
    const identity = allowed(req);
    const upload = await readUpload(req);
    const fields = uploadOrdersFieldsSchema.safeParse(upload.fields);
    if (!fields.success) throw validationError(fields.error);
    const { departmentId } = fields.data;
    if (!inScope(identity, departmentId, null))
      throw new AppError('NO_ACCESS', `Department ${departmentId} is outside your access`);
    const sheet = await readSheet(upload.file);
    const [header, ...data] = sheet.rows;
    if (!header)
      throw new AppError('VALIDATION_ERROR', 'The file has no rows', { key: 'import.empty' });
    const byIndex = headerColumns(header);
    const checked = await checkRows(
      data.map((r) => ({ row: r.row, values: rowValues(byIndex, r) })),
      { knex: deps.knex, geocoder: deps.command.geocoder, departmentId, identity },
    );
    const importId = await createJob(deps.knex, {
      departmentId,
      identity,
      fileName: upload.fileName,
      rows: checked,
    });
    void deps.runner.kick(importId);
    const refused = checked.filter((r) => r.status === 'REFUSED').length;
    res.status(202).json({
      importId,
      status: 'RUNNING',
      format: sheet.format,
      ...(sheet.encoding ? { encoding: sheet.encoding } : {}),
      total: checked.length,
      refused,
      pending: checked.length - refused,
    });
  });

  router.post(IMPORT_ROW_PATH, ...jsonBody('256kb'), async (req: Request, res: Response) => {
    const identity = allowed(req);
    const parsed = importRowSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    res.json(await fixRow(deps, identity, parsed.data));
  });

  router.get(`${IMPORT_TEMPLATE_PATH}/:file`, async (req, res) => {
    allowed(req);
    const file = req.params.file;
    if (file === 'orders.csv')
      res
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="orders-import.csv"',
        })
        .send(orderTemplateCsv());
    else if (file === 'orders.xlsx')
      res
        .set({
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="orders-import.xlsx"',
        })
        .send(await orderTemplateXlsx());
    else throw new AppError('NOT_FOUND', 'Templates: orders.xlsx and orders.csv');
  });
  // The address book's upload (docs/decisions/0061-address-book.md).
  mountAddressUpload(router, { knex: deps.knex, command: deps.command, identify });
  return router;
}

interface StoredRow {
  row: number;
  status: string;
  values: Record<string, string>;
  attempts: number;
}

/** A refused row with the cells the planner fixed: checked again, and booked when it passes. */
async function fixRow(
  deps: ImportApiDeps,
  identity: Identity,
  fix: { importId: string; row: number; values: Record<string, string> },
): Promise<ImportRowResult> {
  const knex: Knex = deps.knex;
  const job = await knex(JOBS)
    .where({ id: fix.importId })
    .first<{ department_id: string; identity: Identity } | undefined>('department_id', 'identity');
  if (!job || !inScope(identity, job.department_id, null))
    throw new AppError('NOT_FOUND', `Import ${fix.importId} not found`);
  const stored = await knex(ROWS)
    .where({ import_id: fix.importId, row: fix.row })
    .first<StoredRow | undefined>('row', 'status', 'values', 'attempts');
  if (!stored)
    throw new AppError('NOT_FOUND', `Row ${fix.row} of import ${fix.importId} not found`);
  if (stored.status !== 'REFUSED')
    throw new AppError(
      'INVALID_STATE_TRANSITION',
      `Row ${fix.row} is ${stored.status === 'BOOKED' ? 'booked' : 'being booked'}: only a refused row is booked again`,
    );
  const values = { ...stored.values };
  for (const column of orderImportColumns)
    if (fix.values[column.key] !== undefined) values[column.key] = fix.values[column.key]!.trim();
  const others = await knex(ROWS)
    .where({ import_id: fix.importId })
    .whereNot({ row: fix.row })
    .whereIn('status', ['PENDING', 'BOOKED'])
    .whereRaw(`coalesce(values->>'customerRef', '') <> ''`)
    .select<{ row: number; customer_id: string | null; ref: string }[]>(
      'row',
      knex.raw(`values->>'customerId' as customer_id`),
      knex.raw(`values->>'customerRef' as ref`),
    );
  const takenRefs = new Map(
    others.map((o) => [`${(o.customer_id ?? '').trim()}\u0000${o.ref.trim()}`, o.row]),
  );
  const [checked] = await checkRows([{ row: fix.row, values }], {
    knex,
    geocoder: deps.command.geocoder,
    departmentId: job.department_id,
    takenRefs,
    identity,
  });
  let result = { status: checked!.status, errors: checked!.errors, orderId: null as string | null };
  if (checked!.status === 'PENDING') {
    // Booked as the planner who fixed it, with the next attempt's command id.
    const outcome = await bookRow(
      deps,
      { importId: fix.importId, identity },
      { row: fix.row, attempts: stored.attempts, payload: orderPayload(values, job.department_id) },
    );
    await saveOutcomes(knex, fix.importId, [outcome]);
    result = outcome;
  }
  const kept = result.status === 'BOOKED' ? withoutPersonal(values) : values;
  await knex(ROWS)
    .where({ import_id: fix.importId, row: fix.row })
    .update({
      values: JSON.stringify(kept),
      ...(checked!.status === 'REFUSED' ? { errors: JSON.stringify(checked!.errors) } : {}),
    });
  return {
    importId: fix.importId,
    row: fix.row,
    status: result.status,
    values: kept,
    errors: result.errors,
    orderId: result.orderId,
    shipmentId: null,
    attempts: stored.attempts + (checked!.status === 'PENDING' ? 1 : 0),
  };
}
