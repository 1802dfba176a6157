// Parsers of the Solomon (VRPTW) and Li & Lim (PDPTW) text formats into a Problem: Euclidean distances in
// double precision, travel time equal to distance, node 0 the depot, node numbers as matrix locations.
import type { Job, Problem } from '../model.js';

export interface BenchInstance {
  readonly name: string;
  readonly problem: Problem;
}

interface Node {
  id: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
  pickup: number;
  delivery: number;
}

const numbers = (line: string): number[] => line.trim().split(/\s+/).filter(Boolean).map(Number);

/** Solomon: name line, VEHICLE section with `K Q`, CUSTOMER section with one row per node. */
export function parseSolomon(name: string, text: string): BenchInstance {
  const rows = text
    .split(/\r?\n/)
    .map(numbers)
    .filter((r) => r.length > 0 && r.every((x) => Number.isFinite(x)));
  const [fleet, ...nodeRows] = rows;
  if (!fleet || fleet.length < 2) throw new Error(`${name}: no vehicle line`);
  const nodes = nodeRows.map(
    ([id = 0, x = 0, y = 0, demand = 0, ready = 0, due = 0, service = 0]) => ({
      id,
      x,
      y,
      demand,
      ready,
      due,
      service,
      pickup: 0,
      delivery: 0,
    }),
  );
  const jobs: Job[] = nodes.slice(1).map((n) => ({
    id: String(n.id),
    delivery: { location: n.id, earliest: n.ready, latest: n.due, service: n.service },
    demand: [n.demand],
  }));
  return { name, problem: build(nodes, fleet[0] ?? 0, fleet[1] ?? 0, jobs) };
}

/** Li & Lim: `K Q SPEED`, then `ID X Y DEMAND READY DUE SERVICE PICKUP DELIVERY` per node. */
export function parseLiLim(name: string, text: string): BenchInstance {
  const [fleet, ...nodeRows] = text
    .split(/\r?\n/)
    .map(numbers)
    .filter((r) => r.length > 0);
  if (!fleet) throw new Error(`${name}: empty`);
  const nodes = nodeRows.map(
    ([
      id = 0,
      x = 0,
      y = 0,
      demand = 0,
      ready = 0,
      due = 0,
      service = 0,
      pickup = 0,
      delivery = 0,
    ]) => ({
      id,
      x,
      y,
      demand,
      ready,
      due,
      service,
      pickup,
      delivery,
    }),
  );
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const stop = (n: Node): Job['pickup'] => ({
    location: n.id,
    earliest: n.ready,
    latest: n.due,
    service: n.service,
  });
  const jobs: Job[] = nodes
    .filter((n) => n.id !== 0 && n.pickup === 0 && n.delivery !== 0)
    .map((p) => {
      const d = byId.get(p.delivery);
      if (!d) throw new Error(`${name}: pickup ${p.id} without delivery`);
      return { id: String(p.id), pickup: stop(p), delivery: stop(d), demand: [p.demand] };
    });
  return { name, problem: build(nodes, fleet[0] ?? 0, fleet[1] ?? 0, jobs) };
}

function build(nodes: Node[], count: number, capacity: number, jobs: Job[]): Problem {
  const n = nodes.length;
  const distance = new Float64Array(n * n);
  nodes.forEach((a, i) =>
    nodes.forEach((b, j) => (distance[i * n + j] = Math.hypot(a.x - b.x, a.y - b.y))),
  );
  const depot = nodes[0];
  if (!depot || depot.id !== 0 || nodes.some((x, i) => x.id !== i))
    throw new Error('nodes must be numbered 0..n-1');
  const vehicles = Array.from({ length: count }, (_, k) => ({
    id: `v${k + 1}`,
    profile: 'euclid',
    start: 0,
    end: 0,
    earliest: depot.ready,
    latest: depot.due,
    capacity: [capacity],
  }));
  return { matrices: { euclid: { size: n, distance, duration: distance } }, vehicles, jobs };
}

/** Best-known solutions: `instance,vehicles,distance,source`. */
export function parseBks(text: string): Map<string, { vehicles: number; distance: number }> {
  const out = new Map<string, { vehicles: number; distance: number }>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const [instance, vehicles, distance] = line.split(',');
    if (instance && vehicles && distance)
      out.set(instance, { vehicles: Number(vehicles), distance: Number(distance) });
  }
  return out;
}
