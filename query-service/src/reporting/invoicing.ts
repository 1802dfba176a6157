import {
  REPORT_INVOICING_CELLS_TABLE,
  amountsOf,
  invoicingTotals,
  type InvoicingReport,
  type InvoicingRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { groupParts, type CellGrouping } from './cells.js';

interface GroupRow {
  key: string | null;
  label: string | null;
  invoiced: number;
  unpriced: number;
  toInvoice: number;
  amounts: Record<string, number>[];
}

/**
 * The invoiced amounts of the departments' dates (docs/decisions/0096), from the
 * `reportInvoicing` read model's cells, by the grouping the counts use (its key, name and order;
 * always the invoicing cells, which share the counts' keys). Groups with nothing invoiced or to
 * invoice are left out; amounts are added per currency.
 */
export async function invoicingReport(
  knex: Knex,
  departments: readonly string[] | '*',
  fromDate: string,
  toDate: string,
  group: CellGrouping,
): Promise<InvoicingReport> {
  const { label, slot, inDepartments } = groupParts(departments, group);
  const order = group.order.replace(/g\.booked desc, /, '');
  const { rows } = await knex.raw<{ rows: GroupRow[] }>(
    `select g.*, ${label} as label from (
       select ${group.key} as key, sum(c.invoiced)::integer as "invoiced",
         sum(c.unpriced)::integer as "unpriced", sum(c.to_invoice)::integer as "toInvoice",
         coalesce(jsonb_agg(c.amounts) filter (where c.amounts <> '{}'::jsonb), '[]') as amounts
       from ${REPORT_INVOICING_CELLS_TABLE} c ${slot}
       where ${inDepartments} c.date between ?::date and ?::date
       group by 1) g
     where g."invoiced" > 0 or g."toInvoice" > 0
     order by ${order}`,
    (departments === '*' ? [fromDate, toDate] : [[...departments], fromDate, toDate]) as never,
  );
  const out: InvoicingRow[] = rows.map((r) => ({ ...r, amounts: amountsOf(r.amounts) }));
  return { rows: out, totals: invoicingTotals(out) };
}
