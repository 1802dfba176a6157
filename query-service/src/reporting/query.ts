import {
  AppError,
  COURIERS_TABLE,
  CUSTOMERS_TABLE,
  REPORT_CELLS_TABLE,
  SLOTS_TABLE,
  UNITS_TABLE,
  addCounts,
  emptyCounts,
  reportCountFields,
  type ProductivityReport,
  type ProductivityRow,
  type ReportCounts,
  type ReportGrouping,
} from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/** The group of a cell, as SQL over the cell `c` and its slot `s`, and where its name is. */
const groups: Record<ReportGrouping, { key: string; names?: string }> = {
  day: { key: `c.date::text` },
  customer: { key: `c.customer_id::text`, names: CUSTOMERS_TABLE },
  // A slot's courier and unit now (docs/decisions/0080): who drives it is who did its work.
  courier: { key: `s.courier_id::text`, names: COURIERS_TABLE },
  unit: { key: `s.data->>'unitId'`, names: UNITS_TABLE },
};

const snake = (f: string) => f.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

interface GroupRow extends Omit<ReportCounts, 'reasons'> {
  key: string | null;
  label: string | null;
  reasons: Record<string, number>[];
}

/** Reasons summed, those at zero left out (a cell keeps a reason at zero once it had one). */
function sumReasons(all: Record<string, number>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const r of all) for (const [k, n] of Object.entries(r)) sum[k] = (sum[k] ?? 0) + n;
  return Object.fromEntries(Object.entries(sum).filter(([, n]) => n !== 0));
}

/**
 * Query `productivityReport {departmentIds, fromDate, toDate, groupBy}` (docs/decisions/0080): the
 * cells of the departments' dates added up per group, and the totals. Departments outside the
 * reader's access are left out; none left is NO_ACCESS. Groups with nothing booked are left out;
 * days in order, the others by name, none last.
 */
export const productivityReport: QueryHandler<'productivityReport'> = async (
  { departmentIds, fromDate, toDate, groupBy },
  { knex, identity },
): Promise<ProductivityReport> => {
  const allowed = allowedDepartments(identity, departmentIds);
  if (allowed !== '*' && allowed.length === 0)
    throw new AppError('NO_ACCESS', 'The departments are outside your access');
  const departments = allowed === '*' ? departmentIds : allowed;
  const group = groups[groupBy];
  const sums = reportCountFields.map((f) => `sum(c.${snake(f)})::integer as "${f}"`).join(', ');
  const label = group.names
    ? `(select n.name from ${group.names} n where n.id = g.key::bigint)`
    : 'null';
  const { rows } = await knex.raw<{ rows: GroupRow[] }>(
    `select g.*, ${label} as label from (
       select ${group.key} as key, ${sums}, jsonb_agg(c.reasons) as reasons
       from ${REPORT_CELLS_TABLE} c
       left join ${SLOTS_TABLE} s on s.id = c.slot_id
       where c.department_id = any(?::bigint[]) and c.date between ?::date and ?::date
       group by 1) g
     where g.booked > 0
     order by ${groupBy === 'day' ? 'g.key' : 'label'} nulls last, g.key`,
    [departments, fromDate, toDate],
  );
  const out: ProductivityRow[] = rows.map((r) => ({ ...r, reasons: sumReasons(r.reasons) }));
  const totals = out.reduce<ReportCounts>((sum, r) => addCounts(sum, r), emptyCounts());
  return { groupBy, rows: out, totals };
};
