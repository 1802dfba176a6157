import {
  CONSIGNMENT_GRID_TABLE,
  REST_BREAK,
  ROUTE_PLANS_TABLE,
  ROUTE_PLAN_POINTS_TABLE,
  ROUTE_PLAN_UNITS_TABLE,
  SLOTS_TABLE,
  UNITS_TABLE,
  type SlotRow,
  SYSTEM_IDENTITY,
  createUnitSchema,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import { planRoutes, projections } from '@nordlog/projector';
import { randomUUID } from 'node:crypto';

/**
 * `bench:reports`' routes (reportsData.ts writes the slots): the units the slots name, written by
 * the units projection itself from UnitCreated events (its rows exactly), and each slot's route,
 * the stops of its consignments.
 */

/** The department's depot: where the consignments are picked up (gridRows.ts). */
const DEPOT = { lat: 59.91, lng: 10.75, address: 'Bench terminal' };

/** A recorded event as the event store hands it to a projection (a bench position of its own). */
export function benchEvent(
  streamId: string,
  streamRevision: number,
  type: string,
  data: unknown,
  occurredAt: string,
  position: number,
): RecordedEvent {
  const commandId = randomUUID();
  return {
    eventId: randomUUID(),
    streamId,
    streamRevision,
    type,
    data,
    global: { transactionId: '1', position: String(position) },
    metadata: {
      commandId,
      correlationId: commandId,
      causationId: commandId,
      userId: SYSTEM_IDENTITY.userId,
      occurredAt,
      commandType: 'BENCH',
    },
  };
}

/** Folds events into a projection's table with its own bulk write (as a rebuild writes rows). */
export async function projectBulk(knex: Knex, name: string, events: RecordedEvent[]) {
  const projection = projections.find((p) => p.name === name);
  if (!projection?.applyBulk) throw new Error(`the ${name} projection has no bulk write`);
  await knex.transaction((trx) => projection.applyBulk!(trx, events));
}

/**
 * The units of the slots (`unitId(d, k)` of each department `d`, one per slot of a day `k`): vans
 * with their routes starting at the department's depot, driven by the slot's courier, with room
 * for a day's work (1,000 kg, 12 m³, 150 packages).
 */
export async function insertUnits(
  knex: Knex,
  departments: readonly string[],
  slotsPerDay: number,
  unitId: (d: number, k: number) => string,
  courierId: (d: number, k: number) => string,
): Promise<number> {
  const events: RecordedEvent[] = [];
  departments.forEach((departmentId, d) => {
    for (let k = 0; k < slotsPerDay; k++) {
      const id = unitId(d, k);
      const fields = createUnitSchema.parse({
        name: `Bil ${d + 1}-${k + 1}`,
        alystraId: `B${d + 1}-${k + 1}`,
        departmentId,
        registrationNumber: `EL ${String(10000 + d * slotsPerDay + k)}`,
        capacity: 150,
        weightCapacity: 1000,
        volumeCapacity: 12,
        speedFactor: 1,
        startLocation: DEPOT,
        vehicleType: 'van',
        fuelType: 'diesel',
        courierUserIds: [courierId(d, k)],
      });
      events.push(
        benchEvent(
          `unit-${id}`,
          0,
          'UnitCreated',
          { ...fields, id },
          '2025-12-01T08:00:00.000Z',
          events.length + 1,
        ),
      );
    }
  });
  await projectBulk(knex, 'units', events);
  return events.length;
}

/**
 * Each slot's route: a pickup and a delivery stop per consignment planned on it (the grid's
 * `slot_id`), pickups first then deliveries, each in id order; `consignmentIds` the same ids.
 */
export async function addRoutes(knex: Knex): Promise<void> {
  await knex.raw(`with stops as (
      select slot_id,
        jsonb_agg(jsonb_build_object('kind', k.kind, 'consignmentId', g.id::text)
          order by k.n, g.id) as stops,
        jsonb_agg(g.id::text order by g.id) filter (where k.n = 1) as ids
      from ${CONSIGNMENT_GRID_TABLE} g
        cross join (values (1, 'pickup'), (2, 'delivery')) k(n, kind)
      where g.slot_id is not null
      group by slot_id)
    update ${SLOTS_TABLE} s set data = s.data || jsonb_build_object('stops', x.stops,
      'consignmentIds', x.ids)
    from stops x where x.slot_id = s.id`);
}

/** The route reports' `stops` of a slot's data (SQL): its non-break stops' consignment ids. */
export const ROUTE_STOP_IDS = `(select coalesce(jsonb_agg(x->'consignmentId' order by n), '[]')
  from jsonb_array_elements(data->'stops') with ordinality t(x, n)
  where x->>'kind' <> '${REST_BREAK}')`;

/**
 * The route plans' read model (docs/decisions/0105) as the routePlans projection keeps it: the
 * units and the consignments' points and loads copied from the units' and the grid's rows (the
 * same folds of the same events), then every slot planned by the projection's own write, 2,000
 * a transaction. Returns the slots planned.
 */
export async function planAllRoutes(knex: Knex): Promise<number> {
  await knex.raw(`insert into ${ROUTE_PLAN_UNITS_TABLE} (id, revision, data)
    select id, revision, data from ${UNITS_TABLE}`);
  const num = (f: string) => `(data->>'${f}')::float8`;
  await knex.raw(`insert into ${ROUTE_PLAN_POINTS_TABLE} (id, revision, pickup_lat, pickup_lng,
      delivery_lat, delivery_lng, package_count, weight, volume)
    select id, revision, ${num('pickupLat')}, ${num('pickupLng')}, ${num('deliveryLat')},
      ${num('deliveryLng')}, (data->>'packageCount')::integer, ${num('weightValue')},
      ${num('volumeValue')}
    from ${CONSIGNMENT_GRID_TABLE}`);
  let planned = 0;
  for (let after = '0'; ;) {
    const rows = await knex(SLOTS_TABLE)
      .where('id', '>', after)
      .orderBy('id')
      .limit(2_000)
      .select<{ id: string; data: SlotRow }[]>(knex.raw('id::text as id'), 'data');
    if (rows.length === 0) break;
    await knex.transaction((trx) =>
      planRoutes(
        trx,
        rows.map((r) => r.data),
      ),
    );
    planned += rows.length;
    after = rows.at(-1)!.id;
  }
  await knex.raw(`vacuum analyze ${ROUTE_PLANS_TABLE}`);
  return planned;
}
