import { z } from 'zod';
import { entityId } from '../common.js';
import { createOrderSchema } from '../consignments/order.js';
import { importRowStates } from './types.js';

export * from './columns.js';
export * from './rows.js';
export * from './types.js';

/**
 * Spreadsheet import (spec §7 `POST /uploadExcelOrdersV2`, `getImportStatus`, `getImportResults`;
 * docs/decisions/0059-import.md). An upload is a job: the file is read and every row validated
 * with the booking form's schema at once, then the valid rows are booked in batches through the
 * command path (CREATE_ORDER with one command id per row), and each row's outcome is kept.
 */

/** The spec's upload paths (served there and under `/api`, behind the session). */
export const UPLOAD_ORDERS_PATH = '/uploadExcelOrdersV2';
/** Books one fixed row again: `POST /api/importRow {importId, row, values}`. */
export const IMPORT_ROW_PATH = '/importRow';
/**
 * Drops a row's personal cells, a person's erasure (0059 addendum): `POST /api/importRow/erase
 * {importId, row}`, for an ADMIN of every department, as ERASE_PERSONAL_DATA.
 */
export const IMPORT_ROW_ERASE_PATH = '/importRow/erase';
export const eraseImportRowSchema = z.object({
  importId: z.uuid({ error: 'not a valid import id' }),
  row: z.number().int().min(2).max(1_000_000),
});
/** `GET /api/importTemplate/orders.xlsx` or `.csv`: the documented columns, one sample row. */
export const IMPORT_TEMPLATE_PATH = '/importTemplate';

/** The largest file taken (bytes): about 10,000 rows of the template with room to spare. */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
/** The most rows one file may hold; a longer file is refused whole (split it). */
export const MAX_IMPORT_ROWS = 10_000;
/** Rows booked per batch: one progress step and one write of their outcomes. */
export const IMPORT_BATCH_ROWS = 50;

const importId = z.uuid({ error: 'not a valid import id' });

/** `getImportStatus {importId?, departmentId?}`: one import, or the latest of a department. */
export const importStatusQuerySchema = z.object({
  importId: importId.optional(),
  departmentId: entityId.optional(),
});
/** `getImportResults {importId, status?}`: the rows of one import, in row order. */
export const importResultsQuerySchema = z.object({
  importId,
  status: z.enum(importRowStates).optional(),
});

/** `POST /api/importRow`: a refused row's cells as fixed on the screen, booked again. */
export const importRowSchema = z.object({
  importId,
  row: z.number().int().min(2).max(1_000_000),
  values: z.record(z.string().max(64), z.string().max(2000)),
});
export type ImportRowFix = z.infer<typeof importRowSchema>;

/** The multipart fields of `POST /uploadExcelOrdersV2` besides the file. */
export const uploadOrdersFieldsSchema = z.object({ departmentId: entityId });

/**
 * CREATE_ORDERS: a batch of orders booked in one command, all or none (one atomic append with
 * their shipment ids' reservations). The import books its rows so (docs/decisions/0059-import.md);
 * each order is CREATE_ORDER's payload with every rule of the booking form.
 */
export const MAX_ORDERS_PER_BATCH = 100;
export const createOrdersSchema = z.object({
  orders: z
    .array(createOrderSchema)
    .min(1, { error: 'validation.atLeastOne' })
    .max(MAX_ORDERS_PER_BATCH, { error: 'validation.tooMany' }),
});
export const importCommandSchemas = { CREATE_ORDERS: createOrdersSchema } as const;
