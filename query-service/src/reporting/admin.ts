import {
  ADMIN_REPORT_TOP_CUSTOMERS,
  CUSTOMERS_TABLE,
  DEPARTMENTS_TABLE,
  REPORT_DEPARTMENT_DAYS_TABLE,
  type AdminReport,
  type AdminReportType,
  type ProductivityRow,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';
import { sumCells, totalsOf, type CellGrouping } from './cells.js';
import { adminRouteReport } from './adminRoutes.js';
import { invoicingReport } from './invoicing.js';

const types: Record<AdminReportType, CellGrouping> = {
  departments: {
    key: `c.department_id::text`,
    names: DEPARTMENTS_TABLE,
    order: 'label nulls last, g.key',
    from: REPORT_DEPARTMENT_DAYS_TABLE,
  },
  customers: {
    key: `c.customer_id::text`,
    names: CUSTOMERS_TABLE,
    order: 'g.booked desc, label nulls last, g.key',
  },
  // Departments and days read the rollup per department and day (docs/decisions/0096): a month of
  // every department is some 3,000 rows instead of some 74,000 cells.
  days: { key: `c.date::text`, order: 'g.key', from: REPORT_DEPARTMENT_DAYS_TABLE },
};

/**
 * The customers with the most consignments by name, the others as one row (key null), so the
 * rows still add up to the totals.
 */
export function topCustomers(rows: ProductivityRow[]): ProductivityRow[] {
  if (rows.length <= ADMIN_REPORT_TOP_CUSTOMERS) return rows;
  const rest = rows.slice(ADMIN_REPORT_TOP_CUSTOMERS);
  return [
    ...rows.slice(0, ADMIN_REPORT_TOP_CUSTOMERS),
    { key: null, label: null, ...totalsOf(rest) },
  ];
}

/**
 * Query `adminReport {fromDate, toDate, type}` (docs/decisions/0082): the company's cells of the
 * dates, from the reporting read model the planner's report reads (never the consignments), per
 * department, customer or day, and the totals. ADMIN only, and an ADMIN sees every department
 * (the permission table's `allDepartments`): the report is the whole company's.
 */
export const adminReport: QueryHandler<'adminReport'> = async (
  { fromDate, toDate, type },
  { knex },
): Promise<AdminReport> => {
  const [rows, invoicing, routes] = await Promise.all([
    sumCells(knex, '*', fromDate, toDate, types[type]),
    invoicingReport(knex, '*', fromDate, toDate, types[type]),
    adminRouteReport(knex, fromDate, toDate, type),
  ]);
  const totals = totalsOf(rows);
  const shown = type === 'customers' ? topCustomers(rows) : rows;
  return { type, rows: shown, totals, invoicing, routes };
};
