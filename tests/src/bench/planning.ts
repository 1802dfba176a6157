import type { System } from '@nordlog/deploy';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureNumberSeries, osloStops } from '../support/booking.js';
import { startHttpClient, type Request } from './httpClient.js';
import { loopbackTileEnv } from '../support/browser.js';
import { benchUiDir } from './bareReact.js';
import { planningBrowserBench } from './planningBrowser.js';
import { planningCommandsBench } from './planningCommands.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { fmt, percentile, printLatency } from './stats.js';
import { numberArg as arg } from './args.js';

/**
 * `npm run bench:planning [-- --units N --consignments M --samples S --no-browser]`
 * `npm run bench:planning -- --browser` (the world, then the browser phase alone)
 * `npm run bench:planning -- --commands [--full F --command-samples C --batch B]`
 *
 * One department, one day, on the local PostgreSQL server: N (default 50) units with a slot each
 * and M (default 2,000) consignments booked through the command API, 80 % of them planned onto the
 * slots (CREATE_ROUTE, ~32 stops each), the rest left to plan. Measured, each as p50/p95 and as a
 * ratio to a baseline measured in the same run (these machines are shared and noisy):
 * - the `slots` query with route points (every slot's schedule computed) through the real query
 *   service over HTTP; baseline: the `departments` query through the same HTTP path;
 * - planning one more consignment onto a slot (UPDATE_CONSIGNMENT_SLOT) until the `slots` query
 *   shows it (command, projection and read); baseline: a no-op command (a slot rename to its own
 *   name) on the same path;
 * - in Chromium (unless --no-browser): the planning board's first render, and a drag-assign in one
 *   browser until a second browser shows it;
 * - the planning commands that take a slot (plan onto it, move a stop, unassign, the courier's
 *   collect and deliver) on an empty slot and on a slot of F (default 500) consignments, as the
 *   ratio of their p95s (target ≤ 1.5, issue 37 §3): see planningCommands.ts. `--commands` runs
 *   this phase alone, on a day of its own.
 */
const args = process.argv.slice(2);
const UNITS = arg('--units', 50);
const CONSIGNMENTS = arg('--consignments', 2000);
const SAMPLES = arg('--samples', 100);
const BROWSER = !args.includes('--no-browser');
const COMMANDS_ONLY = args.includes('--commands');
const BROWSER_ONLY = args.includes('--browser');
const commandsOptions = (numberSeries: boolean) => ({
  full: arg('--full', 500),
  samples: arg('--command-samples', 40),
  batch: arg('--batch', 10),
  numberSeries,
});
const TARGET = { slots: 50, firstRender: 1000, dragShown: 150 };

async function post<T>(url: string, path: string, body: unknown, headers: SessionHeaders) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const line = printLatency;

export interface PlanningWorld {
  system: System;
  department: string;
  date: string;
  slots: string[];
  unplanned: string[];
  headers: SessionHeaders;
}

async function build(system: System): Promise<PlanningWorld> {
  const run = async (name: string, payload: unknown) => {
    const res = await system.run(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return (res.body as { ids: string[] }).ids;
  };
  const [department] = await run('CREATE_DEPARTMENT', {
    name: 'Bench planning',
    departmentType: 'courier',
    country: 'NO',
    location: { lat: 59.91, lng: 10.75 },
  });
  const [customer] = await run('CREATE_CUSTOMER', { name: 'Bench AS', departmentId: department });
  await configureNumberSeries({ command: (name, payload) => system.run(name, payload) });
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(
    new Date(Date.now() + 86_400_000),
  );
  const started = performance.now();
  const slots: string[] = [];
  for (let u = 0; u < UNITS; u++) {
    const [courier] = await run('CREATE_USER', {
      name: `Courier ${u + 1}`,
      phoneNumber: `+47480${String(u).padStart(5, '0')}`,
      role: 'COURIER',
      departmentIds: [department],
    });
    await run('UPDATE_USER', { id: courier, courierId: courier });
    const [unit] = await run('CREATE_UNIT', {
      name: `Van ${u + 1}`,
      alystraId: `U-${u + 1}`,
      departmentId: department,
      capacity: 500,
      weightCapacity: 2000,
      volumeCapacity: 12,
      vehicleType: 'van',
      fuelType: 'electric',
      startLocation: { lat: 59.91, lng: 10.75 },
      endLocation: { lat: 59.91, lng: 10.75 },
      courierUserIds: [courier],
    });
    const [slot] = await run('CREATE_SLOT', {
      departmentId: department,
      name: `Route ${u + 1}`,
      timeFrom: `${date}T06:00:00.000Z`,
      unitId: unit,
      courierId: courier,
    });
    slots.push(slot!);
  }
  const ids: string[] = [];
  for (let i = 0; i < CONSIGNMENTS; i++) {
    const lat = 59.85 + ((i * 7919) % 1000) / 5000;
    const lng = 10.6 + ((i * 104729) % 1000) / 2500;
    const [id] = await run('CREATE_ORDER', {
      departmentId: department,
      customerId: customer,
      pickupDate: date,
      ...osloStops(i, { lat, lng }, 'Depot'),
      deliveryTimeEarliest: '09:00',
      deliveryTimeLatest: '17:00',
      measurements: [{ weight: 2 + (i % 10), quantity: 1 + (i % 3) }],
    });
    ids.push(id!);
    if (i % 200 === 0) process.stdout.write(`\r  booking consignments: ${i} / ${CONSIGNMENTS}`);
  }
  process.stdout.write(`\r  booking consignments: ${CONSIGNMENTS} / ${CONSIGNMENTS}\n`);
  const planned = Math.floor(CONSIGNMENTS * 0.8);
  const per = Math.floor(planned / UNITS);
  for (let s = 0; s < UNITS; s++)
    await run('CREATE_ROUTE', {
      slotId: slots[s],
      consignmentIds: ids.slice(s * per, (s + 1) * per),
    });
  console.log(
    `  ${UNITS} couriers, units and slots, ${CONSIGNMENTS} consignments (${per * UNITS} planned, ${per} per slot) in ${fmt((performance.now() - started) / 1000, 1)} s`,
  );
  const headers = await signIn(system, '+4749990011', {
    role: 'PLANNER',
    departmentIds: [department],
  });
  return {
    system,
    department: department!,
    date,
    slots,
    unplanned: ids.slice(per * UNITS),
    headers,
  };
}

const slotsQueryOf = ({ department, date }: PlanningWorld) => ({
  params: { departmentIds: [department], fromDate: date, toDate: date },
});

/** Asks the `slots` query until its route points stop changing: the projection has caught up. */
async function waitForProjection(url: string, world: PlanningWorld) {
  let answer: { routePoints: unknown[] }[] = [];
  let points = -1;
  for (let last = -2; points !== last; await new Promise((r) => setTimeout(r, 500))) {
    last = points;
    answer = await post<{ routePoints: unknown[] }[]>(
      url,
      '/api/query/slots',
      slotsQueryOf(world),
      world.headers,
    );
    points = answer.reduce((n, s) => n + s.routePoints.length, 0);
  }
  return answer;
}

async function main() {
  // The web app and, beside it, the bare React page the first renders are compared with.
  const ui = BROWSER ? await benchUiDir() : null;
  try {
    await bench(ui?.dir);
  } finally {
    await ui?.close();
  }
}

async function bench(uiDir: string | undefined) {
  await onLocalSystem(
    'planning',
    async (system) => {
      if (COMMANDS_ONLY) return planningCommandsBench(system, commandsOptions(true));
      const world = await build(system);
      if (BROWSER_ONLY) {
        await waitForProjection(system.url, world);
        return planningBrowserBench(world, { samples: Math.min(SAMPLES, 40), target: TARGET });
      }
      const { url } = system;
      const { headers } = world;
      const slotsQuery = slotsQueryOf(world);
      // The projection catches up with the booking before anything is measured.
      const answer = await waitForProjection(url, world);
      const points = answer.reduce((n, s) => n + s.routePoints.length, 0);
      const bytes = JSON.stringify(answer).length;
      console.log(
        `\nThe slots query answers ${answer.length} slots with ${fmt(points)} route points (${fmt(bytes / 1024)} KiB of JSON).`,
      );
      const client = startHttpClient(url);
      const times = (n: number, request: (i: number) => Request) =>
        client.measure(Array.from({ length: n + 5 }, (_, i) => request(i)));
      const query = (name: string, params: unknown): Request => ({
        path: `/api/query/${name}`,
        body: { params },
        headers,
      });
      const base = await times(SAMPLES, () => query('departments', {}));
      const slots = await times(SAMPLES, () => query('slots', slotsQuery.params));
      // The floor: the same answer, already computed, serialised and sent by a bare HTTP server
      // on this process's event loop (what any answer of this size costs here).
      const floorServer = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer));
        });
      });
      await new Promise<void>((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
      const floorUrl = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}`;
      const floorClient = startHttpClient(floorUrl);
      const floor = await floorClient.measure(
        Array.from({ length: SAMPLES + 5 }, () => query('slots', slotsQuery.params)),
      );
      await floorClient.close();
      floorServer.close();
      const noop = await times(Math.min(SAMPLES, 50), () => ({
        path: '/api/command/UPDATE_SLOT',
        body: { type: 'UPDATE_SLOT', payload: { id: world.slots[0], name: 'Route 1' } },
        headers,
      }));
      const n = Math.min(SAMPLES, world.unplanned.length - 10);
      const assign = await times(n, (i) => {
        const slotId = world.slots[i % world.slots.length]!;
        return {
          path: '/api/command/UPDATE_CONSIGNMENT_SLOT',
          body: {
            type: 'UPDATE_CONSIGNMENT_SLOT',
            payload: { consignmentIds: [world.unplanned[i]!], slotId, force: true },
          },
          headers,
          // Read your write: the query waits for the projection to reach the command's position.
          then: {
            path: '/api/query/slots',
            body: { params: { ...slotsQuery.params, slotIds: [slotId] } },
          },
        };
      });
      await client.close();
      console.log('\nServer (HTTP, one planner at a time):');
      line('baseline: departments query', base, null);
      line('floor: the same answer, precomputed, bare HTTP', floor, base);
      line('slots query with route points (day)', slots, base, TARGET.slots);
      console.log(
        `  slots query p95 / floor p95: ${fmt(percentile(slots, 95) / percentile(floor, 95), 1)}`,
      );
      line('baseline: no-op command (UPDATE_SLOT)', noop, null);
      line('assign one consignment until `slots` shows it', assign, noop);
      if (BROWSER)
        await planningBrowserBench(world, { samples: Math.min(SAMPLES, 40), target: TARGET });
      console.log('');
      await planningCommandsBench(system, commandsOptions(false));
    },
    { keep: args.includes('--keep'), env: uiDir ? { ...loopbackTileEnv, UI_DIR: uiDir } : {} },
  );
}

runBench(main);
