import type { Knex } from '@nordlog/platform';
import { readFileSync } from 'node:fs';

/** Percentile of a list of numbers (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
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
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      server += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      seen += 1;
    } catch {
      // A process that ended since the list was read (the pool's connections stay open).
    }
  }
  return { node, server: seen > 0 ? server : null };
}

/** The kernel's clock ticks per second for /proc CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU per operation between two samples, in ms: "node x + PostgreSQL y = z ms". */
export function cpuPer(before: CpuSample, after: CpuSample, n: number) {
  const node = ((after.node - before.node) * 1000) / n;
  const server =
    after.server === null || before.server === null
      ? null
      : ((after.server - before.server) * 1000) / n;
  return { node, server, total: node + (server ?? 0) };
}
