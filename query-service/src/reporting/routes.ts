import {
  COURIERS_TABLE,
  UNITS_TABLE,
  ROUTE_DAYS_TABLE,
  ROUTE_REPORTS_TABLE,
  ROUTE_PLANS_TABLE,
  addRouteSums,
  emptyRouteSums,
  routeReportFigures,
  type ReportGrouping,
  type RouteReport,
  type RouteRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

type Sums = ReturnType<typeof emptyRouteSums>;

/** A group's sums of its routes (SQL, docs/decisions/0090, 0105), named. */
export type GroupSums = Sums & { key: string | null; label: string | null };

/** A route's group: its courier or its unit now (as the cells' groups, 0080), or the route. */
const groupKey: Partial<Record<ReportGrouping, { key: string; label: string }>> = {
  courier: {
    key: 'p.courier_id::text',
    label: `(select n.name from ${COURIERS_TABLE} n where n.id = g.key::bigint)`,
  },
  unit: {
    key: 'p.unit_id::text',
    label: `(select n.name from ${UNITS_TABLE} n where n.id = g.key::bigint)`,
  },
  slot: { key: 'p.id::text', label: 'g.name' },
};

/** Of a route both started and completed (0090): its working time and stops count. */
const WORKED = 'r.started_at is not null and r.completed_at is not null';
/** Exact sums (numeric) of the routes' float figures, as the admin report adds them. */
const sum = (column: string, filter = '') =>
  `coalesce(sum(${column}::numeric)${filter ? ` filter (where ${filter})` : ''}, 0)::float8`;

/** Of the departments' plans `p` of the dates: those not deleted, not cancelled (SQL). */
const PLANS_OF = `p.department_id = any(?::bigint[]) and p.date between ? and ?
  and not p.deleted and p.state <> 'CANCELLED'`;

/**
 * The route figures of the departments' routes of the dates (not deleted, not cancelled) per
 * group, summed in one statement: their plans (`rm_route_plans`, 0105: planned kilometres and
 * minutes, and of those with a unit the load against its capacity) and what was driven and
 * worked on them (`rm_report_routes`' columns, 0090), through the plans' (department_id, date)
 * index; each group named as the cells' groups are.
 */
const ROUTES = (group: { key: string; label: string }) => `select g.*, ${group.label} as label
  from (select ${group.key} as key, max(p.name) as name, count(*)::integer as slots,
      ${sum('p.planned_km')} as "plannedKm",
      ${sum('p.planned_minutes')} as "plannedDrivingMinutes",
      ${sum('r.driven_metres')} / 1000 as "drivenKm",
      ${sum('r.driving_seconds')} / 60 as "drivenMinutes",
      ${sum(`extract(epoch from (r.completed_at::timestamptz - r.started_at::timestamptz))`, WORKED)} / 60
        as "workingMinutes",
      coalesce(sum(p.route_stops) filter (where ${WORKED}), 0)::integer as "workedStops",
      ${sum('p.load_weight', 'p.capacity_weight is not null')} as "loadWeight",
      ${sum('p.capacity_weight')} as "capacityWeight",
      ${sum('p.load_volume', 'p.capacity_weight is not null')} as "loadVolume",
      ${sum('p.capacity_volume', 'p.capacity_weight is not null')} as "capacityVolume"
    from ${ROUTE_PLANS_TABLE} p left join ${ROUTE_REPORTS_TABLE} r on r.id = p.id
    where ${PLANS_OF}
    group by 1) g`;

/**
 * By day (docs/decisions/0106): the driven and worked figures from the rollup per department and
 * day that `routeReports` keeps (as the admin report reads them, 0101), the planned ones and the
 * loads summed from the plans: a department's month is some 30 rollup rows, not a join per route.
 * A day with no route left (its rollup row at zero) is left out, as by route.
 */
const DAYS = `select coalesce(d.date, p.date) as key, null::text as label,
    coalesce(d.slots, 0) as slots, coalesce(p."plannedKm", 0) as "plannedKm",
    coalesce(p."plannedDrivingMinutes", 0) as "plannedDrivingMinutes",
    coalesce(d.metres, 0) / 1000 as "drivenKm", coalesce(d.seconds, 0) / 60 as "drivenMinutes",
    coalesce(d.working, 0) / 60 as "workingMinutes", coalesce(d.stops, 0) as "workedStops",
    coalesce(p."loadWeight", 0) as "loadWeight",
    coalesce(p."capacityWeight", 0) as "capacityWeight",
    coalesce(p."loadVolume", 0) as "loadVolume",
    coalesce(p."capacityVolume", 0) as "capacityVolume"
  from (select date, sum(slots)::integer as slots, sum(driven_metres)::float8 as metres,
      sum(driving_seconds)::float8 as seconds, sum(working_seconds)::float8 as working,
      sum(worked_stops)::integer as stops
    from ${ROUTE_DAYS_TABLE}
    where department_id = any(?::bigint[]) and date between ? and ?
    group by 1) d
  full join (select p.date, ${sum('p.planned_km')} as "plannedKm",
      ${sum('p.planned_minutes')} as "plannedDrivingMinutes",
      ${sum('p.load_weight', 'p.capacity_weight is not null')} as "loadWeight",
      ${sum('p.capacity_weight')} as "capacityWeight",
      ${sum('p.load_volume', 'p.capacity_weight is not null')} as "loadVolume",
      ${sum('p.capacity_volume', 'p.capacity_weight is not null')} as "capacityVolume"
    from ${ROUTE_PLANS_TABLE} p where ${PLANS_OF} group by 1) p on p.date = d.date
  where p.date is not null or d.slots > 0`;

/**
 * The SQL of the route figures of the departments' slots of the dates (not deleted, not
 * cancelled) per group, and its bindings (the departments, the first and the last date, once for
 * each part); null for a grouping they have none for (customers).
 */
export function routeQuery(
  departments: readonly string[],
  fromDate: string,
  toDate: string,
  groupBy: ReportGrouping,
): { sql: string; bindings: unknown[] } | null {
  const part = [[...departments], fromDate, toDate];
  if (groupBy === 'day') return { sql: DAYS, bindings: [...part, ...part] };
  const group = groupKey[groupBy];
  return group ? { sql: ROUTES(group), bindings: part } : null;
}

/**
 * A route report of its groups' sums (`routeQuery`'s rows): each group's figures and the totals,
 * groups in the cells' order: days in order, the others by name, none last.
 */
export function routeRows(
  groups: readonly (GroupSums & { name?: string })[],
  groupBy: ReportGrouping,
): RouteReport {
  let total = emptyRouteSums();
  const rows: RouteRow[] = groups.map(({ key, label, name: _name, ...sums }) => {
    total = addRouteSums(total, sums);
    return { key, label, ...routeReportFigures(sums) };
  });
  rows.sort((a, b) =>
    groupBy === 'day'
      ? String(a.key).localeCompare(String(b.key))
      : a.key === null || b.key === null
        ? Number(a.key === null) - Number(b.key === null)
        : (a.label ?? '').localeCompare(b.label ?? '') || a.key.localeCompare(b.key),
  );
  return { rows, totals: routeReportFigures(total) };
}

/** The route figures of the departments' slots of the dates (`routeQuery`, `routeRows`). */
export async function routeReport(
  knex: Knex,
  departments: readonly string[],
  fromDate: string,
  toDate: string,
  groupBy: ReportGrouping,
): Promise<RouteReport | null> {
  const query = routeQuery(departments, fromDate, toDate, groupBy);
  if (!query) return null;
  const { rows } = await knex.raw<{ rows: GroupSums[] }>(query.sql, query.bindings as never);
  return routeRows(rows, groupBy);
}
