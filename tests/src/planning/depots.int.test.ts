import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { unitStream, type UnitRow } from '@nordlog/contracts';
import { migrate } from '@nordlog/platform';
import { projections, readModelMigrations, rebuild } from '@nordlog/projector';
import { meta } from '../eventStore/contract.js';
import { createCourier } from '../support/planning.js';
import { sampleUnit } from '../support/samples.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Units recorded before a depot was an address (issue 36, docs/decisions/0041-depot.md): their
 * events hold spec §3's old default 0,0 for "no depot" and points without an address. Events are
 * immutable: the decider, the projection and its migration read them as no depot, and a rebuild
 * gives the migrated rows again.
 */
describe("an old unit's 0,0 depot is no depot", () => {
  let sys: TestSystem;
  let oslo: string;
  let courier: string;
  const legacyId = '900001';
  const movedId = '900002';
  const rows = async () =>
    (
      await sys.db.knex('rm_units').whereIn('id', [legacyId, movedId]).orderBy('id').select('data')
    ).map((r: { data: UnitRow }) => r.data);

  beforeAll(async () => {
    sys = await startTestSystem();
    oslo = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    courier = (await createCourier(sys, [oslo])).id;
    // Two units as the product recorded them before: one created at 0,0, one created at a point
    // without an address and later moved to 0,0.
    const store = sys.store;
    const old = { ...sampleUnit(oslo, [courier]), startLocation: { lat: 0, lng: 0 } };
    await store.appendToStream(
      unitStream(legacyId),
      'no_stream',
      [{ type: 'UnitCreated', data: { ...old, id: legacyId, endLocation: { lat: 0, lng: 0 } } }],
      meta(),
    );
    await store.appendToStream(
      unitStream(movedId),
      'no_stream',
      [
        {
          type: 'UnitCreated',
          data: { ...old, id: movedId, startLocation: { lat: 59.91, lng: 10.75 } },
        },
        {
          type: 'UnitUpdated',
          data: { id: movedId, changes: { endLocation: { lat: 0, lng: 0 } } },
        },
      ],
      meta(),
    );
    await sys.settled();
  }, 60_000);

  afterAll(async () => sys?.shutdown());

  it('the units query answers null for 0,0 and the empty address for a bare point', async () => {
    const units = (await sys.query('units', { departmentIds: [oslo] })).body as UnitRow[];
    const byId = new Map(units.map((u) => [u.id, u]));
    expect([byId.get(legacyId)?.startLocation, byId.get(legacyId)?.endLocation]).toEqual([
      null,
      null,
    ]);
    expect([byId.get(movedId)?.startLocation, byId.get(movedId)?.endLocation]).toEqual([
      { lat: 59.91, lng: 10.75, address: '' },
      null,
    ]);
  });

  it('clearing a depot stored as 0,0 changes nothing; setting an address is an update', async () => {
    const before = await rows();
    const cleared = await sys.command('UPDATE_UNIT', { id: legacyId, startLocation: null });
    expect(cleared.status).toBe(200);
    await sys.settled();
    expect((await rows())[0]!.revision).toBe(before[0]!.revision);
    const depot = { lat: 59.911525, lng: 10.75425, address: 'Tollbugata 17, 0152 Oslo' };
    expect((await sys.command('UPDATE_UNIT', { id: legacyId, startLocation: depot })).status).toBe(
      200,
    );
    // 0,0 is refused as a depot like every other position.
    const refused = await sys.command('UPDATE_UNIT', {
      id: legacyId,
      endLocation: { lat: 0, lng: 0, address: 'Null Island' },
    });
    expect(refused.status).toBe(400);
    await sys.settled();
    const [after] = await rows();
    expect(after!.startLocation).toEqual(depot);
    expect(after!.endLocation).toBeNull();
    // Back to none.
    await sys.command('UPDATE_UNIT', { id: legacyId, startLocation: null });
    await sys.settled();
    expect((await rows())[0]!.startLocation).toBeNull();
  });

  it('the read model migration gives the rows a rebuild gives', async () => {
    const live = await rows();
    // The rows as the projection stored them before: the events' depots as they were.
    await sys.db.knex.raw(
      `update rm_units set data = data || '{"startLocation": {"lat": 0, "lng": 0}, "endLocation": {"lat": 0, "lng": 0}}'::jsonb where id = ?`,
      [legacyId],
    );
    await sys.db.knex.raw(
      `update rm_units set data = data || '{"startLocation": {"lat": 59.91, "lng": 10.75}, "endLocation": {"lat": 0, "lng": 0}}'::jsonb where id = ?`,
      [movedId],
    );
    await sys.db.knex('migrations_units').where('name', '0002_rm_units_depots').delete();
    const set = readModelMigrations.find((m) => m.table === 'migrations_units')!;
    await migrate(sys.db.knex, set.migrations, set.table);
    expect(await rows()).toEqual(live);
    await sys.projector.stop();
    const store = sys.store;
    await rebuild(
      sys.db.knex,
      store,
      projections.filter((p) => p.name === 'units'),
    );
    expect(await rows()).toEqual(live);
  });
});
