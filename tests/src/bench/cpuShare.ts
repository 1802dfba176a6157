import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { fmt } from './stats.js';

/** Linux reports process and machine CPU times in USER_HZ ticks, 100 a second on every port. */
const TICKS_PER_SECOND = 100;

/** The CPU time (ticks) of what a bench watches at one moment, and of the machine in all. */
export interface CpuSnapshot {
  at: number;
  /** The machine's busy and total ticks over all its cores since boot. */
  machine: { busy: number; total: number };
  /** Ticks by name: each named process, and every process of a command name summed. */
  byName: Map<string, number>;
}

const ticksOfPid = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
};

/**
 * The CPU used so far by the `pids` given by name, by every process whose command name is one of
 * `commands` (summed under that name: PostgreSQL's backends), and by the machine (`/proc/stat`).
 * Linux only: elsewhere nothing is read and the shares come out empty.
 */
export function cpuSnapshot(pids: Map<string, number>, commands: readonly string[]): CpuSnapshot {
  const byName = new Map<string, number>();
  let machine = { busy: 0, total: 0 };
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    const ticks = fields.slice(0, 8).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    machine = { busy: total - ticks[3]! - ticks[4]!, total };
    for (const [name, pid] of pids) {
      const t = ticksOfPid(pid);
      if (t !== null) byName.set(name, t);
    }
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let comm: string;
      try {
        comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      } catch {
        continue;
      }
      if (!commands.includes(comm)) continue;
      const t = ticksOfPid(Number(entry));
      if (t !== null) byName.set(comm, (byName.get(comm) ?? 0) + t);
    }
  } catch {
    // Not Linux: no figures.
  }
  return { at: performance.now(), machine, byName };
}

/**
 * What each watched name used between two snapshots, in % of one core, and the machine's busy
 * time in % of one core (its cores × 100 at most); `other` is what the machine did beyond the
 * watched names (another tenant, or a process not watched). A process that started or ended
 * between the snapshots counts only where both saw it.
 */
export function cpuShares(before: CpuSnapshot, after: CpuSnapshot) {
  const seconds = (after.at - before.at) / 1000;
  const cores = cpus().length;
  const pct = (ticks: number) => (100 * ticks) / TICKS_PER_SECOND / seconds;
  const shares = new Map<string, number>();
  for (const [name, t] of after.byName) {
    const t0 = before.byName.get(name);
    if (t0 !== undefined) shares.set(name, pct(t - t0));
  }
  const totalTicks = after.machine.total - before.machine.total;
  const machine =
    totalTicks > 0 ? (100 * cores * (after.machine.busy - before.machine.busy)) / totalTicks : 0;
  const watched = [...shares.values()].reduce((a, b) => a + b, 0);
  return { cores, machine, shares, other: Math.max(0, machine - watched) };
}

/** One line of the shares, heaviest first. */
export function printShares(label: string, s: ReturnType<typeof cpuShares>): void {
  const parts = [...s.shares]
    .sort((a, b) => b[1] - a[1])
    .map(([name, v]) => `${name} ${fmt(v, 0)} %`);
  console.log(
    `  ${label} (% of one core): the machine ${fmt(s.machine, 0)} % of ${s.cores * 100} %; ${parts.join(', ')}; other ${fmt(s.other, 0)} %`,
  );
}
