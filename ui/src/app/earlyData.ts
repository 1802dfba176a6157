import { defaultTimeZone, todayIn } from '../i18n/locales';
import { slotViewsParams } from '../planner/planning/slotParams';
import { consignmentsPageParams } from '../planner/rowsParams';
import { runQueryEarly } from '../shell/api';

/** The shipments grid's page size (shipmentsData's `pageSize`; a unit test holds them equal). */
export const ROWS_PAGE = 5000;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A plain department id (access/routes' `isDepartmentParam` without groups). */
const plainDepartment = /^[1-9]\d{0,17}$/;

/**
 * The queries a main page at `path` will ask for first, as (name, params) with the very
 * parameters the page builds (slotParams, rowsParams): the entry asks for them beside the session
 * (shell/api's `runQueryEarly`), so that the page finds its answers on their way or arrived
 * instead of asking after the app's first render (docs/decisions/0046-web-start-up.md, addendum).
 * Only what the URL settles alone: a plain department (a group's members come with the department
 * list) and a date written in the URL; anything else is left to the page.
 */
export function earlyQueries(path: string, today: string): [string, unknown][] {
  const m = /^\/planner\/([^/]+)\/([^/]+)(?:\/(.*))?$/.exec(path);
  if (!m?.[1] || !plainDepartment.test(m[1])) return [];
  const departmentIds = [m[1]];
  const screen = m[2];
  const rest = (m[3] ?? '').split('/');
  const perDepartment: [string, unknown][] = [
    ['units', { departmentIds }],
    ['couriers', { departmentIds }],
  ];
  if (screen === 'planning') {
    // `/planning/{date}` and `/planning/slots/{date}/{slotId}`.
    const date = rest[0] === 'slots' ? rest[1] : rest[0];
    if (!date || !isoDate.test(date)) return [];
    return [
      ['slots', slotViewsParams(departmentIds, date)],
      ...perDepartment,
      ['vehicles', { departmentIds }],
    ];
  }
  if (screen === 'live') {
    // `/live/{date}` and `/live/{date}/slots/{slotId}`; the driven slots of earlier days on today's.
    const date = rest[0];
    if (!date || !isoDate.test(date)) return [];
    return [
      ['slots', slotViewsParams(departmentIds, date, true, false, date === today)],
      ...perDepartment,
      ['courierLocationsByDepartmentId', { departmentId: departmentIds[0] }],
    ];
  }
  if (screen === 'shipments' || screen === 'shipments-search') {
    // All states of a range, no search phrase: `/shipments/all/{from}/{to}`, `/shipments-search/{from}/{to}`.
    const [from, to, ...more] = screen === 'shipments' && rest[0] === 'all' ? rest.slice(1) : rest;
    if (screen === 'shipments' && rest[0] !== 'all') return [];
    if (!from || !to || !isoDate.test(from) || !isoDate.test(to) || to < from) return [];
    if (more.some((p) => p !== '' && p !== '-')) return [];
    const params = { departmentIds, fromDate: from, toDate: to, states: [] };
    return [['consignments', consignmentsPageParams(params, 0, ROWS_PAGE)]];
  }
  return [];
}

/** Asks for the early queries of `path` (in the default time zone's today). */
export function askEarly(path: string): void {
  for (const [name, params] of earlyQueries(path, todayIn(defaultTimeZone)))
    runQueryEarly(name, params);
}
