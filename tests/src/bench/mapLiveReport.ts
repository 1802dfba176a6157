import { dropped, FRAME_MS, p, printHeaviest, type Dropped } from './mapFrames.js';
import type { LiveResult } from './mapLive.js';
import type { MapWorld } from './mapWorld.js';
import { fmt } from './stats.js';

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
