import type { Page } from 'playwright-core';
import { firstRender, type Screen } from './bareReact.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * `--profile`: one load of `screen` (cache warm) under the browser's sampling profiler (DevTools'
 * Profiler domain), summarised as the main thread's self time by script file and by function:
 * where the time before the first render goes (issue 37 §5).
 */
export async function profileFirstRender(page: Page, screen: Screen, top = 15): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await page.goto('about:blank');
  await cdp.send('Profiler.start');
  const ms = await firstRender(page, screen);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.detach();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  /** Busy ms per 100 ms of the load, and the file with the most of it. */
  const buckets: Map<string, number>[] = [];
  let at = 0;
  for (const [i, id] of samples.entries()) {
    const node = byId.get(id);
    at += (deltas[i] ?? 0) / 1000;
    const dt = (deltas[i + 1] ?? 0) / 1000;
    if (!node) continue;
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const file = f.url ? new URL(f.url).pathname.replace(/-[\w-]{8}\.js$/, '.js') : f.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + dt);
    const fn = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    const bucket = (buckets[Math.floor(at / 100)] ??= new Map());
    bucket.set(file, (bucket.get(file) ?? 0) + dt);
    total += dt;
  }
  const timeline = [...buckets.keys()]
    .map((k) => {
      const b = buckets[k] ?? new Map<string, number>();
      const busy = [...b.values()].reduce((a, x) => a + x, 0);
      const tops = [...b]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 3)
        .map(([f, v]) => `${f} ${v.toFixed(0)}`)
        .join(', ');
      return `    ${String(k * 100).padStart(5)} ms: ${busy.toFixed(0).padStart(3)} ms busy  ${tops}`;
    })
    .join('\n');
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  return [
    `Profile of one load (cache warm): ${screen.label}, ready at ${ms.toFixed(0)} ms, ${total.toFixed(0)} ms of the main thread busy`,
    `  by 100 ms from the profiler's start (the navigation follows it closely):\n${timeline}`,
    `  by file:\n${list(byFile)}`,
    `  by function:\n${list(byFunction)}`,
  ].join('\n');
}
