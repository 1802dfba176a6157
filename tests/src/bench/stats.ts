import type { Knex } from '@nordlog/platform';
import { readdirSync, readFileSync } from 'node:fs';

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** Runs `task` `n` times one after the other (as one planner does) and returns the latencies. */
export async function sample(n: number, task: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await task(i + 1_000_000); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await task(i);
    latencies.push(performance.now() - t);
  }
  return latencies;
}

/** Runs `task(i)` for i in [0, n) with at most `concurrency` in flight; returns each duration in ms. */
export async function runConcurrent(
  n: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<{ ms: number; latencies: number[] }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= n) return;
        const t = performance.now();
        await task(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { ms: performance.now() - started, latencies };
}

/**
 * Prints one latency figure: p50 and p95 of `xs` in ms, the p95 as a ratio to a baseline measured
 * in the same run, and whether a p95 target was met.
 */
export function printLatency(
  label: string,
  xs: number[],
  base: number[] | null,
  target?: number,
  widths: { label: number; value: number } = { label: 44, value: 7 },
): void {
  const p50 = percentile(xs, 50);
  const p95 = percentile(xs, 95);
  const ratio = base ? `  ratio p95 to baseline ${fmt(p95 / percentile(base, 95), 1)}` : '';
  const goal =
    target === undefined
      ? ''
      : `  (target p95 < ${target} ms: ${p95 < target ? 'met' : 'NOT met'})`;
  const ms = (n: number) => fmt(n, 1).padStart(widths.value);
  console.log(
    `  ${label.padEnd(widths.label)} p50 ${ms(p50)} ms  p95 ${ms(p95)} ms${ratio}${goal}`,
  );
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** CPU seconds so far: this process (every thread) and the database server's processes. */
export interface CpuSample {
  node: number;
  server: number | null;
}

/**
 * CPU used by this process and by the PostgreSQL processes `pg_stat_activity` lists (backends
 * and background workers), read from /proc: CPU time is what a shared, noisy machine does not
 * change much, unlike rates. `server` is null where /proc does not show the server (another host).
 */
export async function cpuSample(knex: Knex): Promise<CpuSample> {
  const usage = process.cpuUsage();
  const node = (usage.user + usage.system) / 1e6;
  const pids = (await knex.raw<{ rows: { pid: number }[] }>('select pid from pg_stat_activity'))
    .rows;
  let server = 0;
  let seen = 0;
  for (const { pid } of pids) {
    // A process that ended since the list was read is left out (the pool's connections stay).
    const stat = procStat(`/proc/${pid}/stat`);
    if (stat === null) continue;
    server += stat.seconds;
    seen += 1;
  }
  return { node, server: seen > 0 ? server : null };
}

/** The kernel's clock ticks per second for /proc CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * A process's or thread's name and CPU seconds (user + system) from its /proc `stat` file; null
 * when it ended meanwhile.
 */
export function procStat(path: string): { name: string; seconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
  };
}

/** CPU per operation between two samples, in ms: "node x + PostgreSQL y = z ms". */
export function cpuPer(before: CpuSample, after: CpuSample, n: number) {
  const node = ((after.node - before.node) * 1000) / n;
  const server =
    after.server === null || before.server === null
      ? null
      : ((after.server - before.server) * 1000) / n;
  return { node, server, total: node + (server ?? 0) };
}

/** "0.45+1.20 ms": this process's CPU + the database server's, per operation. */
export const cpuText = (c: ReturnType<typeof cpuPer>, digits = 2) =>
  `${fmt(c.node, digits)}+${c.server === null ? '?' : fmt(c.server, digits)} ms`;

/** The threads of Chromium that draw a page, as `bench:grid` reports them. */
export const browserThreads = [
  'renderer main',
  'renderer compositor',
  'renderer workers (raster)',
  'display compositor (GPU process)',
  'other Chromium threads',
] as const;
export type BrowserThread = (typeof browserThreads)[number];

/**
 * CPU seconds used so far by every thread of every Chromium process on this machine, read from
 * /proc and grouped as in `browserThreads` (a page's frame is drawn by its renderer's main and
 * compositor threads, raster workers and the GPU process's display compositor; on two cores they
 * compete with each other).
 */
export function browserThreadCpu(): Map<BrowserThread, number> {
  const out = new Map<BrowserThread, number>(browserThreads.map((t) => [t, 0]));
  for (const pid of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    let threads: string[];
    let kind: 'renderer' | 'gpu' | 'other';
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/chrom/.test(cmd.split('\0')[0] ?? '')) continue;
      kind = cmd.includes('--type=renderer')
        ? 'renderer'
        : cmd.includes('--type=gpu-process')
          ? 'gpu'
          : 'other';
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // a process that ended meanwhile
    }
    for (const tid of threads) {
      const stat = procStat(`/proc/${pid}/task/${tid}/stat`);
      if (stat === null) continue;
      const { name, seconds } = stat;
      const group: BrowserThread =
        kind === 'renderer' && tid === pid
          ? 'renderer main'
          : kind === 'renderer' && name === 'Compositor'
            ? 'renderer compositor'
            : kind === 'renderer' && name.startsWith('ThreadPool')
              ? 'renderer workers (raster)'
              : kind === 'gpu' && name.startsWith('VizCompositor')
                ? 'display compositor (GPU process)'
                : 'other Chromium threads';
      out.set(group, out.get(group)! + seconds);
    }
  }
  return out;
}
