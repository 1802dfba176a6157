import {
  AppError,
  CONSIGNMENT_GRID_TABLE,
  DEPARTMENTS_TABLE,
  EXPORT_QUERY_PATH,
  SLOTS_TABLE,
  countryTimeZones,
  customerScope,
  denial,
  downloadPermissions,
  exportColumnsFor,
  exportFileName,
  exportOrdersSchema,
  type ExportColumn,
  type ExportOrdersParams,
  type Identity,
} from '@nordlog/contracts';
import {
  copyQueryTo,
  jsonBody,
  requestIdentity,
  validationError,
  type Knex,
} from '@nordlog/platform';
import type { Request, Response, Router } from 'express';
import { assertDepartment } from '../framework.js';
import { minPosition } from '../minPosition.js';
import { UTF8_BOM } from '../routeLists/csv.js';
import type { QueryServiceDeps } from '../service.js';
import { writeXlsx } from './xlsx.js';

const G = CONSIGNMENT_GRID_TABLE;
const S = SLOTS_TABLE;

/**
 * The grid row's fields the export reads, each with its SQL type: read once per row into the
 * record `r` (`jsonb_to_record`), since a lookup per column in the row's JSON costs four times as
 * much (docs/decisions/0060, measured with the bench's database).
 */
const recordFields = new Map<string, 'text' | 'numeric' | 'jsonb'>();
const field = (name: string) => {
  if (!recordFields.has(name)) recordFields.set(name, 'text');
  return `r."${name}"`;
};
const number = (name: string) => {
  recordFields.set(name, 'numeric');
  return `r."${name}"`;
};
const json = (name: string) => {
  recordFields.set(name, 'jsonb');
  return `r."${name}"`;
};

export const exportExpressions: Record<string, string> = {
  orderId: field('orderId'),
  shipmentId: field('shipmentId'),
  date: `to_char(g.date, 'YYYY-MM-DD')`,
  state: 'g.state',
  type: field('type'),
  priority: field('priority'),
  customerId: 'g.customer_id::text',
  customerName: field('customerName'),
  customerRef: field('customerRef'),
  recipientRef: field('recipientRef'),
  pickupName: field('pickupName'),
  pickupAddress: field('pickupAddress'),
  pickupZipCode: field('pickupZipCode'),
  pickupZipArea: field('pickupZipArea'),
  pickupCountryCode: field('pickupCountryCode'),
  pickupTimeEarliest: field('pickupTimeEarliest'),
  pickupTimeLatest: field('pickupTimeLatest'),
  deliveryName: field('deliveryName'),
  deliveryAddress: field('deliveryAddress'),
  deliveryZipCode: field('deliveryZipCode'),
  deliveryZipArea: field('deliveryZipArea'),
  deliveryCountryCode: field('deliveryCountryCode'),
  deliveryTimeEarliest: field('deliveryTimeEarliest'),
  deliveryTimeLatest: field('deliveryTimeLatest'),
  packageCount: number('packageCount'),
  weightKg: number('weightValue'),
  volumeDm3: number('volumeValue'),
  lengthCm: number('lengthValue'),
  widthCm: number('widthValue'),
  heightCm: number('heightValue'),
  packageIds: `array_to_string(array(select jsonb_array_elements_text(${json('packageIds')})), ' ')`,
  slotName: `s.data->>'name'`,
  deviationReason: field('deviationReason'),
  rejectionReason: field('rejectionReason'),
  createdAt: `to_char(nullif(${field('createdAt')}, '')::timestamptz at time zone :tz, 'YYYY-MM-DD HH24:MI')`,
  departmentId: 'g.department_id::text',
  slotId: 'g.slot_id::text',
  groupId: field('groupId'),
  loadCarrierId: field('loadCarrierId'),
  pickupLat: number('pickupLat'),
  pickupLng: number('pickupLng'),
  pickupPrecision: field('pickupPrecision'),
  deliveryLat: number('deliveryLat'),
  deliveryLng: number('deliveryLng'),
  deliveryPrecision: field('deliveryPrecision'),
  revision: 'g.revision',
  updatedAt: `to_char(to_timestamp(g.updated_at_epoch / 1000.0) at time zone :tz, 'YYYY-MM-DD HH24:MI')`,
};

/** The record's column list (after every expression above named its fields). */
export const exportRecord = [...recordFields].map(([name, type]) => `"${name}" ${type}`).join(', ');

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, tab, carriage return first: OWASP "CSV
 * injection") gets a leading apostrophe, as the product's other CSV files do (routeLists/csv.ts).
 */
const guarded = (sql: string) => `regexp_replace(${sql}, '^([=+@\\t\\r-])', '''\\1')`;

/** The select list: each column as its header, text guarded in CSV. */
function selectList(columns: readonly ExportColumn[], csv: boolean): string {
  return columns
    .map((c) => {
      const sql = exportExpressions[c.name];
      if (!sql) throw new Error(`No SQL for export column ${c.name}`);
      const value = csv && c.kind === 'text' ? guarded(sql) : sql;
      return `${value} as "${c.name}"`;
    })
    .join(', ');
}

/** The export's rows: the department's orders of the range (not deleted), by date and id. */
function exportQuery(
  knex: Knex,
  identity: Identity,
  params: ExportOrdersParams,
  timeZone: string,
  select: string,
): Knex.QueryBuilder {
  const q = knex(`${G} as g`)
    .joinRaw(`cross join lateral jsonb_to_record(g.data) as r(${exportRecord})`)
    .leftJoin(`${S} as s`, 's.id', 'g.slot_id')
    .select(knex.raw(select, { tz: timeZone }))
    .where('g.department_id', params.department)
    .whereBetween('g.date', [params.fromDate, params.toDate])
    .whereNot('g.state', 'DELETED');
  const customers = customerScope(identity);
  if (customers) q.whereIn('g.customer_id', customers);
  return q;
}

/** The department's time zone (its country's), or not found. */
async function departmentTimeZone(knex: Knex, id: string): Promise<string> {
  const row = await knex(DEPARTMENTS_TABLE)
    .where('id', id)
    .first<{ country: string } | undefined>('country');
  if (!row) throw new AppError('NOT_FOUND', `Department ${id} not found`);
  return countryTimeZones[row.country] ?? 'Europe/Oslo';
}

/**
 * Spec §7 `POST /query` with the export query `{department, fromDate, toDate,
 * isRemoveControlColumnsChecked}` (docs/decisions/0060): CSV (UTF-8 with a BOM, comma-separated,
 * a header line) streamed straight from PostgreSQL's COPY, or xlsx with `format: "xlsx"`, written
 * a page of rows at a time. Neither holds the file in memory.
 */
export function mountOrdersExport(router: Router, deps: QueryServiceDeps): void {
  router.post(
    EXPORT_QUERY_PATH,
    jsonBody('16kb'),
    minPosition(deps.waitForPosition, deps.minPositionWaitMs),
    async (req: Request, res: Response) => {
      const identity = (deps.identify ?? requestIdentity)(req);
      const refused = denial(identity, downloadPermissions[EXPORT_QUERY_PATH], 'query');
      if (refused) throw new AppError('NO_ACCESS', refused);
      const parsed = exportOrdersSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw validationError(parsed.error);
      const params = parsed.data;
      assertDepartment(identity, params.department);
      const timeZone = await departmentTimeZone(deps.knex, params.department);
      const columns = exportColumnsFor(params.isRemoveControlColumnsChecked);
      const csv = params.format === 'csv';
      const query = exportQuery(
        deps.knex,
        identity,
        params,
        timeZone,
        selectList(columns, csv),
      ).orderBy([
        { column: 'g.date', order: 'asc' },
        { column: 'g.id', order: 'asc' },
      ]);
      res.status(200).set({
        'Content-Type': csv
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="${exportFileName(params)}"`,
        'Cache-Control': 'no-store',
      });
      try {
        if (csv) {
          res.write(UTF8_BOM);
          await copyQueryTo(deps.knex, query.toQuery(), 'format csv, header true', res);
          res.end();
        } else {
          await writeXlsx(res, columns, (after, limit) => {
            const page = query.clone().limit(limit).select(pageKeys(deps.knex));
            if (after)
              page.whereRaw('(g.date, g.id) > (?::date, ?::bigint)', [after.date, after.id]);
            return page as Promise<Record<string, unknown>[]>;
          });
        }
      } catch (error) {
        // The client hung up: nobody is left to answer, and nothing went wrong here.
        if (res.destroyed) return;
        throw error;
      }
    },
  );
}

/** The key (date and id) each row of an xlsx page carries, under names no column has. */
const pageKeys = (k: Knex) => [
  k.raw(`to_char(g.date, 'YYYY-MM-DD') as "__date"`),
  k.raw(`g.id::text as "__id"`),
];
