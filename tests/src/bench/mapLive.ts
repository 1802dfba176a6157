import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import {
  heaviestEvents,
  hottestFunctions,
  installFrames,
  type HeavyEvent,
  type HotFunction,
} from './mapFrames.js';
import { allocatedDuring, liveHeap, type Allocation } from './mapHeap.js';
import { OSLO, type Courier, type MapWorld } from './mapWorld.js';

interface Report {
  courier: number;
  lat: number;
  lng: number;
}

/** Where courier `k` is at its `n`th report: on a circle of its own round a point of the city. */
function positionOf(k: number, n: number): { lat: number; lng: number } {
  const a = (k / 50) * 2 * Math.PI;
  const centre = { lat: OSLO.lat + 0.04 * Math.cos(a), lng: OSLO.lng + 0.08 * Math.sin(a) };
  const step = (n / 20) * 2 * Math.PI;
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return {
    lat: round6(centre.lat + 0.004 * Math.cos(step)),
    lng: round6(centre.lng + 0.008 * Math.sin(step)),
  };
}

/**
 * The couriers' reports: SET_COURIER_LOCATION as each courier (the command a courier's app sends),
 * in process through the product's command service, `perMinute` in all, evenly spread (50
 * couriers at 500 a minute: each every 6 s, one report each 120 ms).
 */
class Reporter {
  private n = new Map<number, number>();
  sent = 0;
  failed = 0;
  last = new Map<number, Report>();
  constructor(
    private world: MapWorld,
    private couriers: readonly Courier[],
  ) {}

  async report(k: number): Promise<void> {
    const n = (this.n.get(k) ?? 0) + 1;
    this.n.set(k, n);
    const { id, identity } = this.couriers[k]!;
    const at = positionOf(k, n);
    const res = await this.world.system.run(
      'SET_COURIER_LOCATION',
      {
        courierId: id,
        latitude: at.lat,
        longitude: at.lng,
        accuracy: 8,
        timestamp: new Date().toISOString(),
      },
      identity,
    );
    if (res.status === 200) {
      this.sent += 1;
      this.last.set(k, { courier: k, ...at });
    } else this.failed += 1;
  }

  /** Reports at `perMinute` for `ms`, round-robin over the couriers. */
  async run(ms: number, perMinute: number): Promise<void> {
    const every = 60_000 / perMinute;
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; ; i++) {
      const due = start + i * every;
      if (due - start >= ms) break;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(this.report(i % this.couriers.length));
    }
    await Promise.all(pending);
  }
}

/** The courier markers the live map shows: courier id → place. */
const courierMarkers = (page: Page) =>
  page.locator('[data-testid=courier-marker]').evaluateAll((els) =>
    els.map((e) => ({
      id: e.getAttribute('data-courier-id')!,
      lat: Number(e.getAttribute('data-lat')),
      lng: Number(e.getAttribute('data-lng')),
    })),
  );

/**
 * The conditions measured: the day with reports and the same page right after them (none
 * arriving), the empty map, and the empty map with the same number of couriers moving at the same
 * rate (no stops, no routes) and right after. The window after the reports is theirs too: the
 * garbage they made is collected there.
 */
type Condition = 'updates' | 'idle' | 'empty' | 'moving' | 'movedIdle';

export interface LiveResult {
  updates: number[];
  idle: number[];
  empty: number[];
  moving: number[];
  movedIdle: number[];
  busy: Record<Condition, number>;
  /** Of the busy time: script, style recalculation and layout (the rest is paint and the like). */
  parts: Record<Condition, { script: number; style: number; layout: number }>;
  sent: number;
  failed: number;
  received: number;
  applied: number;
  checked: number;
  stops: number;
  /**
   * What the day's page and the moving floor allocated during S s of reports each, measured after
   * the rounds, and the reports each received.
   */
  allocated: { day: Allocation; dayReports: number; moving: Allocation; movingReports: number };
  /** Each page's JavaScript heap in use after a full collection, after the rounds (bytes). */
  heap: { day: number; empty: number; moving: number };
  /** With `--profile`: the renderer's heaviest work during reports, traced after the rounds. */
  profile?: HeavyEvent[];
  /** With `--profile`: the page's hottest JavaScript during reports, profiled after the trace. */
  scripts?: HotFunction[];
}

/**
 * The live view (/planner/{dep}/live/{date}) of the day with its slots under way and every
 * courier's marker: frame intervals while `perMinute` position reports arrive over the socket,
 * against the same page with no reports and against the live view of the empty department (an
 * empty map: no slots, no couriers, the floor), in alternating rounds of `seconds` each.
 */
export async function liveBench(
  world: MapWorld,
  context: BrowserContext,
  options: { rounds: number; seconds: number; perMinute: number; profile?: boolean },
): Promise<LiveResult> {
  const { system, department, empty, moving, date } = world;
  const reporter = new Reporter(world, world.couriers);
  const movingReporter = new Reporter(world, moving.couriers);
  // Every courier has a position before the pages open: its marker is on the map.
  await Promise.all(world.couriers.map((_, k) => reporter.report(k)));
  await Promise.all(moving.couriers.map((_, k) => movingReporter.report(k)));
  const page = await context.newPage();
  let received = 0;
  let counting = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (!counting) return;
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (!text.includes('courierLocations')) return;
      try {
        for (const m of [JSON.parse(text) as unknown].flat() as { entity?: string }[])
          if (m?.entity === 'courierLocations') received += 1;
      } catch {
        // not a change message
      }
    }),
  );
  await page.goto(`${system.url}/planner/${department}/live/${date}`);
  await page
    .locator('[data-testid=courier-marker]')
    .nth(world.couriers.length - 1)
    .waitFor({ timeout: 120_000 });
  if (world.planned > 0)
    await page
      .locator('[data-testid=live-stop-marker]')
      .nth(world.planned - 1)
      .waitFor({ state: 'attached', timeout: 120_000 });
  const stops = await page.locator('[data-testid=live-stop-marker]').count();
  await installFrames(page);
  const floor = await context.newPage();
  await floor.goto(`${system.url}/planner/${empty}/live/${date}`);
  await floor.locator('[data-testid=live-map] .leaflet-container').waitFor();
  await floor.waitForLoadState('networkidle');
  await installFrames(floor);
  const movingFloor = await context.newPage();
  await movingFloor.goto(`${system.url}/planner/${moving.department}/live/${date}`);
  await movingFloor
    .locator('[data-testid=courier-marker]')
    .nth(moving.couriers.length - 1)
    .waitFor({ timeout: 120_000 });
  await movingFloor.waitForLoadState('networkidle');
  await installFrames(movingFloor);

  const cdp = await context.newCDPSession(page);
  const floorCdp = await context.newCDPSession(floor);
  const movingCdp = await context.newCDPSession(movingFloor);
  for (const session of [cdp, floorCdp, movingCdp]) await session.send('Performance.enable');
  /** The main thread's time in tasks, and within it script, style and layout (seconds). */
  const metrics = async (session: typeof cdp) => {
    const all = (await session.send('Performance.getMetrics')).metrics;
    const of = (name: string) => all.find((m) => m.name === name)?.value ?? 0;
    return {
      task: of('TaskDuration'),
      script: of('ScriptDuration'),
      style: of('RecalcStyleDuration'),
      layout: of('LayoutDuration'),
    };
  };

  const result: LiveResult = {
    updates: [],
    idle: [],
    empty: [],
    moving: [],
    movedIdle: [],
    busy: { updates: 0, idle: 0, empty: 0, moving: 0, movedIdle: 0 },
    parts: {
      updates: { script: 0, style: 0, layout: 0 },
      idle: { script: 0, style: 0, layout: 0 },
      empty: { script: 0, style: 0, layout: 0 },
      moving: { script: 0, style: 0, layout: 0 },
      movedIdle: { script: 0, style: 0, layout: 0 },
    },
    sent: 0,
    failed: 0,
    received: 0,
    applied: 0,
    checked: 0,
    stops,
    heap: { day: 0, empty: 0, moving: 0 },
    allocated: {
      day: { bytes: 0, by: [] },
      dayReports: 0,
      moving: { bytes: 0, by: [] },
      movingReports: 0,
    },
  };
  const ms = options.seconds * 1000;
  const measure = async (
    target: Page,
    session: typeof cdp,
    which: Condition,
    during: () => Promise<void>,
  ) => {
    await target.bringToFront();
    await target.waitForTimeout(300);
    const before = await metrics(session);
    await target.evaluate('window.__frames.start()');
    await during();
    const intervals = await target.evaluate<number[]>('window.__frames.stop()');
    const after = await metrics(session);
    result.busy[which] += after.task - before.task;
    for (const part of ['script', 'style', 'layout'] as const)
      result.parts[which][part] += after[part] - before[part];
    result[which].push(...intervals);
  };
  const sentBefore = reporter.sent;
  for (let r = 0; r < options.rounds; r++) {
    counting = true;
    await measure(page, cdp, 'updates', () => reporter.run(ms, options.perMinute));
    // The last reports reach the page; each courier's marker must stand at its last report.
    await page.waitForTimeout(1500);
    counting = false;
    const shown = new Map((await courierMarkers(page)).map((m) => [m.id, m]));
    for (const [k, last] of reporter.last) {
      const marker = shown.get(world.couriers[k]!.id);
      result.checked += 1;
      if (marker && marker.lat === last.lat && marker.lng === last.lng) result.applied += 1;
    }
    await measure(page, cdp, 'idle', () => page.waitForTimeout(ms));
    await measure(floor, floorCdp, 'empty', () => floor.waitForTimeout(ms));
    await measure(movingFloor, movingCdp, 'moving', () =>
      movingReporter.run(ms, options.perMinute),
    );
    await movingFloor.waitForTimeout(1500);
    await measure(movingFloor, movingCdp, 'movedIdle', () => movingFloor.waitForTimeout(ms));
  }
  result.sent = reporter.sent - sentBefore;
  for (const [target, session, from, key] of [
    [page, cdp, reporter, 'day'],
    [movingFloor, movingCdp, movingReporter, 'moving'],
  ] as const) {
    await target.bringToFront();
    await target.waitForTimeout(300);
    const before = from.sent;
    result.allocated[key] = await allocatedDuring(session, () => from.run(ms, options.perMinute));
    result.allocated[key === 'day' ? 'dayReports' : 'movingReports'] = from.sent - before;
  }
  result.heap = {
    day: await liveHeap(cdp),
    empty: await liveHeap(floorCdp),
    moving: await liveHeap(movingCdp),
  };
  if (options.profile) {
    await page.bringToFront();
    result.profile = await heaviestEvents(cdp, () => reporter.run(ms, options.perMinute));
    result.scripts = await hottestFunctions(cdp, () => reporter.run(ms, options.perMinute));
  }
  await screenshot(page, 'bench-map-live');
  result.failed = reporter.failed;
  result.received = received;
  await page.close();
  await floor.close();
  await movingFloor.close();
  return result;
}
