import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import {
  dropped,
  FRAME_MS,
  type Dropped,
  heaviestEvents,
  hottestFunctions,
  printHeaviest,
  installFrames,
  p,
  type HeavyEvent,
  type HotFunction,
} from './mapFrames.js';
import { allocatedDuring, liveHeap, type Allocation } from './mapHeap.js';
import { OSLO, type Courier, type MapWorld } from './mapWorld.js';
import { fmt } from './stats.js';

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

/** Prints the live view's figures, as ratios to the empty map's in the same run. */
export function printLive(
  world: MapWorld,
  r: LiveResult,
  options: { rounds: number; seconds: number; perMinute: number },
): { met: boolean; overMoving: boolean } {
  const total = options.rounds * options.seconds;
  console.log(
    `\nLive view (/planner/{dep}/live/{date}): ${world.slots.length} slots under way with ${fmt(r.stops)} stop markers and ${world.couriers.length} courier markers; ${options.rounds} rounds of ${options.seconds} s each, alternating:`,
  );
  console.log(
    `  position reports: ${fmt(r.sent)} sent in ${total} s (${fmt((r.sent / total) * 60)} a minute; ${r.failed} refused), ${fmt(r.received)} courierLocations rows received on the page's socket; after each round ${r.applied} of ${r.checked} courier markers stood at their courier's last report`,
  );
  const line = (
    label: string,
    xs: number[],
    busy: number,
    base?: { xs: number[]; over: number },
  ) => {
    const d = dropped(xs);
    console.log(
      `  ${label.padEnd(50)} ${String(xs.length).padStart(5)} frames  p50 ${fmt(p(xs, 50), 2)} ms  p95 ${fmt(p(xs, 95), 2)} ms  max ${fmt(Math.max(...xs), 1)} ms  over 16.7 ms: ${String(d.over).padStart(4)} (${fmt((100 * d.over) / xs.length, 2)} %), vsyncs missed ${d.missed}; main thread busy ${fmt((100 * busy) / total, 1)} %` +
        (base
          ? `  ratio of frames over 16.7 ms to the empty map ${base.over === 0 ? (d.over === 0 ? '1.00' : `∞ (${d.over} vs 0)`) : fmt(d.over / base.over, 2)}`
          : ''),
    );
    return d;
  };
  const floor = line('floor: empty map (no slots, no couriers), idle', r.empty, r.busy.empty);
  const base = { xs: r.empty, over: floor.over };
  const movedNow = line(
    `floor: empty map, ${world.moving.couriers.length} couriers moving, ${options.perMinute} a minute`,
    r.moving,
    r.busy.moving,
    base,
  );
  const movedAfter = line(
    'floor: the same right after, none arriving',
    r.movedIdle,
    r.busy.movedIdle,
    base,
  );
  const upNow = line(
    `the day, ${options.perMinute} reports a minute`,
    r.updates,
    r.busy.updates,
    base,
  );
  const upAfter = line('the day right after the reports, none arriving', r.idle, r.busy.idle, base);
  // The reports' cost: their window and the one after it, where their garbage is collected.
  const sum = (a: Dropped, b: Dropped): Dropped => ({
    over: a.over + b.over,
    missed: a.missed + b.missed,
  });
  const up = sum(upNow, upAfter);
  const moved = sum(movedNow, movedAfter);
  const floors = sum(floor, floor);
  console.log(
    `  the day's reports and the window after them: ${up.over} frames over 16.7 ms (${upNow.over} + ${upAfter.over}), vsyncs missed ${up.missed}; the moving floor's: ${moved.over} (${movedNow.over} + ${movedAfter.over}), ${moved.missed} (ratio ${moved.over === 0 ? (up.over === 0 ? '1.00' : '∞') : fmt(up.over / moved.over, 2)}); the empty map's in as long: ${floors.over}, ${floors.missed}`,
  );
  const perReport = (bytes: number, reports: number) =>
    `${fmt(bytes / Math.max(1, reports) / 1024, 1)} kB a report (${fmt(bytes / 1024 / 1024, 1)} MB for ${reports})`;
  const { day, moving, dayReports, movingReports } = r.allocated;
  const dayPer = day.bytes / Math.max(1, dayReports);
  const movingPer = moving.bytes / Math.max(1, movingReports);
  console.log(
    `  allocated by the page's JavaScript during ${options.seconds} s of reports (sampled after the rounds, collected objects included): the day ${perReport(day.bytes, dayReports)}; the moving floor ${perReport(moving.bytes, movingReports)}; ratio ${movingPer === 0 ? '∞' : fmt(dayPer / movingPer, 2)}`,
  );
  const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
  console.log(
    `  JavaScript heap in use after a full collection (what a major collection marks): the day ${mb(r.heap.day)}, the empty map ${mb(r.heap.empty)}, the moving floor ${mb(r.heap.moving)}`,
  );
  // With --profile (the trace and the sampled functions are there).
  if (r.profile)
    for (const [label, a] of [
      ['the day', day],
      ['the moving floor', moving],
    ] as const) {
      console.log(`    ${label}, heaviest allocating functions:`);
      for (const f of a.by.slice(0, 15))
        console.log(
          `    ${fmt(f.bytes / 1024, 0).padStart(8)} kB  ${f.name} ${f.at}${f.via ? ` ← ${f.via}` : ''}`,
        );
    }
  const share = (x: number) => `${fmt((100 * x) / total, 1)} %`;
  for (const [which, label] of [
    ['empty', 'empty map'],
    ['moving', 'empty map, couriers moving'],
    ['movedIdle', 'empty map, right after the couriers moved'],
    ['updates', 'the day with reports'],
    ['idle', 'the day right after the reports'],
  ] as const) {
    const part = r.parts[which];
    console.log(
      `    of the main thread, ${label}: script ${share(part.script)}, style ${share(part.style)}, layout ${share(part.layout)}, the rest (paint, compositing, other tasks) ${share(r.busy[which] - part.script - part.style - part.layout)}`,
    );
  }
  const expected = (total * 1000) / FRAME_MS;
  console.log(
    `  (a frame each 16.7 ms would be ${fmt(expected)} frames per condition; the floor drew ${fmt(r.empty.length)})`,
  );
  if (r.profile)
    printHeaviest(
      `where the renderer's time went during ${options.seconds} s of reports (traced apart from the rounds; nested events count in their parents):`,
      r.profile,
    );
  if (r.scripts) {
    console.log(
      `  the page's JavaScript during ${options.seconds} s of reports (sampled apart from the rounds), self time:`,
    );
    for (const f of r.scripts.filter((f) => f.name !== '(idle)').slice(0, 20))
      console.log(`    ${fmt(f.ms, 1).padStart(8)} ms  ${f.name} ${f.at}`);
  }
  // Met: every report applied and, in the reports' window and the one after it, no more dropped
  // frames than the idle empty map's in as long; apart, than the moving one's (what moving
  // anything on a map costs this browser).
  const applied = r.applied === r.checked;
  const met = applied && up.over <= floors.over && up.missed <= floors.missed;
  const overMoving = applied && up.over <= moved.over && up.missed <= moved.missed;
  console.log(
    `  target ${options.perMinute} reports a minute applied without dropped frames over the empty map's floor: ${met ? 'met' : 'NOT met'} (${up.over} frames over 16.7 ms, ${up.missed} vsyncs missed, in the reports' windows and those after them, against ${floors.over} and ${floors.missed}); over the floor of the same couriers moving on an empty map: ${overMoving ? 'none' : 'some'} (against ${moved.over} and ${moved.missed})`,
  );
  return { met, overMoving };
}
