import {
  AppError,
  DEPARTMENTS_TABLE,
  SHD_CAPACITY_TABLE,
  SHD_SETTINGS_TABLE,
  countryTimeZones,
  shdCapacityId,
  type DepartmentRow,
  type ShdCapacityRow,
  type ShdSettingsRow,
} from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/** Today's date (YYYY-MM-DD) in a time zone. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .slice(0, 10);

/**
 * Query `shdSettings {departmentId, date?}` (docs/decisions/0092-shd.md): the department's
 * same-day home delivery settings and one day's places (default: today in the department's time
 * zone): `used`, `free`. A department without settings answers SHD off, no services, capacity 0
 * and `revision: null`.
 */
export const shdSettings: QueryHandler<'shdSettings'> = async (
  { departmentId, date },
  { knex, identity },
) => {
  const allowed = allowedDepartments(identity, [departmentId]);
  if (allowed !== '*' && allowed.length === 0)
    throw new AppError('NO_ACCESS', `Department ${departmentId} is outside your access`);
  const department = await knex(DEPARTMENTS_TABLE)
    .where('id', departmentId)
    .first<{ data: DepartmentRow } | undefined>('data');
  if (!department) throw new AppError('NOT_FOUND', `Department ${departmentId} not found`);
  const timeZone = countryTimeZones[department.data.country] ?? 'Europe/Oslo';
  const day = date ?? todayIn(timeZone);
  const [settings, capacity] = await Promise.all([
    knex(SHD_SETTINGS_TABLE).where('id', departmentId).first('data') as Promise<
      { data: ShdSettingsRow } | undefined
    >,
    knex(SHD_CAPACITY_TABLE).where('id', shdCapacityId(departmentId, day)).first('data') as Promise<
      { data: ShdCapacityRow } | undefined
    >,
  ]);
  const row = settings?.data ?? {
    id: departmentId,
    departmentId,
    enabled: false,
    serviceIds: [],
    dailyCapacity: 0,
    revision: null,
    updatedAtEpoch: null,
  };
  const used = capacity?.data.used ?? 0;
  return {
    ...row,
    timeZone,
    date: day,
    used,
    free: Math.max(0, row.dailyCapacity - used),
    /** The day's row (the socket entity `shdCapacity`'s), null before its first place. */
    day: capacity?.data ?? null,
  };
};
