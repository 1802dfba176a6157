import { CONSIGNMENT_GRID_TABLE } from '@nordlog/contracts';
import { connect, copyQueryTo, withDatabase, type Knex } from '@nordlog/platform';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { LOCAL_URL, numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { adminClient } from './adminClient.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:volume` (its export part; alone: `node tests/dist/bench/exporting.js [--orders N
 * --booked B --keep]`), docs/decisions/0060-export.md.
 *
 * On the local PostgreSQL server, in a database of its own: B (default 300) orders booked through
 * the command path, then copied in the grid's read model to N rows (default 100,000) over a month
 * (booking 100,000 orders one by one takes hours here; the export reads the read model only, so
 * copies of real rows are what it meets). Then, in the same run:
 * - the floor: a bare `COPY (select * from rm_consignment_grid where <the same rows>) TO STDOUT`
 *   read by this process, rows a second;
 * - the export `POST /query` as CSV and as xlsx through the gateway, read to the end, rows a
 *   second and the ratio to the floor, and the process's peak memory above its level before
 *   (the product runs in this process), for N and for N/10 rows: a streamed export's memory
 *   does not grow with its rows.
 */

const ORDERS = arg('--orders', 100_000);
const BOOKED = arg('--booked', 300);
const KEEP = process.argv.includes('--keep');
const FIRST = bookingDate(2);

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const LAST = dayAfter(FIRST, 29);

/** The process's resident memory, sampled while `work` runs: the peak above the level before. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: (peak - before) / 1_048_576 };
  } finally {
    clearInterval(timer);
  }
}

/** A sink that counts bytes and lines and keeps nothing. */
function counter() {
  const seen = { bytes: 0, lines: 0 };
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      seen.bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) seen.lines++;
      done();
    },
  });
  return { sink, seen };
}

runBench(async () => {
  await onLocalSystem(
    'exporting',
    async (system, database) => {
      const { headers: admin, command, client } = await adminClient(system, '+4799000060');
      const departmentId = (
        await command('CREATE_DEPARTMENT', {
          name: 'Oslo',
          departmentType: 'courier',
          country: 'NO',
        })
      ).ids![0]!;
      const customerId = (await command('CREATE_CUSTOMER', { name: 'Eksport AS', departmentId }))
        .ids![0]!;
      await configureNumberSeries(client);
      for (let i = 0; i < BOOKED; i++)
        await command('CREATE_ORDER', {
          departmentId,
          customerId,
          pickupDate: FIRST,
          customerRef: `REF-${i}`,
          pickup: { ...osloAddress, name: `Avsender ${i}` },
          delivery: { ...osloAddress, name: `Mottaker ${i}, Østre gate ${i}` },
          measurements: [{ weight: 2.5, quantity: 1 + (i % 3) }],
        });
      const knex: Knex = connect(withDatabase(LOCAL_URL, database), 2);
      try {
        // Wait for the grid to hold every booked order, then copy them to N rows over 30 days.
        for (let waited = 0; ; waited += 100) {
          const count = (await knex(CONSIGNMENT_GRID_TABLE).count<{ count: string }[]>('*'))[0]!
            .count;
          if (Number(count) >= BOOKED) break;
          if (waited > 120_000) throw new Error('the grid did not catch up');
          await new Promise((r) => setTimeout(r, 100));
        }
        await knex.raw(
          `insert into ${CONSIGNMENT_GRID_TABLE} (id, revision, department_id, customer_id, date,
             state, slot_id, updated_at_epoch, search_text, data)
           select 1000000000 + n, g.revision, g.department_id, g.customer_id,
                  ?::date + (n % 30), g.state, null, g.updated_at_epoch, g.search_text,
                  g.data || jsonb_build_object('id', (1000000000 + n)::text,
                                               'orderId', (1000000000 + n)::text)
             from generate_series(1, ?::int) n
             join (select *, row_number() over (order by id) - 1 as k from ${CONSIGNMENT_GRID_TABLE}) g
               on g.k = n % ?::int`,
          [FIRST, ORDERS - BOOKED, BOOKED],
        );
        await knex.raw(`analyze ${CONSIGNMENT_GRID_TABLE}`);
        const exportRun = async (rows: number, format: 'csv' | 'xlsx') => {
          const toDate =
            rows >= ORDERS
              ? LAST
              : dayAfter(FIRST, Math.max(0, Math.round(30 * (rows / ORDERS)) - 1));
          const count = (
            await knex(CONSIGNMENT_GRID_TABLE)
              .where('department_id', departmentId)
              .whereBetween('date', [FIRST, toDate])
              .count<{ count: string }[]>('*')
          )[0]!.count;
          const floorSink = counter();
          const floorStart = performance.now();
          await copyQueryTo(
            knex,
            knex(CONSIGNMENT_GRID_TABLE)
              .where('department_id', departmentId)
              .whereBetween('date', [FIRST, toDate])
              .toQuery(),
            'format csv',
            floorSink.sink,
          );
          const floorSeconds = (performance.now() - floorStart) / 1000;
          const start = performance.now();
          const { result: bytes, peakMb } = await peakMemory(async () => {
            const res = await fetch(`${system.url}/api/query`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...admin },
              body: JSON.stringify({
                department: departmentId,
                fromDate: FIRST,
                toDate,
                isRemoveControlColumnsChecked: false,
                format,
              }),
            });
            if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
            let total = 0;
            for await (const chunk of res.body!) total += (chunk as Uint8Array).length;
            return total;
          });
          const seconds = (performance.now() - start) / 1000;
          const n = Number(count);
          console.log(
            `  ${format} of ${n} orders: ${fmt(seconds, 2)} s, ${fmt(n / seconds, 0)} rows/s, ` +
              `${fmt(bytes / 1_048_576, 1)} MB; bare COPY of the rows ${fmt(floorSeconds, 2)} s, ` +
              `${fmt(n / floorSeconds, 0)} rows/s; ratio ${fmt(floorSeconds / seconds, 2)} ×; ` +
              `peak memory +${fmt(peakMb, 1)} MB`,
          );
        };
        for (const rows of [ORDERS / 10, ORDERS]) {
          await exportRun(rows, 'csv');
          await exportRun(rows, 'xlsx');
        }
      } finally {
        await knex.destroy();
      }
    },
    { keep: KEEP },
  );
});
