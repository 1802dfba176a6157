// A solution under search: one route per vehicle (empty when unused) and the unassigned jobs.
// Cloning is copy-on-write per route, so a rejected ruin-and-recreate move costs only the routes it touched.
import type { Instance } from './instance.js';
import { recycle, refresh, RouteState } from './route.js';

export interface Score {
  unassignedHigh: number;
  unassigned: number;
  vehicles: number;
  cost: number;
}

export class SolutionState {
  private owned: Uint8Array;

  constructor(
    readonly inst: Instance,
    public routes: RouteState[],
    public unassigned: number[],
  ) {
    this.owned = new Uint8Array(routes.length).fill(1);
  }

  static empty(inst: Instance): SolutionState {
    const routes = inst.vehLocked.map((locked, v) => {
      const r = new RouteState(v, locked.slice(), locked.length);
      refresh(inst, r);
      return r;
    });
    const open: number[] = [];
    for (let j = 0; j < inst.jobCount; j++) {
      const first = inst.jobFirst[j] ?? 0;
      const second = inst.jobSecond[j] ?? -1;
      // A pair whose pickup is on a route in progress still needs its delivery placed.
      if (!inst.stopFixed[first] || (second >= 0 && !inst.stopFixed[second])) open.push(j);
    }
    return new SolutionState(inst, routes, open);
  }

  clone(): SolutionState {
    const s = new SolutionState(this.inst, this.routes.slice(), this.unassigned.slice());
    s.owned.fill(0);
    return s;
  }

  /** The route of vehicle v, ready to be modified (cloned on first write). */
  touch(v: number): RouteState {
    const r = this.routes[v];
    if (!r) throw new Error(`no route ${v}`);
    if (this.owned[v]) return r;
    const c = r.clone();
    this.routes[v] = c;
    this.owned[v] = 1;
    return c;
  }

  /**
   * Hands the cache arrays of the routes this clone modified back to the pool; the solution must not
   * be used afterwards. Routes shared with the solutions in keep stay untouched.
   */
  discard(...keep: SolutionState[]): void {
    for (let v = 0; v < this.routes.length; v++) {
      const r = this.routes[v];
      if (!r || !this.owned[v] || keep.some((k) => k.routes[v] === r)) continue;
      recycle(r);
    }
  }

  score(): Score {
    let vehicles = 0;
    let cost = 0;
    for (const r of this.routes) {
      if (r.stops.length > 0) vehicles++;
      cost += r.cost;
    }
    let high = 0;
    for (const j of this.unassigned) high += this.inst.jobHigh[j] ?? 0;
    return { unassignedHigh: high, unassigned: this.unassigned.length, vehicles, cost };
  }
}

/** Lexicographic comparison of the objective levels; the last level compared with a tolerance. */
export function compareScore(a: Score, b: Score): number {
  return (
    a.unassignedHigh - b.unassignedHigh ||
    a.unassigned - b.unassigned ||
    a.vehicles - b.vehicles ||
    (Math.abs(a.cost - b.cost) < 1e-9 ? 0 : a.cost - b.cost)
  );
}
