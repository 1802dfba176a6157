// A feasibility checker written apart from the solver: it shares no code with it and recomputes every
// route from the problem's matrices, so a solver bug cannot hide behind the same bug here.
import type { Job, Problem, Route, Solution, Vehicle } from './model.js';

const EPS = 1e-6;

export function checkSolution(problem: Problem, solution: Solution): string[] {
  const errors: string[] = [];
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const seen = new Map<string, string[]>();
  const usedVehicles = new Set<string>();
  for (const route of solution.routes) {
    const vehicle = problem.vehicles.find((v) => v.id === route.vehicleId);
    if (!vehicle) {
      errors.push(`route of unknown vehicle ${route.vehicleId}`);
      continue;
    }
    if (usedVehicles.has(vehicle.id)) errors.push(`vehicle ${vehicle.id} has two routes`);
    usedVehicles.add(vehicle.id);
    for (const s of route.stops)
      seen.set(s.jobId, [...(seen.get(s.jobId) ?? []), `${vehicle.id}:${s.type}`]);
    errors.push(...checkRoute(problem, vehicle, route, jobs));
  }
  for (const v of problem.vehicles) {
    if ((v.lockedStops ?? []).length > 0 && !usedVehicles.has(v.id))
      errors.push(`${v.id}: locked stops not routed`);
  }
  const unassigned = new Set(solution.unassigned.map((u) => u.jobId));
  for (const job of problem.jobs) {
    const visits = seen.get(job.id) ?? [];
    const expected = [job.pickup ? `pickup` : null, job.delivery ? `delivery` : null].filter(
      (x) => x !== null,
    );
    if (visits.length === 0 && !unassigned.has(job.id))
      errors.push(`job ${job.id} neither routed nor unassigned`);
    if (visits.length > 0 && unassigned.has(job.id))
      errors.push(`job ${job.id} routed and unassigned`);
    if (visits.length > 0 && visits.length !== expected.length)
      errors.push(`job ${job.id} visited ${visits.join(',')}`);
    const vehiclesOf = new Set(visits.map((x) => x.split(':')[0]));
    if (vehiclesOf.size > 1) errors.push(`job ${job.id} split over vehicles`);
  }
  for (const u of solution.unassigned)
    if (!jobs.has(u.jobId)) errors.push(`unknown unassigned job ${u.jobId}`);
  return errors;
}

function checkRoute(
  problem: Problem,
  vehicle: Vehicle,
  route: Route,
  jobs: Map<string, Job>,
): string[] {
  const errors: string[] = [];
  const id = vehicle.id;
  const locked = vehicle.lockedStops ?? [];
  locked.forEach((l, k) => {
    const s = route.stops[k];
    if (s?.jobId !== l.jobId || s.type !== l.type)
      errors.push(`${id}: locked stop ${k} is not ${l.jobId}/${l.type}`);
  });
  const picked = new Set<string>();
  for (const s of route.stops) {
    const job = jobs.get(s.jobId);
    if (!job) {
      errors.push(`${id}: unknown job ${s.jobId}`);
      continue;
    }
    if (!allowedOn(job, vehicle)) errors.push(`${id}: may not serve job ${job.id}`);
    if (s.type === 'pickup') picked.add(job.id);
    const isPair = job.pickup !== undefined && job.delivery !== undefined;
    const pickupLocked = locked.some((l) => l.jobId === job.id && l.type === 'pickup');
    if (isPair && s.type === 'delivery' && !picked.has(job.id) && !pickupLocked)
      errors.push(`${id}: ${job.id} delivered before pickup`);
  }
  errors.push(...checkLoads(vehicle, route, jobs), ...checkTimes(problem, vehicle, route, jobs));
  return errors;
}

function allowedOn(job: Job, v: Vehicle): boolean {
  if (job.lockedVehicle !== undefined && job.lockedVehicle !== v.id) return false;
  if ((job.vehicleTypes ?? []).length > 0 && !(job.vehicleTypes ?? []).includes(v.type ?? ''))
    return false;
  return !(job.goods ?? []).some((g) => (v.forbiddenGoods ?? []).includes(g));
}

function checkLoads(vehicle: Vehicle, route: Route, jobs: Map<string, Job>): string[] {
  const dims = vehicle.capacity.length;
  const load = new Array<number>(dims).fill(0);
  const isPair = (j: Job): boolean => j.pickup !== undefined && j.delivery !== undefined;
  for (const s of route.stops) {
    const job = jobs.get(s.jobId);
    if (job && !isPair(job) && s.type === 'delivery')
      job.demand.forEach((d, k) => (load[k] = (load[k] ?? 0) + d));
  }
  const over = (): boolean => load.some((l, k) => l > (vehicle.capacity[k] ?? Infinity) + EPS);
  if (over()) return [`${vehicle.id}: over capacity at start`];
  if (vehicle.routeCapacity) {
    const total = new Array<number>(dims).fill(0);
    for (const id of new Set(route.stops.map((s) => s.jobId)))
      jobs.get(id)?.demand.forEach((d, k) => (total[k] = (total[k] ?? 0) + d));
    if (total.some((t, k) => t > (vehicle.routeCapacity?.[k] ?? Infinity) + EPS))
      return [`${vehicle.id}: the route takes more than its total capacity`];
  }
  for (const s of route.stops) {
    const job = jobs.get(s.jobId);
    if (!job) continue;
    const sign = s.type === 'pickup' ? 1 : -1;
    job.demand.forEach((d, k) => (load[k] = (load[k] ?? 0) + sign * d));
    if (over()) return [`${vehicle.id}: over capacity after ${s.jobId}/${s.type}`];
  }
  return [];
}

function checkTimes(
  problem: Problem,
  vehicle: Vehicle,
  route: Route,
  jobs: Map<string, Job>,
): string[] {
  const errors: string[] = [];
  const matrix = problem.matrices[vehicle.profile];
  if (!matrix) return [`${vehicle.id}: no matrix ${vehicle.profile}`];
  const at = (m: ArrayLike<number>, a: number, b: number | undefined): number =>
    b === undefined ? 0 : (m[a * matrix.size + b] ?? NaN);
  const speed = vehicle.speedFactor ?? 1;
  let t = vehicle.earliest;
  let here = vehicle.start;
  let distance = 0;
  const breaksTaken = new Set<number>();
  const legs = [...route.stops.map((s) => ({ s, stop: stopOf(jobs.get(s.jobId), s.type) })), null];
  legs.forEach((leg, k) => {
    route.breaks.forEach((b, bi) => {
      if (b.afterStops !== k) return;
      if (b.start < t - EPS)
        errors.push(`${vehicle.id}: break ${bi} starts before the previous stop ends`);
      breaksTaken.add(bi);
      t = Math.max(t, b.end);
    });
    const to = leg ? leg.stop?.location : vehicle.end;
    t += at(matrix.duration, here, to) / speed;
    distance += at(matrix.distance, here, to);
    if (!leg) return;
    if (!leg.stop)
      return void errors.push(`${vehicle.id}: stop ${leg.s.jobId}/${leg.s.type} does not exist`);
    t = Math.max(t, leg.stop.earliest);
    if (t > leg.stop.latest + EPS)
      errors.push(
        `${vehicle.id}: ${leg.s.jobId}/${leg.s.type} starts ${t} after ${leg.stop.latest}`,
      );
    t += leg.stop.service * (vehicle.serviceTimeFactor ?? 1);
    here = leg.stop.location;
  });
  if (t > vehicle.latest + EPS) errors.push(`${vehicle.id}: back at ${t} after ${vehicle.latest}`);
  if (distance > (vehicle.maxDistance ?? Infinity) + EPS)
    errors.push(`${vehicle.id}: distance ${distance} over range`);
  if (Math.abs(distance - route.distance) > 1e-6 * Math.max(1, distance))
    errors.push(`${vehicle.id}: distance ${route.distance} reported, ${distance} computed`);
  if (breaksTaken.size !== route.breaks.length)
    errors.push(`${vehicle.id}: a break is placed outside the route`);
  errors.push(...checkBreaks(vehicle, route, t));
  return errors;
}

function stopOf(job: Job | undefined, type: 'pickup' | 'delivery'): Job['pickup'] {
  return type === 'pickup' ? job?.pickup : job?.delivery;
}

/** Each break in its window (or within the working time) and of its duration; a due break is not missing. */
function checkBreaks(vehicle: Vehicle, route: Route, end: number): string[] {
  const errors: string[] = [];
  const rules = vehicle.breaks ?? [];
  if (route.breaks.length > rules.length) errors.push(`${vehicle.id}: more breaks than allowed`);
  rules.forEach((rule, i) => {
    const b = route.breaks.find(
      (x) => Math.abs(x.end - x.start - rule.duration) < EPS && fits(rule, x.start, vehicle),
    );
    const due =
      rule.kind === 'timeWindow'
        ? end > rule.earliest && vehicle.earliest <= rule.latest
        : end - vehicle.earliest > rule.maxWorkingTime;
    if (due && !b && route.stops.length > 0)
      errors.push(`${vehicle.id}: break ${i} missing or misplaced`);
  });
  return errors;
}

function fits(
  rule: NonNullable<Vehicle['breaks']>[number],
  start: number,
  vehicle: Vehicle,
): boolean {
  if (rule.kind === 'timeWindow') return start >= rule.earliest - EPS && start <= rule.latest + EPS;
  return start - vehicle.earliest <= rule.maxWorkingTime + EPS;
}
