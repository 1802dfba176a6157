import {
  REPORT_CELLS_TABLE,
  SLOTS_TABLE,
  addCounts,
  emptyCounts,
  reportCountFields,
  type ProductivityRow,
  type ReportCounts,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * The one place a report's numbers are added up (docs/decisions/0080, 0082): the cells of
 * `rm_report_cells` of the dates (and the departments, unless every one), summed per group. Both
 * the planner's report and the admin report go through here, so the same consignments give the
 * same numbers on both.
 */
export interface CellGrouping {
  /** The group's key, as SQL over the cell `c` and its slot `s` (null: none). */
  key: string;
  /** The table of the key's names (`id`, `name`), if any. */
  names?: string;
  /** Else the key's name as SQL over the group `g` (a slot's name is in its data). */
  label?: string;
  /** The rows' order, as SQL over the group `g` (its `key`, `booked`…) and `label`. */
  order: string;
  /**
   * The table read as `c` (default the cells): the rollup per department and day
   * (docs/decisions/0096) for a key of the department or the date alone.
   */
  from?: string;
}

const snake = (f: string) => f.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

export interface CellGroupRow extends Omit<ReportCounts, 'reasons'> {
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

/** The totals of rows. */
export const totalsOf = (rows: readonly ReportCounts[]): ReportCounts =>
  rows.reduce<ReportCounts>((sum, r) => addCounts(sum, r), emptyCounts());

/** A grouping's name (SQL over `g`), slot join and department filter (SQL over `c`). */
export function groupParts(
  departments: readonly string[] | '*',
  group: CellGrouping,
): { label: string; slot: string; inDepartments: string } {
  return {
    label: group.names
      ? `(select n.name from ${group.names} n where n.id = g.key::bigint)`
      : (group.label ?? 'null'),
    slot: group.key.includes('s.') ? `left join ${SLOTS_TABLE} s on s.id = c.slot_id` : '',
    inDepartments: departments === '*' ? '' : 'c.department_id = any(?::bigint[]) and',
  };
}

/**
 * The SQL of `sumCells` and its bindings: the groups of the cells of `departments` ('*': all)
 * from `fromDate` to `toDate`, groups with nothing booked left out. The slot is joined only when
 * the key reads it. Only the cells with reasons send them (most have none; a month of every
 * department is some 70,000 cells, docs/decisions/0088). A department's cells are read from
 * `rm_report_cells_department_counts` alone: a column read here and not in that index would
 * send every cell to the table (the reporting e2e test checks the plan).
 */
export function cellsQuery(
  departments: readonly string[] | '*',
  fromDate: string,
  toDate: string,
  group: CellGrouping,
): { sql: string; bindings: unknown[] } {
  const sums = reportCountFields.map((f) => `sum(c.${snake(f)})::integer as "${f}"`).join(', ');
  const { label, slot, inDepartments } = groupParts(departments, group);
  return {
    sql: `select g.*, ${label} as label from (
       select ${group.key} as key, ${sums},
         coalesce(jsonb_agg(c.reasons) filter (where c.reasons <> '{}'::jsonb), '[]') as reasons
       from ${group.from ?? REPORT_CELLS_TABLE} c ${slot}
       where ${inDepartments} c.date between ?::date and ?::date
       group by 1) g
     where g.booked > 0
     order by ${group.order}`,
    bindings: departments === '*' ? [fromDate, toDate] : [[...departments], fromDate, toDate],
  };
}

/** The groups of the cells (`cellsQuery`), their reasons summed. */
export async function sumCells(
  knex: Knex,
  departments: readonly string[] | '*',
  fromDate: string,
  toDate: string,
  group: CellGrouping,
): Promise<ProductivityRow[]> {
  const { sql, bindings } = cellsQuery(departments, fromDate, toDate, group);
  const { rows } = await knex.raw<{ rows: CellGroupRow[] }>(sql, bindings as never);
  return cellRows(rows);
}

/** The report rows of `cellsQuery`'s rows: each group's reasons summed. */
export const cellRows = (rows: readonly CellGroupRow[]): ProductivityRow[] =>
  rows.map((r) => ({ ...r, reasons: sumReasons(r.reasons) }));
