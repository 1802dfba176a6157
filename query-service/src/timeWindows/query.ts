import {
  AppError,
  DEPARTMENTS_TABLE,
  DEPARTMENT_TIME_WINDOWS_TABLE,
  PRODUCTION_TIME_WINDOWS_TABLE,
  countryTimeZones,
  type DepartmentRow,
  type DepartmentTimeWindowRow,
  type ProductionTimeWindowRow,
} from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/**
 * Query `departmentTimeWindows {departmentId}` (spec §7; docs/decisions/0078): the department's
 * week in its time zone. A department without one answers empty hours (open at every hour) and
 * `revision: null`.
 */
export const departmentTimeWindows: QueryHandler<'departmentTimeWindows'> = async (
  { departmentId },
  { knex, identity },
) => {
  const allowed = allowedDepartments(identity, [departmentId]);
  if (allowed !== '*' && allowed.length === 0)
    throw new AppError('NO_ACCESS', `Department ${departmentId} is outside your access`);
  const [department, week] = await Promise.all([
    knex(DEPARTMENTS_TABLE).where('id', departmentId).first('data') as Promise<
      { data: DepartmentRow } | undefined
    >,
    knex(DEPARTMENT_TIME_WINDOWS_TABLE).where('id', departmentId).first('data') as Promise<
      { data: DepartmentTimeWindowRow } | undefined
    >,
  ]);
  if (!department) throw new AppError('NOT_FOUND', `Department ${departmentId} not found`);
  const timeZone = countryTimeZones[department.data.country] ?? 'Europe/Oslo';
  if (week) return { ...week.data, timeZone };
  return {
    id: departmentId,
    departmentId,
    pickupHours: [],
    deliveryHours: [],
    bookingCutoff: null,
    minimumLeadMinutes: 0,
    revision: null,
    updatedAtEpoch: null,
    timeZone,
  };
};

/**
 * Query `productionTimeWindows {departmentId?, fromDate?, toDate?}`: the windows of a department
 * (else of every department the reader sees) that share a day with the dates, by start.
 */
export const productionTimeWindows: QueryHandler<'productionTimeWindows'> = async (
  params,
  { knex, identity },
) => {
  const allowed = allowedDepartments(
    identity,
    params.departmentId ? [params.departmentId] : undefined,
  );
  if (allowed !== '*' && allowed.length === 0) return [];
  const q = knex(PRODUCTION_TIME_WINDOWS_TABLE)
    .where('deleted', false)
    .select('data')
    .orderBy([{ column: 'department_id' }, { column: 'from_date' }]);
  if (allowed !== '*') q.whereIn('department_id', allowed);
  if (params.fromDate) q.where('to_date', '>=', params.fromDate);
  if (params.toDate) q.where('from_date', '<=', params.toDate);
  return ((await q) as { data: ProductionTimeWindowRow }[]).map((r) => r.data);
};
