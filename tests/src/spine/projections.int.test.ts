import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { START, type GlobalPosition, type OrderRow, type RecordedEvent } from '@nordlog/contracts';
import { writeChanges, type Knex } from '@nordlog/platform';
import {
  applyBatch,
  checksum,
  projections,
  readCheckpoint,
  rebuild,
  type Projection,
} from '@nordlog/projector';
import { bookingDate } from '../support/booking.js';
import { routeDayMismatches } from '../support/routeDays.js';
import { connectSocket } from '../support/socket.js';
import type { TestSystem } from '../support/system.js';
import { buildProjectionsWorld } from './projectionsWorld.js';

/**
 * A projection's events applied in batches of 20, each delivered twice, in a transaction: its
 * table rows and the outbox rows it wrote, in order per row (a batch may list its rows' changes
 * in another order; readers keep each row's newest). The caller rolls the transaction back.
 */
async function replay(trx: Knex.Transaction, projection: Projection, events: RecordedEvent[]) {
  for (const table of projection.tables) await trx.raw(`truncate ${table}`);
  await trx.raw('delete from rm_changes where transaction_id = pg_current_xact_id()');
  let inPlace = 0;
  for (let i = 0; i < events.length; i += 20) {
    const batch = events.slice(i, i + 20);
    const changes = await projection.apply(trx, batch);
    inPlace += changes.filter((c) => c.dataFrom !== undefined).length;
    await writeChanges(trx, changes);
    expect(await projection.apply(trx, batch)).toEqual([]);
  }
  const tables = await Promise.all(
    projection.tables.map(
      async (table) =>
        (await trx.raw<{ rows: unknown[] }>(`select t::text from ${table} t order by t.id`)).rows,
    ),
  );
  const outbox = (
    await trx.raw<{ rows: unknown[] }>(
      `select entity, op, entity_id, revision, data, department_id, customer_id, date, state,
         department_ids, courier_id
       from rm_changes where transaction_id = pg_current_xact_id()
       order by entity, entity_id, position`,
    )
  ).rows;
  return { tables, outbox, inPlace };
}

const checksums = async (sys: TestSystem) =>
  Promise.all(projections.map((p) => checksum(sys.db.knex, p)));

describe('projections', () => {
  let sys: TestSystem;
  /** An order whose invoicing is paused (the fixture's). */
  let paused: string;
  // The world is a day through every feature with a read model: over a minute on a loaded machine.
  beforeAll(async () => {
    ({ sys, paused } = await buildProjectionsWorld());
  }, 240_000);
  afterAll(async () => sys.shutdown());

  it('delivering the same events twice leaves every read model as it was', async () => {
    const store = sys.store;
    const events = await store.readAll(START, 100_000);
    const before = await checksums(sys);
    for (const projection of projections) {
      await sys.db.knex.transaction(async (trx) => {
        await projection.apply(
          trx,
          events.filter((e) => projection.handles(e)),
        );
      });
    }
    expect(await checksums(sys)).toEqual(before);
  });

  it('creations delivered again, alone (written without reading the rows), change nothing and publish nothing', async () => {
    const store = sys.store;
    const events = await store.readAll(START, 100_000);
    const before = await checksums(sys);
    // Pins too: the address pinned twice keeps its second point when its first pin comes again.
    for (const projection of projections) {
      // Each stream's first event, once: the batch a run of bookings or new customers makes.
      const firsts = events.filter((e) => e.streamRevision === 0 && projection.handles(e));
      if (firsts.length === 0) continue;
      const changes = await sys.db.knex.transaction((trx) => projection.apply(trx, firsts));
      // Only a projection that also writes rows other than the created ones may publish (none here).
      expect([projection.name, changes]).toEqual([projection.name, []]);
    }
    expect(await checksums(sys)).toEqual(before);
  });

  it('a socket following orders gets the whole row of an order updated in place, as the orders query reads it', async () => {
    const socket = await connectSocket(sys.url, `types=orders&dates=${bookingDate()}`, {
      cookie: sys.admin.cookie,
    });
    try {
      const released = await sys.command('RELEASE_ORDER_INVOICING', { orderIds: [paused] });
      expect(released.body.events).toEqual(['OrderInvoicingStatusSet']);
      const pushed = await socket.next((m) => m.entity === 'orders' && m.id === paused);
      await sys.settled();
      const [row] = (await sys.query('orders', { ids: [paused] })).body as OrderRow[];
      expect(row!.invoicing?.held).toBeNull();
      // The whole row as stored (the query adds the customer's name).
      const { customerName: _name, ...stored } = row as OrderRow & { customerName?: string };
      expect(pushed.data).toEqual(stored);
    } finally {
      socket.close();
    }
  });

  it('rows updated in place (row patches) equal the rows written whole, and so do their published changes', async () => {
    const store = sys.store;
    const events = await store.readAll(START, 100_000);
    const patching = projections.filter((p) => p.withoutPatches);
    expect(patching.map((p) => p.name)).toContain('orders');
    for (const projection of patching) {
      const handled = events.filter((e) => projection.handles(e));
      const rolledBack = new Error('rolled back');
      await sys.db.knex
        .transaction(async (trx) => {
          const inPlace = await replay(trx, projection, handled);
          const whole = await replay(trx, projection.withoutPatches!(), handled);
          // The fixture's invoicing (held, corrected, invoiced) went through the patch path.
          expect([projection.name, inPlace.inPlace > 5]).toEqual([projection.name, true]);
          expect(whole.inPlace).toBe(0);
          expect(inPlace.tables).toEqual(whole.tables);
          expect(inPlace.outbox).toEqual(whole.outbox);
          throw rolledBack;
        })
        .catch((err: unknown) => {
          if (err !== rolledBack) throw err;
        });
    }
  });

  it('a batch offered from a stale checkpoint is not applied', async () => {
    const store = sys.store;
    const events = await store.readAll(START, 10);
    const grid = projections.find((p) => p.name === 'consignmentGrid')!;
    const checkpoint = await readCheckpoint(sys.db.knex, grid.name);
    expect(
      await applyBatch(sys.db.knex, [grid], new Map([[grid.name, START]]), events, {
        publish: true,
      }),
    ).toEqual([]);
    expect(await readCheckpoint(sys.db.knex, grid.name)).toEqual(checkpoint);
  });

  it('a rebuild steps aside for the batches another projector took, and ends with the same read models', async () => {
    const live = await checksums(sys);
    const store = sys.store;
    const names = projections.map((p) => p.name);
    // Another projector of the same read models (a live one) applies the first 100 events from
    // position 0, once the rebuild has emptied the tables and before it applies its first batch:
    // every projection's compare-and-set then fails, and the rebuild goes on from there.
    let raced = false;
    const racing = new Proxy(store, {
      get(target, prop) {
        if (prop === 'readAll')
          return async (from: GlobalPosition, limit: number) => {
            if (!raced) {
              raced = true;
              const ahead = await target.readAll(START, 100);
              const took = await applyBatch(
                sys.db.knex,
                projections,
                new Map(names.map((n) => [n, START])),
                ahead,
                { publish: false },
              );
              expect(took).toEqual(names);
            }
            return target.readAll(from, limit);
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const result = await rebuild(sys.db.knex, racing, projections, undefined, 50);
    const { n } = (
      await sys.db.knex.raw<{ rows: { n: number }[] }>('select count(*)::int as n from es_events')
    ).rows[0]!;
    expect(raced).toBe(true);
    // The rebuild applied every event but the 100 the other projector took, each once.
    expect(result.events).toBe(n - 100);
    expect(await checksums(sys)).toEqual(live);
  });

  it('the reports’ invoiced net (reportInvoicing, 0096) is the invoices’ order lines, the rollups their cells and slots', async () => {
    const knex = sys.db.knex;
    const cells = await knex.raw<{ rows: { net: string | null; invoiced: string }[] }>(
      `select sum((amounts->>'NOK:net')::bigint)::text as net, sum(invoiced)::text as invoiced
       from rm_report_invoicing_cells`,
    );
    const lines = await knex.raw<{ rows: { net: string | null; orders: string }[] }>(
      `select sum((l->>'customerAmount')::bigint)::text as net,
         count(distinct l->>'orderId')::text as orders
       from rm_invoices i, jsonb_array_elements(i.data->'lines') l where l->>'orderId' is not null`,
    );
    expect(Number(lines.rows[0]!.net)).toBeGreaterThan(0);
    expect(cells.rows[0]).toEqual({ net: lines.rows[0]!.net, invoiced: lines.rows[0]!.orders });
    const days = await knex.raw<{ rows: { n: string }[] }>(
      `select count(*)::text as n from rm_report_department_days d
       full join (select department_id, date, sum(booked)::integer as b, sum(stops)::integer as s,
         sum(delivered)::integer as dl from rm_report_cells group by department_id, date) c
         using (department_id, date)
       where (d.booked, d.stops, d.delivered) is distinct from (c.b, c.s, c.dl)`,
    );
    expect(days.rows[0]!.n).toBe('0');
    // The route figures' rollup per department and day (0101 addendum): the per-request sums.
    const routeDays = await routeDayMismatches(knex);
    expect(routeDays.mismatches).toEqual([]);
    expect(routeDays.days).toBeGreaterThan(0);
  });

  it('a rebuild from position 0 equals the live read models (checksum of every table)', async () => {
    const live = await checksums(sys);
    // Every table has rows to compare (an empty one is named).
    expect(live.filter((c) => c.includes(':0:'))).toEqual([]);
    await sys.projector.stop();
    const store = sys.store;
    const progress: number[] = [];
    const result = await rebuild(sys.db.knex, store, projections, (p) => progress.push(p.done), 50);
    expect(result.events).toBeGreaterThan(120);
    expect(progress.length).toBeGreaterThan(3);
    expect(await checksums(sys)).toEqual(live);
  });
});
