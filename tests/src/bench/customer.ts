import { performance } from 'node:perf_hooks';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { adminClient } from './adminClient.js';
import { portalBench } from './customerPortal.js';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { fmt, percentile } from './stats.js';

/**
 * `npm run bench:customer [-- --keys 50 --rate 4 --seconds 60 --keep]` (issue 43; docs/decisions/
 * 0069-api-keys.md). On the local PostgreSQL server (LOCAL_PG_URL), in a database of its own:
 * `keys` API keys each creating orders at `rate` a second for `seconds` through the external
 * orders API (POST /api/external/orders), then the same load of CREATE_ORDER through the planners'
 * command path (an ADMIN session, POST /api/command/CREATE_ORDER) in the same run. Each sender
 * keeps its own schedule (a late answer does not delay the next send's planned time). Printed:
 * p50, p99 and throughput of each, and the API's to the command path's as ratios.
 *
 * Then the portal part (customerPortal.ts; `--orders 50000 --rounds 5`, `--portal-only` skips the
 * order load): the customer portal's shipments page against the planners' for the same customer's
 * orders. The webhook part of issue 43's benchmark belongs to its own part of the issue.
 */

const KEYS = arg('--keys', 50);
const RATE = arg('--rate', 4);
const SECONDS = arg('--seconds', 60);
const KEEP = process.argv.includes('--keep');
const ORDERS = arg('--orders', 50_000);
const ROUNDS = arg('--rounds', 5);
const PORTAL_ONLY = process.argv.includes('--portal-only');

interface Run {
  latencies: number[];
  statuses: Map<number, number>;
  seconds: number;
}

/** `senders` loops, each sending `send(sender, i)` at `RATE` a second for `SECONDS`. */
async function paced(
  senders: number,
  send: (sender: number, i: number) => Promise<number>,
): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const interval = 1000 / RATE;
  const count = Math.round(SECONDS * RATE);
  await Promise.all(
    Array.from({ length: senders }, async (_, sender) => {
      // Spread the senders over the first interval, so they do not all send at once.
      const offset = (interval * sender) / senders;
      for (let i = 0; i < count; i++) {
        const due = started + offset + i * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const t = performance.now();
        const status = await send(sender, i);
        latencies.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { latencies, statuses, seconds: (performance.now() - started) / 1000 };
}

const report = (label: string, run: Run, ok: number) => {
  const rate = run.statuses.get(ok) ?? 0;
  console.log(
    `  ${label.padEnd(46)} p50 ${fmt(percentile(run.latencies, 50), 1).padStart(7)} ms  p99 ${fmt(percentile(run.latencies, 99), 1).padStart(7)} ms  ${fmt(rate / run.seconds, 1)} orders/s  (${[...run.statuses].map(([s, n]) => `${n}× ${s}`).join(', ')})`,
  );
};

runBench(async () => {
  await onLocalSystem(
    'customer',
    async (system) => {
      const admin = await adminClient(system, '+4799000069');
      await configureNumberSeries(admin.client);
      const departmentId = (
        await admin.command('CREATE_DEPARTMENT', {
          name: 'Oslo',
          departmentType: 'hd',
          country: 'NO',
        })
      ).ids![0]!;
      const customerId = (
        await admin.command('CREATE_CUSTOMER', {
          name: 'Nettbutikk AS',
          alystraId: '69069',
          departmentId,
        })
      ).ids![0]!;
      if (PORTAL_ONLY) {
        await portalBench(system, admin, { orders: ORDERS, rounds: ROUNDS });
        return;
      }
      const keys: string[] = [];
      for (let i = 0; i < KEYS; i++) {
        const res = await fetch(`${system.url}/api/command/CREATE_API_KEY`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...admin.headers },
          body: JSON.stringify({
            type: 'CREATE_API_KEY',
            payload: { customerId, label: `Shop ${i}` },
          }),
        });
        keys.push(((await res.json()) as { apiKey: { key: string } }).apiKey.key);
      }
      // The keys are checked against the projected hashes: wait until they are there.
      while (
        Number((await system.db.knex('rm_api_key_hashes').count<{ n: string }[]>('* as n'))[0]!.n) <
        KEYS
      )
        await new Promise((r) => setTimeout(r, 100));
      const order = (sender: number, i: number) => ({
        departmentId,
        pickupDate: bookingDate(2),
        pickup: osloAddress,
        delivery: {
          ...osloAddress,
          name: `Mottaker ${sender}-${i}`,
          address: `Kirkeveien ${(i % 90) + 1}`,
        },
        measurements: [{ weight: 1 + (i % 5) }],
      });
      console.log(
        `  ${KEYS} senders × ${RATE}/s for ${SECONDS} s each way (${fmt(KEYS * RATE)} orders/s offered)`,
      );
      const api = await paced(KEYS, async (sender, i) => {
        const res = await fetch(`${system.url}/api/external/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${keys[sender]}` },
          body: JSON.stringify(order(sender, i)),
        });
        await res.arrayBuffer();
        return res.status;
      });
      // Each phase's figures as soon as it ends: a run stopped in the second still tells the first.
      report('external orders API (API key), 201', api, 201);
      const typed = await paced(KEYS, async (sender, i) => {
        const res = await fetch(`${system.url}/api/command/CREATE_ORDER`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...admin.headers },
          body: JSON.stringify({
            type: 'CREATE_ORDER',
            payload: { ...order(sender, i), customerId },
          }),
        });
        await res.arrayBuffer();
        return res.status;
      });
      report("CREATE_ORDER, planners' command path, 200", typed, 200);
      const ratio = (a: number, b: number) => fmt(a / b, 2);
      console.log(
        `  ratios API / command path: p99 ${ratio(percentile(api.latencies, 99), percentile(typed.latencies, 99))}, p50 ${ratio(percentile(api.latencies, 50), percentile(typed.latencies, 50))}, throughput ${ratio((api.statuses.get(201) ?? 0) / api.seconds, (typed.statuses.get(200) ?? 0) / typed.seconds)}`,
      );
      await portalBench(system, admin, { orders: ORDERS, rounds: ROUNDS });
    },
    { keep: KEEP },
  );
});
