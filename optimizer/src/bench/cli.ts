// `npm run bench:optimizer -- --set solomon|lilim|oslo|FOLDER --seconds S [--instances a,b] [--out FILE]`
// `npm run bench:optimizer -- --set scale --seconds 10 [--long 120] [--units 50] [--consignments 1000]`
// `--cpu` (scale): the budgets count this process's processor time, so that on a shared machine
// a 10 s and a 120 s run get the work they would get alone.
// `--moves N` stops each run after N moves (with a large --seconds: the same plans under any load).
// Solves each instance in-process on one core, checks it with the independent checker, and prints the
// per-instance, per-class and overall comparison with the best-known solutions.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSolution } from '../checker.js';
import { solve } from '../solve.js';
import { parseBks, parseLiLim, parseSolomon, type BenchInstance } from './formats.js';
import { runOslo } from './oslo-run.js';
import { runScale } from './scale-run.js';
import { printSummary, type Row } from './report.js';

interface Args {
  set: string;
  seconds: number;
  seed: number;
  instances: string[];
  out?: string;
  fleetShare?: number;
  temperatures?: [number, number];
  long?: number;
  /** A fixed number of moves: the same plans on any machine and under any load (the seconds then only bound the run). */
  moves?: number;
  units: number;
  consignments: number;
  /** `--cpu`: the scale day's budgets are seconds of this process's processor time, not of the clock. */
  cpu?: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    set: 'solomon',
    seconds: 1,
    seed: 1,
    instances: [],
    units: 50,
    consignments: 1000,
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i];
    const value = argv[i + 1] ?? '';
    if (key === '--set') args.set = value;
    else if (key === '--seconds') args.seconds = Number(value);
    else if (key === '--seed') args.seed = Number(value);
    else if (key === '--out') args.out = value;
    else if (key === '--long') args.long = Number(value);
    else if (key === '--moves') args.moves = Number(value);
    else if (key === '--units') args.units = Number(value);
    else if (key === '--consignments') args.consignments = Number(value);
    else if (key === '--fleet-share') args.fleetShare = Number(value);
    else if (key === '--temperatures')
      args.temperatures = [Number(value.split(',')[0]), Number(value.split(',')[1])];
    else if (key === '--instances') args.instances.push(...value.split(',').filter(Boolean));
    else if (key === '--cpu') {
      args.cpu = true;
      continue;
    } else continue;
    i++;
  }
  return args;
}

function loadSet(
  set: string,
  only: string[],
): { instances: BenchInstance[]; bks: ReturnType<typeof parseBks> } {
  const here = dirname(fileURLToPath(import.meta.url));
  const builtIn = resolve(here, '../../benchmarks', set);
  const dir = set === 'solomon' || set === 'lilim' ? builtIn : resolve(set);
  const files = readdirSync(dir)
    .filter((f) => /\.(txt|vrp)$/i.test(f))
    .sort();
  const names = files.map((f) =>
    basename(f)
      .replace(/\.[^.]+$/, '')
      .toLowerCase(),
  );
  const instances = files
    .filter((_, k) => only.length === 0 || only.includes(names[k] ?? ''))
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      const name = basename(f)
        .replace(/\.[^.]+$/, '')
        .toLowerCase();
      const firstLine = text.split(/\r?\n/).find((l) => l.trim().length > 0) ?? '';
      const isLiLim = /^\s*\d+\s+\d+\s+\d+\s*$/.test(firstLine);
      return isLiLim ? parseLiLim(name, text) : parseSolomon(name, text);
    });
  return { instances, bks: parseBks(readFileSync(join(dir, 'bks.csv'), 'utf8')) };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.set === 'oslo') {
    runOslo(args.seconds, args.seed);
    return;
  }
  if (args.set === 'scale') {
    runScale(args);
    return;
  }
  const { instances, bks } = loadSet(args.set, args.instances);
  const rows: Row[] = [];
  const solutions: { instance: string; routes: number[][] }[] = [];
  for (const inst of instances) {
    const t0 = performance.now();
    const sol = solve(
      inst.problem,
      {
        seconds: args.seconds,
        seed: args.seed,
        maxIterations: args.moves,
        fleetShare: args.fleetShare,
        temperatures: args.temperatures,
      },
      { now: () => performance.now() },
    );
    const seconds = (performance.now() - t0) / 1000;
    const errors = checkSolution(inst.problem, sol);
    if (sol.unassigned.length > 0) errors.push(`${sol.unassigned.length} jobs unassigned`);
    const routes = sol.routes.map((r) => r.stops.map((s) => stopNode(inst, s.jobId, s.type)));
    solutions.push({ instance: inst.name, routes });
    const ref = bks.get(inst.name);
    const row: Row = {
      instance: inst.name,
      vehicles: sol.cost.vehicles,
      distance: Math.round(sol.cost.distance * 100 + 1e-9) / 100,
      bksVehicles: ref?.vehicles,
      bksDistance: ref?.distance,
      seconds,
      feasible: errors.length === 0,
      iterations: sol.iterations,
    };
    rows.push(row);
    printRow(row, errors);
  }
  printSummary(rows);
  if (args.out) writeFileSync(args.out, JSON.stringify(solutions));
}

function stopNode(inst: BenchInstance, jobId: string, type: 'pickup' | 'delivery'): number {
  const job = inst.problem.jobs.find((j) => j.id === jobId);
  return (type === 'pickup' ? job?.pickup : job?.delivery)?.location ?? -1;
}

function printRow(r: Row, errors: string[]): void {
  const gap = r.bksDistance ? ((r.distance / r.bksDistance - 1) * 100).toFixed(2) : '-';
  const dv = r.bksVehicles !== undefined ? r.vehicles - r.bksVehicles : '-';
  console.log(
    `${r.instance.padEnd(8)} veh ${String(r.vehicles).padStart(3)} (${String(dv).padStart(2)}) dist ${r.distance.toFixed(2).padStart(9)} ` +
      `gap ${String(gap).padStart(6)}% ${r.seconds.toFixed(2)}s it ${r.iterations} ${r.feasible ? 'ok' : `INFEASIBLE ${errors.slice(0, 3).join('; ')}`}`,
  );
}

main();
