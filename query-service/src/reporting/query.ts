import {
  COURIERS_TABLE,
  SLOTS_TABLE,
  CUSTOMERS_TABLE,
  REPORT_DEPARTMENT_DAYS_TABLE,
  UNITS_TABLE,
  type ProductivityReport,
  type ReportGrouping,
  type ToInvoiceEstimate,
} from '@nordlog/contracts';
import { readableDepartments, type QueryHandler } from '../framework.js';
import { cellRows, cellsQuery, totalsOf, type CellGroupRow, type CellGrouping } from './cells.js';
import { toInvoiceEstimate } from './estimate.js';
import { invoicingQuery, invoicingRows, type InvoicingGroupRow } from './invoicing.js';
import { routeQuery, routeRows, type GroupSums } from './routes.js';

/** The group of a cell, as SQL over the cell `c` and its slot `s`, and where its name is. */
const byName = 'label nulls last, g.key';
export const reportGroups: Record<ReportGrouping, CellGrouping> = {
  // A department's days from the rollup per department and day (docs/decisions/0096, 0106): a
  // month is some 30 rows instead of some 700 cells.
  day: { key: `c.date::text`, order: 'g.key', from: REPORT_DEPARTMENT_DAYS_TABLE },
  customer: { key: `c.customer_id::text`, names: CUSTOMERS_TABLE, order: byName },
  // A slot's courier and unit now (docs/decisions/0080): who drives it is who did its work.
  courier: { key: `s.courier_id::text`, names: COURIERS_TABLE, order: byName },
  unit: { key: `s.data->>'unitId'`, names: UNITS_TABLE, order: byName },
  // A slot's route (0090); slot 0 is none.
  slot: {
    key: `nullif(c.slot_id, 0)::text`,
    label: `(select n.data->>'name' from ${SLOTS_TABLE} n where n.id = g.key::bigint)`,
    order: byName,
  },
};

/** A part's rows as one JSON array, in the part's order. */
const asJson = (sql: string) => `(select coalesce(json_agg(x), '[]') from (${sql}) x)`;

/**
 * Query `productivityReport {departmentIds, fromDate, toDate, groupBy}` (docs/decisions/0080): the
 * cells of the departments' dates added up per group, and the totals; the routes' figures (0090,
 * 0105) and the invoiced amounts (0096) by the same groups: read models only, in one statement
 * (0106: one round trip), planned with its values each time: a prepared one's generic plan, made
 * without them, read every department's month. Departments outside the reader's access are left
 * out; none left is NO_ACCESS. Groups with nothing booked are left out; days in order, the others
 * by name, none last.
 */
export const productivityReport: QueryHandler<'productivityReport'> = async (
  { departmentIds, fromDate, toDate, groupBy },
  { knex, identity },
): Promise<ProductivityReport> => {
  const departments = readableDepartments(identity, departmentIds);
  const group = reportGroups[groupBy];
  const parts = [
    cellsQuery(departments, fromDate, toDate, group),
    routeQuery(departments, fromDate, toDate, groupBy),
    invoicingQuery(departments, fromDate, toDate, group),
  ];
  const [cells, routes, invoicing] = parts.map((p) => (p ? asJson(p.sql) : 'null'));
  const { rows } = await knex.raw<{
    rows: { cells: CellGroupRow[]; routes: GroupSums[] | null; invoicing: InvoicingGroupRow[] }[];
  }>(
    `select ${cells} as cells, ${routes} as routes, ${invoicing} as invoicing`,
    parts.flatMap((p) => p?.bindings ?? []) as never,
  );
  const { cells: cellGroups, routes: routeGroups, invoicing: invoiced } = rows[0]!;
  const report = cellRows(cellGroups);
  return {
    groupBy,
    rows: report,
    totals: totalsOf(report),
    routes: routeGroups ? routeRows(routeGroups, groupBy) : null,
    invoicing: invoicingRows(invoiced),
  };
};

/**
 * Query `toInvoiceEstimate {departmentIds, fromDate, toDate}` (docs/decisions/0101, 0105): the
 * amount still to invoice of the departments' dates at today's prices. Departments outside the
 * reader's access are left out; none left is NO_ACCESS (as the report).
 */
export const toInvoiceEstimateQuery: QueryHandler<'toInvoiceEstimate'> = async (
  { departmentIds, fromDate, toDate },
  { knex, identity },
): Promise<ToInvoiceEstimate> => {
  return toInvoiceEstimate(knex, readableDepartments(identity, departmentIds), fromDate, toDate);
};
