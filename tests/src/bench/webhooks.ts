import { performance } from 'node:perf_hooks';
import { bookingDate, osloAddress } from '../support/booking.js';
import { Receiver } from '../webhooks/receiver.js';
import { numberArg as arg } from './args.js';
import { must, onLocalSystem, runBench, shopWorld } from './localSystem.js';
import { fmt, percentile } from './stats.js';

/**
 * `npm run bench:webhooks` (`node tests/dist/bench/webhooks.js [--per-minute N --seconds S]`),
 * docs/decisions/0070-webhooks.md; issue 43's bench:customer part "1,000 webhook deliveries a
 * minute to a loopback receiver, delivery p99 from the event".
 *
 * On the local PostgreSQL server, in a database of its own, the embedded system (projector in its
 * worker thread, the webhook worker every 200 ms): one customer with one hook to a receiver on
 * loopback, and orders booked one by one (CREATE_ORDER) at N a minute (default 1,000) for S
 * seconds (default 60). Printed: deliveries received, duplicates, the time from each order's event
 * (its `occurredAt`) to the receiver getting it (p50, p95, p99, max), and the deliveries a minute.
 */

const PER_MINUTE = arg('--per-minute', 1_000);
const SECONDS = arg('--seconds', 60);

runBench(async () => {
  const receiver = new Receiver(() => 200);
  const url = `${await receiver.start()}/hooks`;
  try {
    await onLocalSystem(
      'webhooks',
      async (system) => {
        const { department, customerId } = await shopWorld(system);
        await must(system, 'CREATE_WEBHOOK', { customerId, url, events: ['OrderCreated'] });
        const total = Math.round((PER_MINUTE * SECONDS) / 60);
        const gapMs = 60_000 / PER_MINUTE;
        const date = bookingDate(2);
        const start = performance.now();
        let late = 0;
        for (let i = 0; i < total; i++) {
          const due = start + i * gapMs;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          else if (wait < -gapMs) late++;
          await must(system, 'CREATE_ORDER', {
            departmentId: department,
            customerId,
            pickupDate: date,
            pickup: { ...osloAddress, name: 'Lager Alnabru' },
            delivery: { ...osloAddress, name: `Mottaker ${i}` },
            measurements: [{ weight: 2 }],
          });
        }
        const booked = (performance.now() - start) / 1000;
        for (let waited = 0; receiver.received.length < total && waited < 120_000; waited += 100)
          await new Promise((r) => setTimeout(r, 100));
        const got = receiver.received;
        const latencies = got.map(
          (r) => r.at - Date.parse((JSON.parse(r.body) as { occurredAt: string }).occurredAt),
        );
        const ids = new Set(got.map((r) => String(r.headers['webhook-id'])));
        const span =
          (Math.max(...got.map((r) => r.at)) - Math.min(...got.map((r) => r.at))) / 60_000;
        console.log(
          `  booked ${total} orders in ${fmt(booked, 1)} s (${fmt((total / booked) * 60)} a minute; ${late} fell behind the schedule)`,
        );
        console.log(
          `  deliveries received: ${got.length} of ${total}, duplicates ${got.length - ids.size}`,
        );
        console.log(`  deliveries a minute: ${fmt(got.length / Math.max(span, 1 / 60))}`);
        console.log(
          `  from the event to the receiver (ms): p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}, p99 ${fmt(percentile(latencies, 99))}, max ${fmt(Math.max(...latencies))}`,
        );
        // Where the time goes: the projector queueing (event → queued), the worker (queued → sent).
        const parts = (
          await system.db.knex.raw<{ rows: Record<string, number>[] }>(
            `select
               percentile_cont(0.5) within group (order by extract(epoch from created_at - occurred_at) * 1000) as q50,
               percentile_cont(0.99) within group (order by extract(epoch from created_at - occurred_at) * 1000) as q99,
               percentile_cont(0.5) within group (order by extract(epoch from delivered_at - created_at) * 1000) as s50,
               percentile_cont(0.99) within group (order by extract(epoch from delivered_at - created_at) * 1000) as s99
             from webhook_deliveries`,
          )
        ).rows[0]!;
        console.log(
          `  event to queued (projector, ms): p50 ${fmt(parts.q50!)}, p99 ${fmt(parts.q99!)}; queued to delivered (worker, ms): p50 ${fmt(parts.s50!)}, p99 ${fmt(parts.s99!)}`,
        );
        if (got.length < total) throw new Error('not every delivery arrived');
      },
      {
        env: {
          WEBHOOKS_ALLOW_LOCAL: 'true',
          WEBHOOK_INTERVAL_SECONDS: '0.2',
          PRE_ADVICE_INTERVAL_SECONDS: '0',
          RECURRING_INTERVAL_SECONDS: '0',
        },
      },
    );
  } finally {
    await receiver.stop();
  }
});
