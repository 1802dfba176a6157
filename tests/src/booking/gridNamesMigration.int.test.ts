import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate } from '@nordlog/platform';
import { readModelMigrations } from '@nordlog/projector';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Migration 0004 of the consignment grid on a database from before it (issue 13): the rows of an
 * existing read model get their customers' names, and the product starts.
 */
describe('the grid’s customer-names migration', () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await startTestSystem();
  }, 60_000);

  afterAll(async () => {
    await sys?.shutdown();
  });

  it('names the rows of a read model that had none, and their search words follow', async () => {
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
    const id = (
      await sys.command('CREATE_ORDER', {
        departmentId: dep,
        customerId: customer,
        pickupDate: bookingDate(),
        pickup: osloAddress,
        delivery: osloAddress,
        measurements: [{ weight: 1, length: 10, width: 10, height: 10 }],
      })
    ).body.ids[0];
    await sys.settled();
    const knex = sys.db.knex;
    // The database as it was before the migration: no names table, rows without names.
    await knex.raw(`drop table rm_consignment_grid_customers`);
    await knex.raw(
      `update rm_consignment_grid set data = data - 'customerName', search_text = 'x'`,
    );
    await knex('migrations_consignmentGrid')
      .where('name', '0004_rm_consignment_grid_customer_names')
      .delete();
    const set = readModelMigrations.find((m) => m.table === 'migrations_consignmentGrid')!;
    await migrate(knex, set.migrations, set.table);
    const row = await knex('rm_consignment_grid').where('id', id).first('data', 'search_text');
    expect(row.data.customerName).toBe('Havn Logistikk');
    expect(row.search_text).toContain('havn logistikk');
  });
});
