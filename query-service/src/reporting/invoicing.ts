import {
  REPORT_INVOICING_CELLS_TABLE,
  amountsOf,
  invoicingTotals,
  type InvoicingReport,
  type InvoicingRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { groupParts, type CellGrouping } from './cells.js';

export interface InvoicingGroupRow {
  key: string | null;
  label: string | null;
  invoiced: number;
  unpriced: number;
  toInvoice: number;
  amounts: Record<string, number>[];
}

/**
 * The SQL of the invoiced amounts of the departments' dates (docs/decisions/0096) and its
 * bindings: the `reportInvoicing` read model's cells by the grouping the counts use (its key,
 * name and order; always the invoicing cells, which share the counts' keys). Groups with nothing
 * invoiced or to invoice are left out.
 */
export function invoicingQuery(
  departments: readonly string[] | '*',
  fromDate: string,
  toDate: string,
  group: CellGrouping,
): { sql: string; bindings: unknown[] } {
  const { label, slot, inDepartments } = groupParts(departments, group);
  const order = group.order.replace(/g\.booked desc, /, '');
  return {
    sql: `select g.*, ${label} as label from (
       select ${group.key} as key, sum(c.invoiced)::integer as "invoiced",
         sum(c.unpriced)::integer as "unpriced", sum(c.to_invoice)::integer as "toInvoice",
         coalesce(jsonb_agg(c.amounts) filter (where c.amounts <> '{}'::jsonb), '[]') as amounts
       from ${REPORT_INVOICING_CELLS_TABLE} c ${slot}
       where ${inDepartments} c.date between ?::date and ?::date
       group by 1) g
     where g."invoiced" > 0 or g."toInvoice" > 0
     order by ${order}`,
    bindings: departments === '*' ? [fromDate, toDate] : [[...departments], fromDate, toDate],
  };
}

/** An invoicing report of `invoicingQuery`'s rows: amounts added per currency, the totals. */
export function invoicingRows(rows: readonly InvoicingGroupRow[]): InvoicingReport {
  const out: InvoicingRow[] = rows.map((r) => ({ ...r, amounts: amountsOf(r.amounts) }));
  return { rows: out, totals: invoicingTotals(out) };
}

/** The invoiced amounts of the departments' dates (`invoicingQuery`, `invoicingRows`). */
export async function invoicingReport(
  knex: Knex,
  departments: readonly string[] | '*',
  fromDate: string,
  toDate: string,
  group: CellGrouping,
): Promise<InvoicingReport> {
  const { sql, bindings } = invoicingQuery(departments, fromDate, toDate, group);
  const { rows } = await knex.raw<{ rows: InvoicingGroupRow[] }>(sql, bindings as never);
  return invoicingRows(rows);
}
