import type { CDPSession, Page } from 'playwright-core';
import { fmt, percentile } from './stats.js';

/** One 60 Hz frame (ms). */
export const FRAME_MS = 1000 / 60;

/**
 * A frame recorder installed in a page as `window.__frames` (a string: the tests compile without
 * the DOM library). While on, every animation frame sets the User Timing mark `bench:frame` (so a
 * trace can cut the main thread's work into frames) and notes its interval from the previous
 * frame's timestamp. `stop()` answers the intervals and clears the marks.
 */
export const frameRecorder = String.raw`(() => {
  let on = false;
  let last = 0;
  let deltas = [];
  const loop = (t) => {
    if (!on) return;
    performance.mark('bench:frame');
    if (last > 0) deltas.push(t - last);
    last = t;
    requestAnimationFrame(loop);
  };
  window.__frames = {
    start() {
      on = true;
      last = 0;
      deltas = [];
      requestAnimationFrame(loop);
    },
    stop() {
      on = false;
      performance.clearMarks('bench:frame');
      return deltas;
    },
  };
})()`;

/** Installs the recorder in a page (again after each navigation). */
export const installFrames = (page: Page) => page.evaluate(frameRecorder);

/** Frames over one 60 Hz interval, and the vsyncs missed in all (an interval of 3 frames: 2). */
export interface Dropped {
  over: number;
  missed: number;
}

/** The frames of `intervals` that dropped (see `Dropped`). */
export function dropped(intervals: readonly number[]): Dropped {
  let over = 0;
  let missed = 0;
  for (const d of intervals) {
    if (d > FRAME_MS + 0.5) over += 1;
    missed += Math.max(0, Math.round(d / FRAME_MS) - 1);
  }
  return { over, missed };
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

/**
 * Records a Chromium trace (task and User Timing events only, to keep its own cost small) while
 * `work` runs, and cuts the renderer main thread's busy time into the frames the recorder marked:
 * for each interval between two `bench:frame` marks, the time the main thread spent in tasks
 * (the union of its top-level tasks, clipped to the interval). Answers those per-frame work times
 * and the frame intervals, both in ms.
 */
export async function tracedFrames(
  session: CDPSession,
  page: Page,
  during: () => Promise<void>,
): Promise<{ work: number[]; intervals: number[] }> {
  const events = await recordTrace<TraceEvent>(session, 'toplevel,blink.user_timing', () =>
    withFrames(page, during),
  );
  const { work, intervals } = cutIntoFrames(events);
  return { work, intervals };
}

/** Runs `during` with the page's frame recorder on. */
async function withFrames(page: Page, during: () => Promise<void>): Promise<void> {
  await page.evaluate('window.__frames.start()');
  try {
    await during();
  } finally {
    await page.evaluate('window.__frames.stop()');
  }
}

/**
 * A trace's renderer main thread cut into the frames the recorder marked: each frame's bounds
 * (trace µs), the main thread's busy time in it (ms) and its interval (ms).
 */
function cutIntoFrames(events: readonly TraceEvent[]): {
  pid: number;
  tid: number;
  bounds: [number, number][];
  work: number[];
  intervals: number[];
} {
  const marks = events.filter((e) => e.name === 'bench:frame');
  if (marks.length < 2) throw new Error(`the trace holds ${marks.length} frame marks`);
  const { pid, tid } = marks[0]!;
  const frames = marks
    .filter((e) => e.pid === pid && e.tid === tid)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  // Top-level tasks of the main thread, merged where they nest or overlap.
  const tasks = events
    .filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.ph === 'X' &&
        e.dur !== undefined &&
        e.name === 'ThreadControllerImpl::RunTask',
    )
    .map((e) => [e.ts, e.ts + e.dur!] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  if (tasks.length === 0) throw new Error('the trace holds no main-thread tasks');
  const merged: [number, number][] = [];
  for (const t of tasks) {
    const lastTask = merged[merged.length - 1];
    if (lastTask && t[0] <= lastTask[1]) lastTask[1] = Math.max(lastTask[1], t[1]);
    else merged.push([...t]);
  }
  const bounds: [number, number][] = [];
  const work: number[] = [];
  const intervals: number[] = [];
  let k = 0;
  for (let i = 0; i + 1 < frames.length; i++) {
    const from = frames[i]!;
    const to = frames[i + 1]!;
    while (k < merged.length && merged[k]![1] <= from) k++;
    let busy = 0;
    for (let j = k; j < merged.length && merged[j]![0] < to; j++)
      busy += Math.min(to, merged[j]![1]) - Math.max(from, merged[j]![0]);
    bounds.push([from, to]);
    work.push(busy / 1000);
    intervals.push((to - from) / 1000);
  }
  return { pid, tid, bounds, work, intervals };
}

export const p = (xs: readonly number[], q: number) => percentile([...xs], q);

/** The events of a Chromium trace of `categories` while `work` runs (reported as collected). */
async function recordTrace<E>(
  session: CDPSession,
  categories: string,
  work: () => Promise<void>,
): Promise<E[]> {
  const events: E[] = [];
  const collect = (e: { value: unknown[] }) => events.push(...(e.value as E[]));
  session.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) =>
    session.once('Tracing.tracingComplete', () => resolve()),
  );
  await session.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  try {
    await work();
  } finally {
    await session.send('Tracing.end');
    await complete;
    session.off('Tracing.dataCollected', collect);
  }
  return events;
}

interface NamedTraceEvent extends TraceEvent {
  args?: { name?: string; elementCount?: number; data?: { type?: string } };
}

/** One line of a trace's summary: an event's name, its thread's, how often and how long in all. */
export interface HeavyEvent {
  thread: string;
  name: string;
  count: number;
  ms: number;
  /** For style recalculations (`UpdateLayoutTree`): the elements recalculated, in all. */
  elements?: number;
}

/**
 * Where a page's time goes while `work` runs: a Chromium trace of `categories` summed by thread
 * and event name, heaviest first (nested events count in their parents too, so read it as a tree
 * flattened: `PaintArtifactCompositor::Update` inside `UpdateLifecycle`). Tracing costs time of
 * its own, so this runs apart from any measured period.
 */
export async function heaviestEvents(
  session: CDPSession,
  work: () => Promise<void>,
  categories = 'toplevel,blink,cc,benchmark',
): Promise<HeavyEvent[]> {
  const events = await recordTrace<NamedTraceEvent>(session, categories, work);
  const threads = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name)
      threads.set(`${e.pid}/${e.tid}`, e.args.name);
  return sumEvents(
    events,
    (e) => threads.get(`${e.pid}/${e.tid}`) ?? `${e.pid}/${e.tid}`,
    (e) => e.name,
  );
}

/**
 * Complete events summed by thread and `nameOf`, heaviest first (nested events count in their
 * parents too); style recalculations with their elements.
 */
function sumEvents(
  events: Iterable<NamedTraceEvent>,
  threadOf: (e: NamedTraceEvent) => string,
  nameOf: (e: NamedTraceEvent) => string,
): HeavyEvent[] {
  const sums = new Map<string, HeavyEvent>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    const thread = threadOf(e);
    const name = nameOf(e);
    const key = `${thread}\u0000${name}`;
    const sum = sums.get(key) ?? { thread, name, count: 0, ms: 0 };
    sum.count += 1;
    sum.ms += e.dur / 1000;
    if (typeof e.args?.elementCount === 'number')
      sum.elements = (sum.elements ?? 0) + e.args.elementCount;
    sums.set(key, sum);
  }
  return [...sums.values()].sort((a, b) => b.ms - a.ms);
}

/**
 * What the renderer's main thread did in the heaviest frames while `during` runs: a trace of
 * `categories` with the page's frame recorder on, the frames whose work is at or above the `q`th
 * percentile, and the main-thread events that started in them summed by name, heaviest first
 * (nested events count in their parents too). The frames' count and work come with them.
 */
export async function heaviestFrames(
  session: CDPSession,
  page: Page,
  during: () => Promise<void>,
  q = 95,
  categories = 'toplevel,blink,cc,benchmark,blink.user_timing,devtools.timeline',
): Promise<{ frames: number; work: number; events: HeavyEvent[] }> {
  const events = await recordTrace<NamedTraceEvent>(session, categories, () =>
    withFrames(page, during),
  );
  const { pid, tid, bounds, work } = cutIntoFrames(events);
  const cut = p(work, q);
  const heavy = bounds.filter((_, i) => work[i]! >= cut);
  const inHeavy = (ts: number) => heavy.some(([from, to]) => ts >= from && ts < to);
  const inFrames = events.filter((e) => e.pid === pid && e.tid === tid && inHeavy(e.ts));
  // An event dispatch is named with its event's type (a mousemove, a wheel…).
  const sums = sumEvents(
    inFrames,
    () => 'CrRendererMain',
    (e) => (e.args?.data?.type ? `${e.name} ${e.args.data.type}` : e.name),
  );
  return {
    frames: heavy.length,
    work: work.filter((w) => w >= cut).reduce((a, b) => a + b, 0),
    events: sums,
  };
}

/** A function's self time in a JavaScript CPU profile. */
export interface HotFunction {
  name: string;
  /** Where it is: the script's file name, line and column (1-based). */
  at: string;
  ms: number;
}

/**
 * The page's JavaScript while `work` runs, as V8's sampling profiler saw it: self time per
 * function, hottest first (`(program)`, `(idle)` and `(garbage collector)` included as V8 names
 * them).
 */
export async function hottestFunctions(
  session: CDPSession,
  work: () => Promise<void>,
): Promise<HotFunction[]> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  await session.send('Profiler.start');
  let profile;
  try {
    await work();
  } finally {
    ({ profile } = await session.send('Profiler.stop'));
    await session.send('Profiler.disable');
  }
  const nodeOf = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, HotFunction>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = nodeOf.get(samples[i]!)?.callFrame;
    if (!frame) continue;
    const file = frame.url.split('/').pop() ?? '';
    const at = file ? `${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : '';
    const name = frame.functionName || '(anonymous)';
    const key = `${name}\u0000${at}`;
    const entry = self.get(key) ?? { name, at, ms: 0 };
    entry.ms += (deltas[i + 1] ?? 0) / 1000;
    self.set(key, entry);
  }
  return [...self.values()].sort((a, b) => b.ms - a.ms);
}

/** Prints the renderer's heaviest `n` trace events (its main and compositor threads). */
export function printHeaviest(heading: string, events: readonly HeavyEvent[], n = 25): void {
  console.log(`  ${heading}`);
  for (const e of events.filter((e) => /^Cr|^Compositor$/.test(e.thread)).slice(0, n))
    console.log(
      `    ${fmt(e.ms).padStart(7)} ms ${String(e.count).padStart(6)}×  ${e.thread.padEnd(18)} ${e.name}${e.elements === undefined ? '' : ` (${fmt(e.elements)} elements)`}`,
    );
}
