// `--set scale`: the product's scale in-process (scaleDay.ts). Solves the day with the budget and,
// with `--long L`, again with L seconds; prints the moves per second of each run and the short
// plan's distance against the long one's (issue 37 §6: 10 s within 2 % of 120 s). Every plan is
// checked with the independent checker.
import { checkSolution } from '../checker.js';
import { solve } from '../solve.js';
import { scaleDay } from './scaleDay.js';

export interface ScaleArgs {
  seconds: number;
  long?: number;
  seed: number;
  units: number;
  consignments: number;
  moves?: number;
  cpu?: boolean;
}

/** Milliseconds of this process's processor time, read at most every 2 ms of the clock (the read is a system call). */
function cpuClock(): () => number {
  let wall = -Infinity;
  let value = 0;
  return () => {
    const now = performance.now();
    if (now - wall > 2) {
      wall = now;
      const u = process.cpuUsage();
      value = (u.user + u.system) / 1000;
    }
    return value;
  };
}

interface Result {
  seconds: number;
  /** The process's processor time: on a shared machine, moves per CPU second compare builds better. */
  cpuSeconds: number;
  moves: number;
  vehicles: number;
  unassigned: number;
  km: number;
  firstMs: number;
  feasible: string;
}

function once(args: ScaleArgs, seconds: number): Result {
  const problem = scaleDay(args.units, args.consignments);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let firstMs = NaN;
  const sol = solve(
    problem,
    { seconds, seed: args.seed, maxIterations: args.moves },
    {
      now: args.cpu ? cpuClock() : () => performance.now(),
      onProgress: () => {
        if (Number.isNaN(firstMs)) firstMs = performance.now() - t0;
      },
    },
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const errors = checkSolution(problem, sol);
  return {
    seconds: elapsed,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    moves: sol.iterations,
    vehicles: sol.cost.vehicles,
    unassigned: sol.cost.unassigned,
    km: sol.cost.distance / 1000,
    firstMs,
    feasible: errors.length === 0 ? 'yes' : errors.slice(0, 3).join('; '),
  };
}

function print(label: string, r: Result): void {
  console.log(
    `${label.padEnd(6)} ${r.seconds.toFixed(1).padStart(6)} s  moves ${String(r.moves).padStart(8)}  ` +
      `moves/s ${(r.moves / r.seconds).toFixed(0).padStart(6)} (per CPU s ${(r.moves / r.cpuSeconds).toFixed(0)})  vehicles ${r.vehicles}  unassigned ${r.unassigned}  ` +
      `${r.km.toFixed(1)} km  first plan ${r.firstMs.toFixed(0)} ms  feasible ${r.feasible}`,
  );
}

export function runScale(args: ScaleArgs): void {
  console.log(
    `scale day: ${args.units} vans, ${args.consignments} pickup-and-delivery consignments, seed ${args.seed}${args.cpu ? ', budgets in processor seconds' : ''}`,
  );
  const short = once(args, args.seconds);
  print('short', short);
  if (args.long === undefined) return;
  const long = once(args, args.long);
  print('long', long);
  const gap = (short.km / long.km - 1) * 100;
  console.log(
    `${args.seconds} s plan against the ${args.long} s plan: distance ${gap >= 0 ? '+' : ''}${gap.toFixed(2)} %, vehicles ${short.vehicles - long.vehicles >= 0 ? '+' : ''}${short.vehicles - long.vehicles} (target: within 2 %: ${Math.abs(gap) <= 2 ? 'met' : 'NOT met'})`,
  );
}
