import { ROUTE_REPORTS_TABLE, type RecordedEvent } from '@nordlog/contracts';
import { preparedQuery, type Knex } from '@nordlog/platform';
import type { Projection } from '../framework/projection.js';
import { foldRoutes, handlesRoute, refoldRuns, type RouteSlot } from './routesFold.js';

const T = ROUTE_REPORTS_TABLE;

const LOAD = `select data from ${T}
  where id = any($1::bigint[]) or (courier_id = any($2::bigint[]) and state = 'IN_PROGRESS')`;
const UPSERT = `insert into ${T} (id, revision, department_id, date, courier_id, state, deleted, data)
  select (r->>'id')::bigint, (r->>'revision')::integer, (r->>'departmentId')::bigint,
    r->>'date', (r->>'courierId')::bigint, r->>'state', (r->>'deleted')::boolean, r
  from jsonb_array_elements($1::jsonb) r
  on conflict (id) do update set revision = excluded.revision,
    department_id = excluded.department_id, date = excluded.date,
    courier_id = excluded.courier_id, state = excluded.state, deleted = excluded.deleted,
    data = excluded.data`;

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
  tables: [T],
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
