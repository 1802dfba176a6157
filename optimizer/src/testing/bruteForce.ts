// Exhaustive optimum of a tiny problem (every job assigned, one depot, vehicles returning): all orders of
// the stops with vehicle separators, checked by the independent checker, ranked by vehicles then distance.
import { checkSolution } from '../checker.js';
import type { Problem, Route, Solution, StopRef } from '../model.js';

export function bruteForce(problem: Problem): { vehicles: number; distance: number } | null {
  const stops: StopRef[] = problem.jobs.flatMap((j) => [
    ...(j.pickup ? [{ jobId: j.id, type: 'pickup' as const }] : []),
    ...(j.delivery ? [{ jobId: j.id, type: 'delivery' as const }] : []),
  ]);
  const V = problem.vehicles.length;
  let best: { vehicles: number; distance: number } | null = null;
  const tokens: (StopRef | null)[] = [...stops, ...Array.from({ length: V - 1 }, () => null)];
  permute(tokens, (order) => {
    const { vehicles, distance } = quickCost(problem, order);
    const better =
      !best ||
      vehicles < best.vehicles ||
      (vehicles === best.vehicles && distance < best.distance - 1e-9);
    if (!better) return;
    const sol = asSolution(problem, order);
    if (sol && checkSolution(problem, sol.solution).length === 0) best = { vehicles, distance };
  });
  return best;
}

/** Vehicles and distance of an order, before any feasibility check (cheap: most orders are not better). */
function quickCost(
  problem: Problem,
  order: (StopRef | null)[],
): { vehicles: number; distance: number } {
  const m = Object.values(problem.matrices)[0];
  const depot = problem.vehicles[0]?.start ?? 0;
  if (!m) return { vehicles: Infinity, distance: Infinity };
  let here = depot;
  let vehicles = 0;
  let distance = 0;
  let len = 0;
  for (const t of [...order, null]) {
    const to = t === null ? depot : location(problem, t);
    if (t !== null || len > 0) distance += m.distance[here * m.size + to] ?? 0;
    if (t === null && len > 0) vehicles++;
    len = t === null ? 0 : len + 1;
    here = to;
  }
  return { vehicles, distance };
}

function location(problem: Problem, s: StopRef): number {
  const job = problem.jobs.find((j) => j.id === s.jobId);
  return (s.type === 'pickup' ? job?.pickup : job?.delivery)?.location ?? 0;
}

function permute<T>(items: T[], visit: (order: T[]) => void, k = 0): void {
  if (k === items.length) return visit(items);
  const seen = new Set<T>();
  for (let i = k; i < items.length; i++) {
    const x = items[i] as T;
    if (seen.has(x)) continue; // separators are all null: skip equal swaps
    seen.add(x);
    [items[k], items[i]] = [items[i] as T, items[k] as T];
    permute(items, visit, k + 1);
    [items[k], items[i]] = [items[i] as T, items[k]];
  }
}

function asSolution(
  problem: Problem,
  order: (StopRef | null)[],
): { solution: Solution; vehicles: number; distance: number } | null {
  const groups: StopRef[][] = [[]];
  for (const t of order) {
    if (t === null) groups.push([]);
    else groups[groups.length - 1]?.push(t);
  }
  const routes: Route[] = [];
  let distance = 0;
  groups.forEach((g, v) => {
    const vehicle = problem.vehicles[v];
    if (g.length === 0 || !vehicle) return;
    const d = routeDistance(problem, vehicle.start, vehicle.end, g);
    distance += d;
    const stops = g.map((s) => ({ ...s, arrival: 0, start: 0, end: 0 }));
    routes.push({
      vehicleId: vehicle.id,
      stops,
      breaks: [],
      departure: 0,
      arrival: 0,
      distance: d,
      duration: 0,
    });
  });
  const cost = { unassignedHigh: 0, unassigned: 0, vehicles: routes.length, distance, duration: 0 };
  return { solution: { routes, unassigned: [], cost }, vehicles: routes.length, distance };
}

function routeDistance(
  problem: Problem,
  start: number,
  end: number | undefined,
  stops: StopRef[],
): number {
  const m = Object.values(problem.matrices)[0];
  if (!m) return Infinity;
  const path = [
    start,
    ...stops.map((s) => location(problem, s)),
    ...(end === undefined ? [] : [end]),
  ];
  return path
    .slice(1)
    .reduce((sum, b, k) => sum + (m.distance[(path[k] ?? 0) * m.size + b] ?? 0), 0);
}
