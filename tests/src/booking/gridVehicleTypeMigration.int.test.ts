import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate } from '@nordlog/platform';
import { readModelMigrations } from '@nordlog/projector';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Migration 0008 of the consignment grid on a read model from before it (docs/decisions/0094):
 * rows stored without the order's vehicle type learn it from the orders' read model (the
 * optimiser reads it from the grid), and a row without one reads as none, as a rebuild's.
 */
describe('the grid’s vehicle-type migration', () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await startTestSystem();
  }, 60_000);

  afterAll(async () => {
    await sys?.shutdown();
  });

  it('gives the rows stored before it their order’s vehicle type, or none', async () => {
    const dep = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    const customer = (
      await sys.command('CREATE_CUSTOMER', { name: 'Havn Logistikk', departmentId: dep })
    ).body.ids[0];
    await configureNumberSeries(sys);
    const book = async (over: object) =>
      (
        await sys.command('CREATE_ORDER', {
          departmentId: dep,
          customerId: customer,
          pickupDate: bookingDate(),
          pickup: osloAddress,
          delivery: osloAddress,
          measurements: [{ weight: 1 }],
          ...over,
        })
      ).body.ids[0] as string;
    const truck = await book({ vehicleType: 'truck' });
    const any = await book({});
    await sys.settled();
    const knex = sys.db.knex;
    const stored = async () =>
      Object.fromEntries(
        (
          await knex('rm_consignment_grid')
            .whereIn('id', [truck, any])
            .select<{ id: string; data: Record<string, unknown> }[]>('id', 'data')
        ).map((r) => [String(r.id), r.data]),
      );
    const live = await stored();
    expect([live[truck]!.vehicleType, live[any]!.vehicleType]).toEqual(['truck', null]);
    // The read model as it was before the migration: rows without the field.
    await knex.raw(`update rm_consignment_grid set data = data - 'vehicleType'`);
    expect('vehicleType' in (await stored())[truck]!).toBe(false);
    await knex('migrations_consignmentGrid')
      .where('name', '0008_rm_consignment_grid_vehicle_type')
      .delete();
    const set = readModelMigrations.find((m) => m.table === 'migrations_consignmentGrid')!;
    await migrate(knex, set.migrations, set.table);
    expect(await stored()).toEqual(live);
  });
});
