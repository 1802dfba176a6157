import { MAP_FIELDS } from '@nordlog/contracts';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import {
  dropped,
  FRAME_MS,
  heaviestEvents,
  heaviestFrames,
  hottestFunctions,
  installFrames,
  printHeaviest,
  p,
  tracedFrames,
  type HeavyEvent,
  type HotFunction,
} from './mapFrames.js';
import type { MapWorld } from './mapWorld.js';
import { fmt } from './stats.js';

/** The mark the planner's map sets when its layer has drawn (ui/src/planner/map/MarkerLayer.tsx). */
const MARKERS_DRAWN = 'nordlog:map-markers-drawn';

export interface FirstRender {
  /** Navigation start until the layer drew the day's stops (ms). */
  drawn: number;
  /** Navigation start until the last page of the day's consignments had arrived (ms). */
  data: number;
  clusters: number;
  markers: number;
}

/**
 * Opens the map at `url` in `page` (from about:blank, so each load is a whole navigation) and
 * answers when the marker layer drew all `stops` stops of the day: the first `MARKERS_DRAWN` mark
 * after the last consignments page arrived that counts them (times from navigation start, the
 * page's time origin).
 */
export async function firstRender(page: Page, url: string, stops: number): Promise<FirstRender> {
  await page.goto('about:blank');
  await page.goto(url);
  // Polled from here (the app's CSP forbids the page evaluating strings itself); the times are
  // the page's own, so the polling does not change them.
  const probe = `(() => {
    const data = performance.getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/query/consignments'));
    if (data.length === 0) return null;
    const arrived = Math.max(...data.map((e) => e.responseEnd));
    const mark = performance.getEntriesByName(${JSON.stringify(MARKERS_DRAWN)})
      .find((m) => m.startTime >= arrived && m.detail && m.detail.stops === ${stops});
    return mark ? { drawn: mark.startTime, data: arrived, clusters: mark.detail.clusters, markers: mark.detail.markers } : null;
  })()`;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const answer = await page.evaluate<FirstRender | null>(probe);
    if (answer) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the map at ${url} never drew ${stops} stops`);
}

/**
 * A planner's pans and zooms, by mouse, as Chromium's input events: a drag of `dx`, `dy` px over
 * 20 moves a frame apart (then Leaflet's inertia), and wheel notches of one zoom level at the
 * map's middle, each followed by `settle` ms for the animation, the clustering and the markers.
 */
async function panZoomSequence(page: Page, settle = 600): Promise<void> {
  const box = (await page.locator('[data-testid=planner-map] .leaflet-container').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(cx + (dx * i) / 20, cy + (dy * i) / 20);
      await pause(FRAME_MS);
    }
    await page.mouse.up();
    await pause(settle);
  };
  const wheel = async (notches: number) => {
    await page.mouse.move(cx, cy);
    for (let i = 0; i < Math.abs(notches); i++) {
      await page.mouse.wheel(0, notches > 0 ? -120 : 120);
      await pause(settle);
    }
  };
  await drag(-300, 0);
  await drag(0, -200);
  await wheel(4); // zoom 12 → 16
  await drag(400, 150);
  await drag(-200, -250);
  await wheel(-4); // back to 12
  await drag(300, 200);
  await wheel(-2); // 10: the whole city in a few clusters
  await drag(-150, 100);
  await wheel(2);
}

/** With `--profile`: where the renderer's time went during one more sequence of each page. */
interface Profiles {
  map: HeavyEvent[];
  empty: HeavyEvent[];
  heavyMap: { frames: number; work: number; events: HeavyEvent[] };
  heavyEmpty: { frames: number; work: number; events: HeavyEvent[] };
  scripts?: HotFunction[];
}

export interface PanZoom {
  work: number[];
  intervals: number[];
}

/**
 * The first render of the map with the day's consignments and of the same map with none (the
 * empty department's day, the floor), then the pan-and-zoom sequence on each, per-frame main
 * thread work from a trace, in alternating rounds (a loaded machine changes speed within a run).
 */
export async function mapBench(
  world: MapWorld,
  context: BrowserContext,
  options: { loads: number; rounds: number; profile?: boolean; waterfall?: boolean },
): Promise<{
  /** With `--waterfall`: what one more load of the map asked and when (ms from navigation). */
  waterfall?: Waterfall;
  first: FirstRender[];
  firstEmpty: FirstRender[];
  bareData: number[];
  /** The same pages with every field of the rows. */
  bareWhole: number[];
  pan: PanZoom;
  panEmpty: PanZoom;
  /** With `--profile`: the renderer's heaviest work during one more sequence of each page. */
  profiles?: Profiles;
}> {
  const { system, department, empty, date } = world;
  const full = `${system.url}/planner/${department}/map?date=${date}`;
  const none = `${system.url}/planner/${empty}/map?date=${date}`;
  const page = await context.newPage();
  const first: FirstRender[] = [];
  const firstEmpty: FirstRender[] = [];
  // Warm: the app's chunks are in the browser's cache from here on, as for a planner.
  await firstRender(page, full, world.consignments);
  await firstRender(page, none, 0);
  for (let i = 0; i < options.loads; i++) {
    first.push(await firstRender(page, full, world.consignments));
    firstEmpty.push(await firstRender(page, none, 0));
  }
  // The floor of the data: the same pages of the day's consignments asked by the page itself (the
  // map's fields only, as the app asks them), one after the other, and parsed, with no app around.
  const bare = (fields: readonly string[] | null) => `(async () => {
    const started = performance.now();
    for (let offset = 0; ; offset += 5000) {
      const res = await fetch('/api/query/consignments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'consignments', params: {
          departmentIds: [${JSON.stringify(department)}], fromDate: ${JSON.stringify(date)},
          toDate: ${JSON.stringify(date)}, limit: 5000, offset${fields ? `, fields: ${JSON.stringify(fields)}` : ''} } }),
      });
      const rows = await res.json();
      if (!Array.isArray(rows)) throw new Error(JSON.stringify(rows).slice(0, 200));
      if (rows.length < 5000) return performance.now() - started;
    }
  })()`;
  const bareData: number[] = [];
  // The same pages with every field (what the map asked before it asked for its fields alone),
  // alternating with the map's own, for the figure of what the selection saves.
  const bareWhole: number[] = [];
  for (let i = 0; i < options.loads; i++) {
    bareData.push(await page.evaluate<number>(bare(MAP_FIELDS)));
    bareWhole.push(await page.evaluate<number>(bare(null)));
  }
  const waterfall = options.waterfall
    ? await waterfallOf(page, full, world.consignments)
    : undefined;
  await screenshot(page, 'bench-map-empty');
  await page.close();

  // One page each, kept open: the sequence starts from the default view each round.
  const open = async (url: string, stops: number) => {
    const tab = await context.newPage();
    await firstRender(tab, url, stops);
    await installFrames(tab);
    return { tab, session: await context.newCDPSession(tab) };
  };
  const mapPage = await open(full, world.consignments);
  const emptyPage = await open(none, 0);
  const pan: PanZoom = { work: [], intervals: [] };
  const panEmpty: PanZoom = { work: [], intervals: [] };
  /** Each sequence starts from the default view, the page in front. */
  const fresh = async (target: { tab: Page; session: CDPSession }) => {
    await target.tab.bringToFront();
    await target.tab.getByRole('button', { name: 'Default view' }).click();
    await target.tab.waitForTimeout(800);
  };
  const round = async (
    target: { tab: Page; session: CDPSession },
    into: PanZoom,
    shot?: string,
  ) => {
    await fresh(target);
    const out = await tracedFrames(target.session, target.tab, () => panZoomSequence(target.tab));
    into.work.push(...out.work);
    into.intervals.push(...out.intervals);
    if (shot) await screenshot(target.tab, shot);
  };
  for (let r = 0; r < options.rounds; r++) {
    await round(mapPage, pan, r === 0 ? 'bench-map-after-pan-zoom' : undefined);
    await round(emptyPage, panEmpty);
  }
  let profiles: Profiles | undefined;
  if (options.profile) {
    const traced = async (target: { tab: Page; session: CDPSession }) => {
      await fresh(target);
      return heaviestEvents(target.session, () => panZoomSequence(target.tab));
    };
    const heavy = async (target: { tab: Page; session: CDPSession }) => {
      await fresh(target);
      return heaviestFrames(target.session, target.tab, () => panZoomSequence(target.tab));
    };
    profiles = {
      map: await traced(mapPage),
      empty: await traced(emptyPage),
      heavyMap: await heavy(mapPage),
      heavyEmpty: await heavy(emptyPage),
    };
    // And the map's JavaScript during one more sequence.
    await fresh(mapPage);
    profiles.scripts = await hottestFunctions(mapPage.session, () => panZoomSequence(mapPage.tab));
  }
  await mapPage.tab.close();
  await emptyPage.tab.close();
  return { first, firstEmpty, bareData, bareWhole, pan, panEmpty, profiles, waterfall };
}

export interface Waterfall {
  /** The document's milestones and the app's marks. */
  milestones: { name: string; at: number }[];
  requests: { name: string; start: number; firstByte: number; end: number; bytes: number }[];
}

/** One more load of `url`: every request the page made and its milestones, from navigation start. */
async function waterfallOf(page: Page, url: string, stops: number): Promise<Waterfall> {
  await firstRender(page, url, stops);
  return page.evaluate<Waterfall>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const milestones = [
      { name: 'document: first byte', at: nav.responseStart },
      { name: 'document: interactive', at: nav.domInteractive },
      { name: 'document: DOMContentLoaded', at: nav.domContentLoadedEventEnd },
      { name: 'document: load', at: nav.loadEventEnd },
      ...performance.getEntriesByType('paint').map((e) => ({ name: e.name, at: e.startTime })),
      ...performance.getEntriesByType('mark').map((e) => ({ name: 'mark ' + e.name, at: e.startTime })),
    ];
    const requests = performance.getEntriesByType('resource').map((e) => ({
      name: e.name.replace(location.origin, ''),
      start: e.startTime,
      firstByte: e.responseStart,
      end: e.responseEnd,
      bytes: e.transferSize,
    }));
    return { milestones, requests };
  })()`);
}

/** Prints the map's figures, each also as a ratio to the empty map's in the same run. */
export function printMap(
  world: MapWorld,
  result: Awaited<ReturnType<typeof mapBench>>,
  target: { firstRender: number; frameWork: number },
): { firstMet: boolean; panMet: boolean } {
  const { first, firstEmpty, bareData, bareWhole, pan, panEmpty, waterfall } = result;
  if (waterfall) {
    console.log(`\nOne more load of the map, from navigation start (ms):`);
    const rows = [
      ...waterfall.milestones.map((m) => ({ at: m.at, text: m.name })),
      ...waterfall.requests.map((r) => ({
        at: r.start,
        text: `${r.name.slice(0, 60).padEnd(60)} first byte ${fmt(r.firstByte).padStart(6)}  end ${fmt(r.end).padStart(6)}  ${fmt(r.bytes / 1024)} kB`,
      })),
    ].sort((a, b) => a.at - b.at);
    for (const row of rows) console.log(`  ${fmt(row.at).padStart(6)}  ${row.text}`);
  }
  const drawn = first.map((f) => f.drawn);
  const drawnEmpty = firstEmpty.map((f) => f.drawn);
  const data = first.map((f) => f.data);
  const dataEmpty = firstEmpty.map((f) => f.data);
  const last = first[first.length - 1]!;
  console.log(
    `\nFirst render of the planner's map (/planner/{dep}/map, zoom 12 on Oslo), navigation start until the marker layer drew every stop, ${first.length} loads each, alternating, warm cache:`,
  );
  const row = (label: string, xs: number[], base?: number[]) =>
    console.log(
      `  ${label.padEnd(58)} p50 ${fmt(p(xs, 50)).padStart(6)} ms  max ${fmt(Math.max(...xs)).padStart(6)} ms` +
        (base ? `  ratio p50 to the empty map ${fmt(p(xs, 50) / p(base, 50), 2)}` : ''),
    );
  row('floor: empty map (no consignments), data arrived', dataEmpty);
  row('floor: empty map, layer drawn', drawnEmpty);
  row(
    `${fmt(world.consignments)} consignments, data arrived (${Math.floor(world.consignments / 5000) + 1} pages)`,
    data,
    dataEmpty,
  );
  row(`${fmt(world.consignments)} consignments, layer drawn`, drawn, drawnEmpty);
  row(
    `floor of the data: the same ${Math.floor(world.consignments / 5000) + 1} queries by the page alone, parsed`,
    bareData,
  );
  row('  the same with every field of the rows (before `fields`)', bareWhole);
  const after = first.map((f) => f.drawn - f.data);
  const afterEmpty = firstEmpty.map((f) => f.drawn - f.data);
  row('  of which: data arrived → drawn (rows, stops, clusters)', after, afterEmpty);
  console.log(
    `  drawn at zoom 12: ${fmt(last.clusters)} clusters and ${fmt(last.markers)} markers for ${fmt(world.consignments)} stops`,
  );
  const firstMet = Math.max(...drawn) < target.firstRender;
  console.log(
    `  target first render < ${fmt(target.firstRender)} ms: ${firstMet ? 'met' : 'NOT met'} (max ${fmt(Math.max(...drawn))} ms; the floor of the stack: the empty map p50 ${fmt(p(drawnEmpty, 50))} ms + the day's rows alone p50 ${fmt(p(bareData, 50))} ms = ${fmt(p(drawnEmpty, 50) + p(bareData, 50))} ms)`,
  );

  const w = pan.work;
  const we = panEmpty.work;
  console.log(
    `\nPan and zoom (mouse drags with inertia and wheel zooms 10 to 16 and back, traced), main-thread work per frame, ${w.length} / ${we.length} frames:`,
  );
  const frameRow = (label: string, xs: number[], base?: number[]) =>
    console.log(
      `  ${label.padEnd(44)} p50 ${fmt(p(xs, 50), 2).padStart(6)} ms  p95 ${fmt(p(xs, 95), 2).padStart(6)} ms  p99 ${fmt(p(xs, 99), 2).padStart(6)} ms  max ${fmt(Math.max(...xs), 1).padStart(6)} ms` +
        (base
          ? `  ratio p95 to the empty map ${fmt(p(xs, 95) / Math.max(p(base, 95), 0.01), 2)}`
          : ''),
    );
  frameRow('floor: empty map, work per frame', we);
  frameRow(`${fmt(world.consignments)} consignments, work per frame`, w, we);
  frameRow('floor: empty map, frame intervals', panEmpty.intervals);
  frameRow(
    `${fmt(world.consignments)} consignments, frame intervals`,
    pan.intervals,
    panEmpty.intervals,
  );
  const d = dropped(pan.intervals);
  const de = dropped(panEmpty.intervals);
  console.log(
    `  frames over 16.7 ms: ${d.over} of ${pan.intervals.length} (${fmt((100 * d.over) / pan.intervals.length, 1)} %), ${d.missed} vsyncs missed; floor ${de.over} of ${panEmpty.intervals.length} (${fmt((100 * de.over) / panEmpty.intervals.length, 1)} %), ${de.missed} missed`,
  );
  if (result.profiles) {
    const note = '(traced apart from the rounds; nested events count in their parents)';
    printHeaviest(
      `where the renderer's time went in one more sequence, the day ${note}:`,
      result.profiles.map,
      15,
    );
    printHeaviest(`the same, the empty map:`, result.profiles.empty, 15);
    const heavy = (label: string, h: Profiles['heavyMap']) =>
      printHeaviest(
        `${label}: the main thread in its heaviest frames (at or above p95: ${h.frames} frames, ${fmt(h.work)} ms of work), by event:`,
        h.events,
        25,
      );
    heavy('one more sequence, the day', result.profiles.heavyMap);
    heavy('the same, the empty map', result.profiles.heavyEmpty);
    const scripts = result.profiles.scripts?.filter((f) => f.name !== '(idle)').slice(0, 15);
    if (scripts) {
      console.log(`  the map's JavaScript in one more sequence (sampled), self time:`);
      for (const f of scripts) console.log(`    ${fmt(f.ms, 1).padStart(8)} ms  ${f.name} ${f.at}`);
    }
  }
  const panMet = p(w, 95) < target.frameWork;
  console.log(
    `  target work per frame p95 < ${target.frameWork} ms: ${panMet ? 'met' : 'NOT met'} (p95 ${fmt(p(w, 95), 2)} ms; floor p95 ${fmt(p(we, 95), 2)} ms)`,
  );
  return { firstMet, panMet };
}
