import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { START, type RecordedEvent } from '@nordlog/contracts';
import { applyBatch, projections, readModelMigrations } from '@nordlog/projector';
import { writeChanges, type Knex } from '@nordlog/platform';
import { demoOrder, prng } from '@nordlog/deploy';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { recordStatements } from '../support/statements.js';
import { startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Issue 37 §1 (docs/decisions/0066): a batch's round trips to PostgreSQL do not grow with the
 * number of read models it writes. Counted, not timed: the statements a booking's batch sends,
 * applied by every projection to a database of its own.
 */

describe('the round trips of a projection batch', () => {
  let sys: TestSystem;
  let target: TestDatabase;
  /** The same batches applied projection by projection, each writing at once (as before 0066). */
  let plain: TestDatabase;
  let bookings: RecordedEvent[][];

  beforeAll(async () => {
    sys = await startTestSystem();
    target = await createTestDatabase(readModelMigrations);
    plain = await createTestDatabase(readModelMigrations);
    await configureNumberSeries(sys);
    const department = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Round trips',
        departmentType: 'courier',
        country: 'NO',
        location: { lat: 59.91, lng: 10.75 },
      })
    ).body.ids[0] as string;
    const customer = (
      await sys.command('CREATE_CUSTOMER', { name: 'Kunde AS', departmentId: department })
    ).body.ids[0] as string;
    const rnd = prng(7);
    const before = await sys.store.headPosition();
    for (let i = 0; i < 3; i++) {
      const booked = await sys.command(
        'CREATE_ORDER',
        demoOrder(
          rnd,
          { id: department, country: 'NO', location: { lat: 59.91, lng: 10.75 } },
          { id: customer, name: 'Kunde AS' },
          bookingDate(),
          i,
        ),
      );
      if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
    }
    await sys.settled();
    const events = await sys.store.readAll(before, 1000);
    const byCommand = new Map<string, RecordedEvent[]>();
    for (const e of events)
      byCommand.set(e.metadata.commandId, [...(byCommand.get(e.metadata.commandId) ?? []), e]);
    bookings = [...byCommand.values()];
    // Only the batches below send statements from here on.
    await sys.shutdown();
  }, 60_000);
  afterAll(async () => {
    await target.drop();
    await plain.drop();
  });

  it('a booking’s batch: the same statements however many read models it writes', async () => {
    const from = new Map(projections.map((p) => [p.name, START]));
    // The first batch creates the checkpoint rows; the next ones are the steady state.
    await applyBatch(target.knex, projections, from, bookings[0]!, { publish: true });
    const recorder = recordStatements();
    const moved = await applyBatch(
      target.knex,
      projections,
      new Map(projections.map((p) => [p.name, bookings[0]!.at(-1)!.global])),
      bookings[1]!,
      { publish: true },
    );
    recorder.restore();
    const seen = recorder.sent.map((s) => s.text.trim());
    expect(moved.length).toBe(projections.length);
    // BEGIN, the checkpoints, the projections' reads (the grid's customer names, the orders'
    // scopes; a number series' row when the booking took a new block), one statement for the
    // writes of every read model and the outbox, COMMIT.
    const writes = seen.filter((s) => !/^select /.test(s)).map((s) => s.slice(0, 40));
    expect(writes).toEqual([
      'BEGIN;',
      expect.stringMatching(/^with no_flush_wait as/),
      expect.stringMatching(/^with w0 as \(insert into/),
      'COMMIT;',
    ]);
    const write = seen.find((s) => s.startsWith('with w0'))!;
    for (const table of ['rm_consignment_grid', 'rm_orders', 'rm_order_history', 'rm_changes'])
      expect(write).toContain(`insert into ${table} `);
  });

  it('writes and publishes what each projection writing at once does, and a batch delivered again nothing', async () => {
    await plain.knex.transaction(async (trx) => {
      for (const batch of bookings.slice(0, 2))
        for (const p of projections) {
          const mine = batch.filter((e) => p.handles(e));
          if (mine.length > 0) await writeChanges(trx, await p.apply(trx, mine));
        }
    });
    const contents = async (knex: Knex) => {
      const tables: unknown[] = [];
      for (const p of projections)
        for (const table of p.tables)
          tables.push(
            (await knex.raw<{ rows: unknown[] }>(`select t::text from ${table} t order by 1`)).rows,
          );
      const outbox = (
        await knex.raw<{ rows: unknown[] }>(
          `select entity, op, entity_id, revision, data, department_id, customer_id, date, state,
             department_ids, courier_id from rm_changes order by position`,
        )
      ).rows;
      return { tables, outbox };
    };
    const batched = await contents(target.knex);
    expect(batched.outbox.length).toBeGreaterThan(0);
    expect(batched).toEqual(await contents(plain.knex));

    // Delivered again (the checkpoints set back): every row is there already, nothing published.
    await target.knex('projection_checkpoints').update({
      transaction_id: bookings[0]!.at(-1)!.global.transactionId,
      position: bookings[0]!.at(-1)!.global.position,
    });
    const again = await applyBatch(
      target.knex,
      projections,
      new Map(projections.map((p) => [p.name, bookings[0]!.at(-1)!.global])),
      bookings[1]!,
      { publish: true },
    );
    expect(again.length).toBe(projections.length);
    expect(await contents(target.knex)).toEqual(batched);
  });
});
