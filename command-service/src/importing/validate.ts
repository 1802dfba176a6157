import {
  AppError,
  ORDERS_TABLE,
  CUSTOMERS_TABLE,
  inScope,
  type CustomerRow,
  type Identity,
  cellText,
  columnOfHeader,
  createOrderSchema,
  messageOf,
  orderImportColumns,
  rowIssues,
  rowPayload,
  type ImportColumn,
  type ImportRowError,
  type ImportRowState,
} from '@nordlog/contracts';
import type { Geocoder, Knex } from '@nordlog/platform';
import type { SheetRow } from './read.js';

/**
 * A sheet's rows checked as the booking form checks an order (docs/decisions/0059-import.md):
 * CREATE_ORDER's own zod schema, then what the form's server answers beside it: a postal code the
 * gazetteer does not know, and a customer reference used by another row of the file or by an
 * order of the customer already booked.
 */

export interface CheckedRow {
  row: number;
  status: ImportRowState;
  values: Record<string, string>;
  errors: ImportRowError[];
}

const columns = orderImportColumns;

/** The columns the header row names, by cell index. */
export function headerColumns(
  header: SheetRow,
  columns: readonly ImportColumn[] = orderImportColumns,
): (ImportColumn | undefined)[] {
  const found = header.cells.map((cell) => columnOfHeader(columns, cellText(cell, 'text')));
  if (!found.some(Boolean))
    throw new AppError(
      'VALIDATION_ERROR',
      `The first row names none of the import's columns (${columns.map((c) => c.key).join(', ')}): download the template`,
      { key: 'import.noHeader' },
    );
  return found;
}

/** A row's cells by column key, as text. */
export function rowValues(
  byIndex: readonly (ImportColumn | undefined)[],
  row: SheetRow,
): Record<string, string> {
  const values: Record<string, string> = {};
  byIndex.forEach((column, i) => {
    if (!column) return;
    const text = cellText(row.cells[i], column.kind);
    if (text !== '' || !(column.key in values)) values[column.key] = text;
  });
  return values;
}

export interface RowChecks {
  geocoder?: Geocoder | undefined;
  knex: Knex;
  departmentId: string;
  /** Rows whose references count as taken besides the booked orders' (a fixed row: the file's). */
  takenRefs?: Map<string, number>;
  /** Who uploads: a customer named by its number is one they see. */
  identity?: Identity;
}

const refKey = (customerId: string, ref: string) => `${customerId}\u0000${ref.trim()}`;

/** Checks every row; the answers keep the rows' order. */
export async function checkRows(
  rows: { row: number; values: Record<string, string> }[],
  checks: RowChecks,
): Promise<CheckedRow[]> {
  const unknown = await customersByNumber(rows, checks);
  const out: CheckedRow[] = rows.map(({ row, values }) => {
    const parsed = createOrderSchema.safeParse(rowPayload(columns, values, checks.departmentId));
    const errors = parsed.success ? [] : rowIssues(columns, parsed.error);
    if (!unknown.has(row))
      return { row, values, status: errors.length ? 'REFUSED' : 'PENDING', errors };
    // The customer's number names no customer: that is the row's refusal, not a missing id.
    return {
      row,
      values,
      status: 'REFUSED',
      errors: [
        {
          column: 'customerNumber',
          key: 'validation.unknownId',
          message: messageOf('validation.unknownId'),
        },
        ...errors.filter((e) => e.column !== 'customerId'),
      ],
    };
  });
  await checkPostalCodes(out, checks.geocoder);
  await checkReferences(out, checks);
  return out;
}

const numberKey = (number: string, sub: string) => `${number.trim()}\u0000${sub.trim()}`;

/**
 * Rows that name their customer by number and sub-customer instead of by id (as a shipper knows
 * itself; 0059 addendum) get the customer's id in their cells; answers the rows whose number
 * names no customer the uploader sees. The department's own customers come first, then those of
 * no department, then the others.
 */
async function customersByNumber(
  rows: { row: number; values: Record<string, string> }[],
  checks: RowChecks,
): Promise<Set<number>> {
  const asked = rows.filter(
    (r) =>
      (r.values.customerId?.trim() ?? '') === '' && (r.values.customerNumber?.trim() ?? '') !== '',
  );
  const unknown = new Set<number>();
  if (asked.length === 0) return unknown;
  const numbers = [...new Set(asked.map((r) => r.values.customerNumber!.trim()))];
  const rank = (c: CustomerRow) =>
    c.departmentId === checks.departmentId ? 0 : c.departmentId === null ? 1 : 2;
  const found = (
    await checks
      .knex(CUSTOMERS_TABLE)
      .whereRaw(`data->>'alystraId' = any(?)`, [numbers])
      .orderBy('id')
      .select<{ data: CustomerRow }[]>('data')
  )
    .map((r) => r.data)
    .filter((c) => !checks.identity || inScope(checks.identity, c.departmentId, c.id))
    .sort((a, b) => rank(a) - rank(b));
  const byNumber = new Map<string, string>();
  for (const c of found) {
    const key = numberKey(c.alystraId, c.alystraSubcustomer);
    if (!byNumber.has(key)) byNumber.set(key, c.id);
  }
  for (const r of asked) {
    const id = byNumber.get(numberKey(r.values.customerNumber!, r.values.subcustomer ?? ''));
    if (id) r.values.customerId = id;
    else unknown.add(r.row);
  }
  return unknown;
}

const refuse = (row: CheckedRow, column: string, key: string) => {
  if (row.errors.some((e) => e.column === column)) return;
  row.status = 'REFUSED';
  row.errors.push({ column, key, message: messageOf(key) });
};

async function checkPostalCodes(rows: CheckedRow[], geocoder: Geocoder | undefined) {
  const knows = geocoder?.knowsPostalCode?.bind(geocoder);
  if (!knows) return;
  const cache = new Map<string, Promise<boolean | null>>();
  const known = (country: string, code: string) => {
    const key = `${country} ${code}`;
    if (!cache.has(key))
      cache.set(
        key,
        knows(country, code).catch(() => null),
      );
    return cache.get(key)!;
  };
  for (const row of rows) {
    for (const side of ['pickup', 'delivery'] as const) {
      const code = row.values[`${side}ZipCode`]?.trim() ?? '';
      const column = `${side}ZipCode`;
      if (code === '' || row.errors.some((e) => e.column === column)) continue;
      const country = (row.values[`${side}Country`]?.trim() || 'NO').toUpperCase();
      if ((await known(country, code)) === false) refuse(row, column, 'validation.zipCodeUnknown');
    }
  }
}

async function checkReferences(rows: CheckedRow[], checks: RowChecks) {
  const seen = new Map<string, number>(checks.takenRefs ?? []);
  const asked: { row: CheckedRow; key: string }[] = [];
  for (const row of rows) {
    const ref = row.values.customerRef?.trim() ?? '';
    const customerId = row.values.customerId?.trim() ?? '';
    if (ref === '') continue;
    const key = refKey(customerId, ref);
    if (seen.has(key) && seen.get(key) !== row.row)
      refuse(row, 'customerRef', 'validation.duplicateReference');
    else {
      seen.set(key, row.row);
      asked.push({ row, key });
    }
  }
  const refs = [...new Set(asked.map((a) => a.row.values.customerRef!.trim()))];
  if (refs.length === 0) return;
  // Orders already booked for the same customer with the same reference (not deleted ones).
  const booked = await checks
    .knex(ORDERS_TABLE)
    .where('department_id', checks.departmentId)
    .whereRaw(`data->'order'->>'customerRef' = any(?)`, [refs])
    .whereNot('state', 'DELETED')
    .select<{ customer_id: string; ref: string }[]>(
      knex().raw('customer_id::text as customer_id'),
      knex().raw(`data->'order'->>'customerRef' as ref`),
    );
  function knex() {
    return checks.knex;
  }
  const taken = new Set(booked.map((b) => refKey(b.customer_id, b.ref)));
  for (const { row, key } of asked)
    if (taken.has(key)) refuse(row, 'customerRef', 'validation.duplicateReference');
}
