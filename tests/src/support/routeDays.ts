import { REST_BREAK, ROUTE_DAYS_TABLE, ROUTE_REPORTS_TABLE, SLOTS_TABLE } from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * The route figures per department and day as the admin report computed them per request before
 * the rollup (docs/decisions/0101 §2): the planning's slots (not deleted, not cancelled) joined to
 * rm_report_routes, working seconds and stops (not rest breaks) only of slots started and completed.
 */
const PER_REQUEST = `select s.department_id, s.date, count(*)::integer as slots,
    coalesce(sum((r.data->>'drivenMetres')::numeric), 0) as metres,
    coalesce(sum((r.data->>'drivingSeconds')::numeric), 0) as seconds,
    coalesce(sum(extract(epoch from (r.data->>'completedAt')::timestamptz
      - (r.data->>'startedAt')::timestamptz)) filter (where done), 0) as working,
    coalesce(sum((select count(*) from jsonb_array_elements(s.data->'stops') x
      where x->>'kind' is distinct from '${REST_BREAK}')) filter (where done), 0)::integer as stops
  from ${SLOTS_TABLE} s left join ${ROUTE_REPORTS_TABLE} r on r.id = s.id,
    lateral (select r.data->>'startedAt' is not null and r.data->>'completedAt' is not null) d(done)
  where not s.deleted and s.state <> 'CANCELLED'
  group by 1, 2`;

/**
 * The days where the rollup (rm_report_route_days) and the per-request sums differ, either side
 * missing or a figure off (sums compared to the micro-unit: the per-request side sums floats'
 * JSON the same way, the rollup exactly). Also how many days the rollup holds.
 */
export async function routeDayMismatches(
  knex: Knex,
): Promise<{ days: number; mismatches: unknown[] }> {
  const { rows } = await knex.raw<{ rows: unknown[] }>(
    `select coalesce(p.department_id, d.department_id)::text as department,
       coalesce(p.date, d.date) as date, p.slots as p_slots, d.slots,
       round(p.metres, 6)::text as p_metres, round(d.driven_metres, 6)::text as metres,
       round(p.seconds, 6)::text as p_seconds, round(d.driving_seconds, 6)::text as seconds,
       round(p.working, 6)::text as p_working, round(d.working_seconds, 6)::text as working,
       p.stops as p_stops, d.worked_stops as stops
     from (${PER_REQUEST}) p full join ${ROUTE_DAYS_TABLE} d
       on d.department_id = p.department_id and d.date = p.date
     where (p.slots, round(p.metres, 6), round(p.seconds, 6), round(p.working, 6), p.stops)
       is distinct from (d.slots, round(d.driven_metres, 6), round(d.driving_seconds, 6),
         round(d.working_seconds, 6), d.worked_stops)`,
  );
  const { n } = (
    await knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::integer as n from ${ROUTE_DAYS_TABLE}`,
    )
  ).rows[0]!;
  return { days: n, mismatches: rows };
}
