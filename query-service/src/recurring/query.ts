import {
  AppError,
  DEPARTMENTS_TABLE,
  HOLIDAYS_TABLE,
  MAX_MOVE_DAYS,
  ORDERS_TABLE,
  RECURRING_EXECUTIONS_TABLE,
  RECURRING_ORDERS_TABLE,
  RECURRING_RUNS_TABLE,
  addDays,
  comingDates,
  dayRules,
  inScope,
  type DepartmentRow,
  type RecurringCalendarDate,
  type RecurringExecutionRow,
  type RecurringOrderResult,
  type RecurringOrderRow,
  type RecurringRunRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { readDepartmentCalendar } from '../timeWindows/calendar.js';
import { allowedDepartments, assertDepartment, type QueryHandler } from '../framework.js';

/** Recurring-order queries (spec §7; docs/decisions/0058-recurring-orders.md). */

const rowsOf = async <T>(q: Knex.QueryBuilder): Promise<T[]> =>
  ((await q) as { data: T }[]).map((r) => r.data);

/** Query `recurringOrders {department}`: the department's recurring orders, oldest first. */
export const recurringOrders: QueryHandler<'recurringOrders'> = async ({ department }, ctx) => {
  assertDepartment(ctx.identity, department);
  return rowsOf<RecurringOrderRow>(
    ctx
      .knex(RECURRING_ORDERS_TABLE)
      .where({ department_id: department, deleted: false })
      .select('data')
      .orderBy('id'),
  );
};

/** Query `recurringOrdersForDepartmentIds {departmentIds}`: those of several departments. */
export const recurringOrdersForDepartmentIds: QueryHandler<
  'recurringOrdersForDepartmentIds'
> = async ({ departmentIds }, ctx) => {
  const allowed = allowedDepartments(ctx.identity, departmentIds);
  const q = ctx.knex(RECURRING_ORDERS_TABLE).where('deleted', false).select('data').orderBy('id');
  if (allowed !== '*') {
    if (allowed.length === 0) return [];
    q.whereIn('department_id', allowed);
  }
  return rowsOf<RecurringOrderRow>(q);
};

/**
 * Query `getRecurringExecutedDates {department}`: the dates executed, newest first, each as its
 * row (`date`, `executedAt`), which the socket patches.
 */
export const getRecurringExecutedDates: QueryHandler<'getRecurringExecutedDates'> = async (
  { department, fromDate, toDate },
  ctx,
) => {
  assertDepartment(ctx.identity, department);
  const q = ctx
    .knex(RECURRING_RUNS_TABLE)
    .where('department_id', department)
    .select('data')
    .orderBy('date', 'desc');
  if (fromDate) q.where('date', '>=', fromDate);
  if (toDate) q.where('date', '<=', toDate);
  return rowsOf<RecurringRunRow>(q);
};

/**
 * Query `recurringOrderResult {department, date}`: what executing the date did: the occurrences
 * booked on it (its own and those moved to it) and those of the date not booked, with why.
 */
export const recurringOrderResult: QueryHandler<'recurringOrderResult'> = async (
  { department, date },
  ctx,
) => {
  assertDepartment(ctx.identity, department);
  const rows = await rowsOf<RecurringExecutionRow>(
    ctx
      .knex(RECURRING_EXECUTIONS_TABLE)
      .where('department_id', department)
      .andWhere((w) => {
        w.where('date', date).orWhere('occurrence', date);
      })
      .select('data')
      .orderBy(['recurring_order_id', 'occurrence']),
  );
  const run = await ctx
    .knex(RECURRING_RUNS_TABLE)
    .where({ department_id: department, date })
    .first<{ data: { executedAt: string } } | undefined>('data');
  const ids = [...new Set(rows.map((r) => r.recurringOrderId))];
  const names = new Map(
    (
      await ctx
        .knex(RECURRING_ORDERS_TABLE)
        .whereIn('id', ids)
        .select<{ id: string; name: string }[]>('id', ctx.knex.raw(`data->>'name' as name`))
    ).map((r) => [String(r.id), r.name]),
  );
  const orderIds = rows.flatMap((r) => r.orderIds);
  const shipments =
    orderIds.length === 0
      ? []
      : await ctx
          .knex(ORDERS_TABLE)
          .whereIn('id', orderIds)
          .whereNotNull('shipment_id')
          .select<{ id: string; shipment_id: string }[]>('id', 'shipment_id');
  const result: RecurringOrderResult = {
    department,
    date,
    executedAt: run?.data.executedAt ?? null,
    rows: rows.map((r) => ({ ...r, name: names.get(r.recurringOrderId) ?? null })),
    shipmentIds: Object.fromEntries(shipments.map((s) => [String(s.id), s.shipment_id])),
  };
  return result;
};

/**
 * Query `recurringOrderCalendar {recurringOrderId, fromDate, toDate}`: the recurring order's
 * occurrences in the range, the date each books on (public holidays of the department's country
 * skip or move it), and what executing it did so far.
 */
export const recurringOrderCalendar: QueryHandler<'recurringOrderCalendar'> = async (
  { recurringOrderId, fromDate, toDate },
  ctx,
) => {
  const found = await ctx
    .knex(RECURRING_ORDERS_TABLE)
    .where({ id: recurringOrderId, deleted: false })
    .first<{ data: RecurringOrderRow } | undefined>('data');
  if (!found || !inScope(ctx.identity, found.data.departmentId, null))
    throw new AppError('NOT_FOUND', `Recurring order ${recurringOrderId} not found`);
  const recurring = found.data;
  const department = await ctx
    .knex(DEPARTMENTS_TABLE)
    .where('id', recurring.departmentId)
    .first<{ data: DepartmentRow } | undefined>('data');
  const holidays = new Set(
    (
      await ctx
        .knex(HOLIDAYS_TABLE)
        .where({ country: department?.data.country ?? '', type: 'PUBLIC_HOLIDAY', deleted: false })
        .whereBetween('date', [fromDate, addDays(toDate, MAX_MOVE_DAYS)])
        .select<{ date: string }[]>('date')
    ).map((h) => h.date),
  );
  // A day the department's calendar has no pickups counts as a holiday, as the execution
  // counts it (docs/decisions/0078).
  const calendar = department
    ? await readDepartmentCalendar(
        ctx.knex,
        department.data,
        fromDate,
        addDays(toDate, MAX_MOVE_DAYS),
      )
    : null;
  const closed = (d: string) =>
    holidays.has(d) || (calendar !== null && !dayRules(calendar, d, 'pickup').open);
  const executions = new Map(
    (
      await rowsOf<RecurringExecutionRow>(
        ctx
          .knex(RECURRING_EXECUTIONS_TABLE)
          .where('recurring_order_id', recurringOrderId)
          .whereBetween('occurrence', [fromDate, toDate])
          .select('data'),
      )
    ).map((r) => [r.occurrence, r]),
  );
  return comingDates(recurring, fromDate, toDate, closed).map((c): RecurringCalendarDate => ({
    ...c,
    holiday: closed(c.occurrence),
    execution: executions.get(c.occurrence) ?? null,
  }));
};
