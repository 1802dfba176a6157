import {
  REST_BREAK,
  ROUTE_DAYS_TABLE,
  ROUTE_REPORTS_TABLE,
  SLOTS_TABLE,
  type RecordedEvent,
} from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import { foldRoutes, handlesRoute, refoldRuns, type RouteSlot } from './routesFold.js';

const T = ROUTE_REPORTS_TABLE;
const D = ROUTE_DAYS_TABLE;
const FIGURES = ['slots', 'driven_metres', 'driving_seconds', 'working_seconds', 'worked_stops'];

/**
 * What a slot row (`r`, its JSON) adds to its department's day, times `sign`: nothing deleted or
 * cancelled; working seconds and stops only of a slot both started and completed (0090). Exact
 * (numeric: the JSON's numbers as written), so taking a row out gives back what putting it in added.
 */
const contribution = (r: string, sign = '1') => `(select ${sign} as slots,
    ${sign} * (${r}->>'drivenMetres')::numeric as driven_metres,
    ${sign} * (${r}->>'drivingSeconds')::numeric as driving_seconds,
    ${sign} * case when done then extract(epoch from (${r}->>'completedAt')::timestamptz
      - (${r}->>'startedAt')::timestamptz) else 0 end as working_seconds,
    ${sign} * case when done then jsonb_array_length(coalesce(${r}->'stops', '[]')) else 0 end
      as worked_stops
  from (select ${r}->>'startedAt' is not null and ${r}->>'completedAt' is not null) d(done)
  where not (${r}->>'deleted')::boolean and ${r}->>'state' <> 'CANCELLED')`;
const summed = (c: string) =>
  c === 'slots' || c === 'worked_stops' ? `sum(${c})::integer` : `trim_scale(sum(${c}))`;

/** The rollup from the slot rows (the migration; the reports bench after filling in bulk). */
export const ROUTE_DAYS_FROM_ROUTES = `insert into ${D} (department_id, date, ${FIGURES.join(', ')})
  select t.department_id, t.date, ${FIGURES.map((c) => summed(`x.${c}`)).join(', ')}
  from ${T} t cross join lateral ${contribution('t.data')} x
  group by t.department_id, t.date`;

const LOAD = `select data from ${T}
  where id = any($1::bigint[]) or (courier_id = any($2::bigint[]) and state = 'IN_PROGRESS')`;
/**
 * The slot rows upserted and, in the same statement, their days changed by what they add now
 * less what they added before (the rows as the statement found them): a day whose slots all went
 * is deleted, so the rollup holds the same rows however the events were batched.
 */
const UPSERT = `with input as (select r from jsonb_array_elements($1::jsonb) r),
  before as (select t.data as r from ${T} t where t.id in (select (r->>'id')::bigint from input)),
  up as (insert into ${T} (id, revision, department_id, date, courier_id, state, deleted, data)
    select (r->>'id')::bigint, (r->>'revision')::integer, (r->>'departmentId')::bigint,
      r->>'date', (r->>'courierId')::bigint, r->>'state', (r->>'deleted')::boolean, r
    from input
    on conflict (id) do update set revision = excluded.revision,
      department_id = excluded.department_id, date = excluded.date,
      courier_id = excluded.courier_id, state = excluded.state, deleted = excluded.deleted,
      data = excluded.data),
  delta as (select (y.r->>'departmentId')::bigint as department_id, y.r->>'date' as date,
      ${FIGURES.map((c) => `sum(x.${c}) as ${c}`).join(', ')}
    from (select -1 as sign, r from before union all select 1, r from input) y
      cross join lateral ${contribution('y.r', 'y.sign')} x
    group by 1, 2
    having ${FIGURES.map((c) => `sum(x.${c}) <> 0`).join(' or ')})
  merge into ${D} t using delta d on t.department_id = d.department_id and t.date = d.date
  when matched and t.slots + d.slots = 0 then delete
  when matched then update set ${FIGURES.map((c) => `${c} = ${c === 'slots' || c === 'worked_stops' ? `t.${c} + d.${c}` : `trim_scale(t.${c} + d.${c})`}`).join(', ')}
  when not matched and d.slots <> 0 then insert (department_id, date, ${FIGURES.join(', ')})
    values (d.department_id, d.date, ${FIGURES.map((c) => (c === 'slots' || c === 'worked_stops' ? `d.${c}` : `trim_scale(d.${c})`)).join(', ')})`;

async function applyEvents(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const slotIds = new Set<string>();
  const courierIds = new Set<string>();
  for (const e of events)
    if (e.type === 'CourierLocationReported') courierIds.add(String((e.data as { id: string }).id));
    else slotIds.add(String((e.data as { id: string }).id));
  const loaded = await preparedQuery<{ data: RouteSlot }>(trx, LOAD, [
    [...slotIds],
    [...courierIds],
  ]);
  const rows = new Map(loaded.map((r) => [r.data.id, r.data]));
  const changed = foldRoutes(rows, events);
  if (changed.size === 0) return;
  await preparedQuery(trx, UPSERT, [JSON.stringify([...changed].map((id) => rows.get(id)!))]);
}

/**
 * The route reports' read model (docs/decisions/0090-route-reports.md): per slot, its start and
 * completion and what its courier drove while it was IN_PROGRESS (the great-circle legs between
 * consecutive positions, a leg over 200 km/h left out as GPS noise). The planned figures are the
 * planning schedule's, read when a report is asked for. No socket entity: the report screens ask
 * again.
 */
export const routeReportsProjection: Projection = {
  name: 'routeReports',
  tables: [T, D],
  entities: [],
  migrations: [
    {
      name: '0001_rm_report_routes',
      async up(knex) {
        await knex.raw(`create table ${T} (
            id bigint primary key, revision integer not null, department_id bigint not null,
            date text not null, courier_id bigint, state text not null, deleted boolean not null,
            data jsonb not null);
          create index ${T}_courier_state on ${T} (courier_id, state);`);
      },
    },
    {
      // The rollup per department and day (0101's addendum); the worked stops of the slots kept
      // so far taken from the planning's slots (rm_slots, migrated before: projections' order).
      name: '0002_rm_report_route_days',
      async up(knex) {
        await knex.raw(`create table ${D} (date text not null, department_id bigint not null,
          slots integer not null, driven_metres numeric not null, driving_seconds numeric not null,
          working_seconds numeric not null, worked_stops integer not null,
          primary key (date, department_id));
          update ${T} t set data = t.data || jsonb_build_object('stops', coalesce(
            (select jsonb_agg(x.s->>'consignmentId' order by x.n) from ${SLOTS_TABLE} s,
              jsonb_array_elements(s.data->'stops') with ordinality x(s, n)
             where s.id = t.id and x.s->>'kind' is distinct from '${REST_BREAK}'), '[]'::jsonb));
          ${ROUTE_DAYS_FROM_ROUTES}`);
      },
    },
    {
      // What the reports read of a slot's row as columns of their own (docs/decisions/0105), so a
      // month's report reads no slot's JSON (its runs and stops); PostgreSQL keeps them.
      name: '0003_rm_report_routes_figures',
      async up(knex) {
        const column = (name: string, field: string, type: string) =>
          `add column ${name} ${type} generated always as ((data->>'${field}')::${type}) stored`;
        await knex.raw(
          `alter table ${T} ${[
            column('started_at', 'startedAt', 'text'),
            column('completed_at', 'completedAt', 'text'),
            column('driven_metres', 'drivenMetres', 'float8'),
            column('driving_seconds', 'drivingSeconds', 'float8'),
          ].join(', ')}`,
        );
      },
    },
  ],
  handles: handlesRoute,
  async apply(trx, events) {
    await applyEvents(trx, events);
    return [];
  },
  // A courier's positions erased or expired (0050): the runs they made are counted again from
  // them as they read now, as a rebuild would count them.
  async refold(trx, events) {
    const first = events.find((e) => e.type === 'CourierLocationReported');
    if (!first) return [];
    const courierId = first.streamId.slice('courier-location-'.length);
    const rows = await preparedQuery<{ data: RouteSlot }>(
      trx,
      `select data from ${T} where data->'runs' @> jsonb_build_array(jsonb_build_object('courierId', $1::text))`,
      [courierId],
    );
    const mine = events.filter((e) => e.type === 'CourierLocationReported');
    const again = rows.map((r) => refoldRuns(r.data, courierId, mine));
    if (again.length > 0) await preparedQuery(trx, UPSERT, [JSON.stringify(again)]);
    return [];
  },
};
