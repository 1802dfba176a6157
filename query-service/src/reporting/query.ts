import {
  COURIERS_TABLE,
  SLOTS_TABLE,
  CUSTOMERS_TABLE,
  UNITS_TABLE,
  type ProductivityReport,
  type ReportGrouping,
  type ToInvoiceEstimate,
} from '@nordlog/contracts';
import { readableDepartments, type QueryHandler } from '../framework.js';
import { sumCells, totalsOf, type CellGrouping } from './cells.js';
import { toInvoiceEstimate } from './estimate.js';
import { invoicingReport } from './invoicing.js';
import { routeReport } from './routes.js';

/** The group of a cell, as SQL over the cell `c` and its slot `s`, and where its name is. */
const byName = 'label nulls last, g.key';
export const reportGroups: Record<ReportGrouping, CellGrouping> = {
  day: { key: `c.date::text`, order: 'g.key' },
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

/**
 * Query `productivityReport {departmentIds, fromDate, toDate, groupBy}` (docs/decisions/0080): the
 * cells of the departments' dates added up per group, and the totals; the routes' figures (0090,
 * 0105) and the invoiced amounts (0096) by the same groups: read models only. Departments outside the
 * reader's access are left out; none left is NO_ACCESS. Groups with nothing booked are left out;
 * days in order, the others by name, none last.
 */
export const productivityReport: QueryHandler<'productivityReport'> = async (
  { departmentIds, fromDate, toDate, groupBy },
  { knex, identity },
): Promise<ProductivityReport> => {
  const departments = readableDepartments(identity, departmentIds);
  const [rows, routes, invoicing] = await Promise.all([
    sumCells(knex, departments, fromDate, toDate, reportGroups[groupBy]),
    routeReport(knex, departments, fromDate, toDate, groupBy),
    invoicingReport(knex, departments, fromDate, toDate, reportGroups[groupBy]),
  ]);
  return { groupBy, rows, totals: totalsOf(rows), routes, invoicing };
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
