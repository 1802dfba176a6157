import { performance } from 'node:perf_hooks';
import type { System } from '@nordlog/deploy';
import WebSocket from 'ws';
import { bookingDate, osloAddress } from '../support/booking.js';
import { numberArg as arg } from './args.js';
import { must, onLocalSystem, runBench, shopWorld } from './localSystem.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { phaseProfiler } from './spineProfile.js';
import { fmt, percentile } from './stats.js';
import { floorProbe, now, printStages, send, sleep } from './courierSupport.js';

/**
 * `npm run bench:courier [-- --couriers 200 --seconds 60 --batch 20 --keep --profile]` (issue 42). On the
 * local PostgreSQL server (LOCAL_PG_URL), in a database of its own, through the one gateway:
 *
 * 1. `couriers` couriers, each signed in with a started route of `2 × batch` one-package orders,
 *    send a scan batch of `batch` (ADD_SCANNED_EVENTS: at the terminal, loaded, delivered, each
 *    half of the route in turn) every 10 s and a position (SET_COURIER_LOCATION) every 60 s, for
 *    `seconds`. A planner's socket (`types=slotScans`) takes each batch's arrival: scan sent →
 *    the slot's scans on the planner's socket, p50 and p99 (issue target p99 < 200 ms). Beside
 *    it, the floor of the same path under the same load: every 250 ms the cheapest change that
 *    reaches a socket (UPDATE_CUSTOMER of a customer of its own, no orders: one row) sent → the
 *    planner's second socket (`types=customers`).
 * 2. Scans processed a second in that phase, against CREATE_CUSTOMER's rate in the same run (a
 *    closed loop of 32 at once for 10 s: the cheapest command the product has, the floor).
 * 3. One courier's offline queue of 200 reports (single-scan ADD_SCANNED_EVENTS and positions,
 *    each with its own commandId, sent one after the other in the order made, as the courier
 *    page's queue sends them when the network returns): the time to drain it.
 */

const COURIERS = arg('--couriers', 200);
const SECONDS = arg('--seconds', 60);
const BATCH = arg('--batch', 20);
const KEEP = process.argv.includes('--keep');
/** CPU profiles of the server thread and the projector's worker over the paced load (spineProfile.ts). */
const PROFILE = process.argv.includes('--profile');
/** The command service's folded states kept (COMMAND_STATES_KEPT; 5000 was the default before 0064's addendum). */
const STATES_KEPT = process.argv.includes('--states-kept') ? arg('--states-kept', 50_000) : null;
const DATE = bookingDate(1);
const KINDS = ['AT_TERMINAL', 'LOADED', 'DELIVERED'] as const;

interface Route {
  courierId: string;
  slotId: string;
  packages: string[];
  headers: SessionHeaders;
}

/** A courier signed in, with a started route of `orders` one-package orders. */
async function route(
  system: System,
  world: { department: string; customerId: string },
  index: number,
  orders: number,
): Promise<Route> {
  const phoneNumber = `+4798${String(100_000 + index).padStart(6, '0')}`;
  const [courierId] = await must(system, 'CREATE_USER', {
    name: `Sjåfør ${index}`,
    phoneNumber,
    role: 'COURIER',
    departmentIds: [world.department],
  });
  await must(system, 'UPDATE_USER', { id: courierId, courierId });
  const customerRef = `rute-${index}`;
  await must(system, 'CREATE_ORDERS', {
    orders: Array.from({ length: orders }, (_, k) => ({
      customerRef,
      departmentId: world.department,
      customerId: world.customerId,
      pickupDate: DATE,
      pickup: { ...osloAddress, name: 'Terminal Alnabru' },
      delivery: { ...osloAddress, name: `Mottaker ${index}-${k}`, address: `Kirkeveien ${k + 1}` },
      measurements: [{ weight: 2, quantity: 1 }],
    })),
  });
  const [slotId] = await must(system, 'CREATE_SLOT', {
    departmentId: world.department,
    name: `Rute ${index}`,
    timeFrom: `${DATE}T07:00:00.000Z`,
    courierId,
  });
  const ids = await ordersOf(system, customerRef, orders);
  await must(system, 'UPDATE_CONSIGNMENT_SLOT', { consignmentIds: ids, slotId });
  await must(system, 'CHANGE_SLOT_STATE', { slotId: slotId!, transition: 'start' });
  const headers = await signIn(system, phoneNumber, null);
  return {
    courierId: courierId!,
    slotId: slotId!,
    packages: await packagesOf(system, ids),
    headers,
  };
}

/** The ids of a route's orders (CREATE_ORDERS answers the first only), once projected. */
async function ordersOf(system: System, customerRef: string, n: number): Promise<string[]> {
  for (let i = 0; i < 600; i++) {
    const rows = await system.db
      .knex('rm_orders')
      .whereRaw(`data->'order'->>'customerRef' = ?`, [customerRef])
      .select<{ id: string }[]>('id');
    if (rows.length === n) return rows.map((r) => String(r.id));
    await sleep(100);
  }
  throw new Error(`the orders of ${customerRef} were not projected`);
}

/** The orders' package ids (SSCCs), read from the orders read model once projected. */
async function packagesOf(system: System, orderIds: string[]): Promise<string[]> {
  for (let i = 0; i < 600; i++) {
    const rows = await system.db
      .knex('rm_orders')
      .whereIn('id', orderIds)
      .select<{ data: { order: { measurements: { packageIds?: string[] }[] } } }[]>('data');
    const ids = rows.flatMap((r) => r.data.order.measurements.flatMap((m) => m.packageIds ?? []));
    if (rows.length === orderIds.length && ids.length >= orderIds.length) return ids;
    await sleep(100);
  }
  throw new Error('the orders were not projected');
}

const position = (r: Route, t: number) => ({
  courierId: r.courierId,
  latitude: 59.91 + (t % 100) / 10_000,
  longitude: 10.75,
  accuracy: 12,
  timestamp: new Date().toISOString(),
});

runBench(async () => {
  await onLocalSystem(
    'courier',
    async (system) => {
      const world = await shopWorld(system);
      const started = performance.now();
      const routes: Route[] = [];
      // Four routes set up at a time (the set-up is not measured; one at a time took minutes).
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let i = next++; i < COURIERS; i = next++)
            routes[i] = await route(system, world, i, 2 * BATCH);
        }),
      );
      console.log(
        `  set-up: ${COURIERS} couriers signed in, each on a started route of ${2 * BATCH} orders, in ${fmt((performance.now() - started) / 1000, 1)} s`,
      );
      const planner = await signIn(system, '+4797000042', {
        role: 'PLANNER',
        departmentIds: [world.department],
      });

      // 1. The paced load, with the planner's socket taking each batch's arrival.
      const ws = new WebSocket(
        `${system.url.replace('http', 'ws')}/api/subscribe?departmentIds=${world.department}&dates=${DATE}&types=slotScans`,
        { headers: { cookie: planner.cookie! } },
      );
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      /** Per slot, the batches sent and not yet seen: [scans the slot has after it, sent at]. */
      const waiting = new Map<string, [number, number][]>();
      const lags: number[] = [];
      /** Each batch's send and socket arrival (epoch ms), by slot and the scan stream's revision. */
      const timed = new Map<string, { sent: number; seen?: number }>();
      ws.on('message', (raw) => {
        const text = Buffer.from(raw as Buffer).toString('utf8');
        if (text === 'ping') return void ws.send('pong');
        if (!text.startsWith('{')) return;
        const m = JSON.parse(text) as { entity: string; id: string; data?: { scans?: unknown[] } };
        if (m.entity !== 'slotScans') return;
        const at = now();
        const seen = m.data?.scans?.length ?? 0;
        const list = waiting.get(m.id) ?? [];
        while (list.length > 0 && list[0]![0] <= seen) {
          const [count, sent] = list.shift()!;
          lags.push(at - sent);
          const batch = timed.get(`${m.id}:${count / BATCH - 1}`);
          if (batch) batch.seen = at;
        }
      });
      const probe = await floorProbe(system, world.department, planner);
      const profiler = PROFILE ? await phaseProfiler(system, system.db.knex) : null;
      await profiler?.start();
      const batches = Math.floor(SECONDS / 10);
      const probing = probe.run(SECONDS * 1000);
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      let scans = 0;
      const loadStart = performance.now();
      await Promise.all(
        routes.map(async (r, c) => {
          const offset = (10_000 * c) / routes.length;
          for (let b = 0; b < batches; b++) {
            await sleep(loadStart + offset + b * 10_000 - performance.now());
            const kind = KINDS[Math.floor(b / 2) % KINDS.length]!;
            const half = r.packages.slice((b % 2) * BATCH, (b % 2) * BATCH + BATCH);
            const payload = {
              slotId: r.slotId,
              scans: half.map((code) => ({ code, kind, scannedAt: new Date().toISOString() })),
            };
            const list = waiting.get(r.slotId) ?? [];
            const sentAt = now();
            list.push([(b + 1) * BATCH, sentAt]);
            waiting.set(r.slotId, list);
            timed.set(`${r.slotId}:${b}`, { sent: sentAt });
            const t = performance.now();
            const status = await send(system, r.headers, 'ADD_SCANNED_EVENTS', payload);
            latencies.push(performance.now() - t);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 200) scans += half.length;
            if (b % 6 === 0) await send(system, r.headers, 'SET_COURIER_LOCATION', position(r, b));
          }
        }),
      );
      const loadSeconds = (performance.now() - loadStart) / 1000;
      await profiler?.stop('scan load', batches * routes.length);
      const floor = await probing;
      // The last batches' socket messages: every batch's arrival counts in the percentiles (one
      // left out would hide the slowest), so wait for them all, up to a minute.
      const unseen = () => [...waiting.values()].reduce((n, l) => n + l.length, 0);
      const drainEnd = performance.now() + 60_000;
      while (unseen() > 0 && performance.now() < drainEnd) await sleep(100);
      const waited = (performance.now() - loadStart) / 1000 - loadSeconds;
      ws.close();
      const scanRate = scans / loadSeconds;
      const missed = unseen();
      console.log(
        `  ${COURIERS} couriers × a batch of ${BATCH} every 10 s for ${SECONDS} s (${fmt((COURIERS * BATCH) / 10)} scans/s offered): ` +
          `${fmt(scanRate, 1)} scans/s processed; ADD_SCANNED_EVENTS p50 ${fmt(percentile(latencies, 50), 1)} ms, p99 ${fmt(percentile(latencies, 99), 1)} ms ` +
          `(${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')})`,
      );
      console.log(
        `  scan sent → planner's socket: p50 ${fmt(percentile(lags, 50), 1)} ms, p99 ${fmt(percentile(lags, 99), 1)} ms (target p99 < 200 ms) over ${lags.length} batches; ${missed} not seen (the last seen ${fmt(waited, 1)} s after the load)`,
      );

      await printStages(system, timed);
      console.log(
        `  floor under the same load, UPDATE_CUSTOMER sent → planner's socket: p50 ${fmt(percentile(floor.lags, 50), 1)} ms, p99 ${fmt(percentile(floor.lags, 99), 1)} ms ` +
          `over ${floor.lags.length} changes (${floor.missed} not seen); scan p99 / floor p99: ${fmt(percentile(lags, 99) / percentile(floor.lags, 99), 2)} ×`,
      );
      console.log(
        `  the process's heap after the load: ${fmt(process.memoryUsage().heapUsed / 2 ** 20, 0)} MiB` +
          (STATES_KEPT === null ? '' : ` (COMMAND_STATES_KEPT ${STATES_KEPT})`),
      );

      // 2. The floor: CREATE_CUSTOMER as fast as 32 at once go, for 10 s, in the same run.
      const admin = await signIn(system, '+4797000043', { role: 'ADMIN' });
      let customers = 0;
      const floorStart = performance.now();
      await Promise.all(
        Array.from({ length: 32 }, async (_, w) => {
          for (let i = 0; performance.now() - floorStart < 10_000; i++)
            if (
              (await send(system, admin, 'CREATE_CUSTOMER', {
                name: `Kunde ${w}-${i}`,
                departmentId: world.department,
              })) === 200
            )
              customers++;
        }),
      );
      const customerRate = customers / ((performance.now() - floorStart) / 1000);
      console.log(
        `  CREATE_CUSTOMER, 32 at once: ${fmt(customerRate, 1)} commands/s; scans processed / CREATE_CUSTOMER: ${fmt(scanRate / customerRate, 2)} × ` +
          `(scan batches: ${fmt(scanRate / BATCH / customerRate, 3)} ×)`,
      );

      // 3. One courier's offline queue of 200 reports, drained in order, one at a time.
      const r = await route(system, world, COURIERS, 50);
      const reports = r.packages.flatMap((code, i) => [
        ...KINDS.map((kind) => ({
          type: 'ADD_SCANNED_EVENTS',
          payload: {
            slotId: r.slotId,
            scans: [{ code, kind, scannedAt: new Date().toISOString() }],
          },
        })),
        { type: 'SET_COURIER_LOCATION', payload: position(r, i) },
      ]);
      const drainStart = performance.now();
      const drained = new Map<number, number>();
      for (const [i, report] of reports.entries()) {
        const status = await send(
          system,
          r.headers,
          report.type,
          report.payload,
          crypto.randomUUID(),
        );
        drained.set(status, (drained.get(status) ?? 0) + 1);
        if (status !== 200 && i < 3) console.log(`  report ${i}: ${status}`);
      }
      const drainSeconds = (performance.now() - drainStart) / 1000;
      console.log(
        `  one courier's queue of ${reports.length} reports drained in ${fmt(drainSeconds, 2)} s (${fmt(reports.length / drainSeconds, 1)} a second; ${[...drained].map(([s, n]) => `${n}× ${s}`).join(', ')})`,
      );
    },
    {
      keep: KEEP,
      env: {
        PRE_ADVICE_INTERVAL_SECONDS: '0',
        RECURRING_INTERVAL_SECONDS: '0',
        ...(STATES_KEPT === null ? {} : { COMMAND_STATES_KEPT: String(STATES_KEPT) }),
      },
    },
  );
});
