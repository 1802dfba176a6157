// Cheapest insertion of a pickup-and-delivery pair into one route: the pickup's slots in one pass,
// the delivery's slots worked out once per route and job, and a walk of the delivery forward from
// a pickup only where it can still beat the bound.
import { loadsBoundByTotal, type Instance } from './instance.js';
import { arcOf, consider, loadCheck, type Ctx } from './insertionCtx.js';

export function pairInsertion(c: Ctx, job: number, ps: number, ds: number): void {
  const { inst, r, m, dur, cost, durT, costT, inv } = c;
  const n = r.stops.length;
  const lp = inst.stopLoc[ps] ?? 0;
  const ld = inst.stopLoc[ds] ?? 0;
  const svcP = (inst.stopService[ps] ?? 0) * c.sf;
  const svcD = (inst.stopService[ds] ?? 0) * c.sf;
  const eP = inst.stopEarly[ps] ?? 0;
  const lateP = inst.stopLate[ps] ?? 0;
  const eD = inst.stopEarly[ds] ?? 0;
  const lD = inst.stopLate[ds] ?? 0;
  const { loc, start, latest, load, svc, travel, arcCost } = r;
  // bestInsertion checked the route total first: when it bounds every load, none is read here.
  const free = loadsBoundByTotal(inst, r.v);
  const fits = free ? always : loadCheck(inst, r.v, job, load);
  const tPD = arcOf(dur, m, lp, ld) * inv;
  const cPD = arcOf(cost, m, lp, ld);
  // Every matrix read below is in the pickup's or the delivery's row (of the matrices or of their
  // transposes); the arcs of the route itself come from its cache.
  const pRow = lp * m;
  const dRow = ld * m;
  let slots: DeliverySlots | null = null;
  // The best delta so far (or the caller's bound): changes only when `consider` keeps a candidate.
  let bound = c.best?.delta ?? c.bound;
  const memo = pickupMemo(inst);
  const key = memo ? r.v * memo.places + lp : -1;
  // Every slot of this route costs the pickup at least what a scan of it for another job with
  // the same pickup place and window found: when that cannot beat the bound, the scan would pass
  // over every slot for the bound, and it is not done.
  if (
    memo &&
    memo.version[key] === r.version &&
    memo.late[key] === lateP &&
    (memo.least[key] as number) > bound + SLACK
  ) {
    c.doubt = true;
    return;
  }
  // The least pickup detour of the slots scanned: every slot before the window's end is.
  let least = Infinity;
  for (let i = r.locked; i <= n; i++) {
    // Service starts never decrease along a route: past the pickup's window here, past it after.
    if ((start[i] as number) > lateP) break;
    const a = loc[i] as number;
    const b = loc[i + 1] as number;
    // The costs first: a slot whose pair cost no less than the best so far, next to each other
    // (adjacent) or apart (dP, a lower bound of every later delivery: detours are not negative),
    // needs no time or load check.
    const cAP = costT[pRow + a] as number;
    const cAB = arcCost[i + 1] as number;
    const adjacent = cAP + cPD + (b < 0 ? 0 : (cost[dRow + b] as number)) - cAB;
    const dP = i === n ? Infinity : cAP + (cost[pRow + b] as number) - cAB;
    // The pickup's own detour bounds both (the triangle inequality: the delivery next to it costs
    // no less than going on to the next stop); at the end of the route it is the arc to the end.
    const lb = i === n ? cAP + (b < 0 ? 0 : (cost[pRow + b] as number)) - cAB : dP;
    if (lb < least) least = lb;
    if (adjacent >= bound && dP >= bound) {
      c.doubt = true;
      continue;
    }
    if (!free && !fits(i)) continue;
    const dep = (start[i] as number) + (svc[i] as number);
    const sp = Math.max(dep + (durT[pRow + a] as number) * inv, eP);
    if (sp > lateP) continue;
    const depP = sp + svcP;
    // Pickup and delivery next to each other.
    const sd0 = Math.max(depP + tPD, eD);
    if (
      sd0 <= lD &&
      sd0 + svcD + (b < 0 ? 0 : (dur[dRow + b] as number)) * inv <= (latest[i + 1] as number)
    ) {
      consider(c, adjacent, i, i, job);
      bound = c.best?.delta ?? c.bound;
    }
    if (i === n) continue;
    // The cheapest delivery after this pickup costs no less than dP plus the cheapest detour of a
    // later slot (the route's delivery slots are worked out once, on the first walk).
    if (!slots) slots = deliverySlots(c, ds, free ? null : fits);
    if (dP + (slots.cheapestFrom[i + 1] as number) > bound + SLACK) {
      c.doubt = true;
      continue;
    }
    // The walk ends at the last slot, before the load stops fitting, where the delivery could go.
    const walkEnd = free
      ? slots.lastOpen
      : (slots.lastOpenBefore[slots.loadFailsAt[i + 1] as number] as number);
    if (walkEnd <= i) continue;
    const open = slots.open;
    // Start time of node k after the pickup pushed it forward.
    let sk = Math.max(depP + (dur[pRow + b] as number) * inv, inst.stopEarly[r.stops[i] ?? 0] ?? 0);
    for (let k = i + 1; k <= walkEnd; k++) {
      if (sk > (latest[k] as number)) break;
      if (!open[k]) {
        if (k < n)
          sk = Math.max(
            sk + (svc[k] as number) + (travel[k + 1] as number),
            inst.stopEarly[r.stops[k] ?? 0] ?? 0,
          );
        continue;
      }
      const x = loc[k] as number;
      const y = loc[k + 1] as number;
      const depK = sk + (svc[k] as number);
      // The exact delta is summed as always (the same rounding, so the same plans); the slot's
      // precomputed detour only passes over the slots that cannot beat the bound.
      const delta =
        dP + (slots.detour[k] as number) > bound + SLACK
          ? Infinity
          : dP +
            (costT[dRow + x] as number) +
            (y < 0 ? 0 : (cost[dRow + y] as number)) -
            (arcCost[k + 1] as number);
      if (delta >= bound) c.doubt = true;
      else {
        const sd = Math.max(depK + (durT[dRow + x] as number) * inv, eD);
        if (
          sd <= lD &&
          sd + svcD + (y < 0 ? 0 : (dur[dRow + y] as number)) * inv <= (latest[k + 1] as number)
        ) {
          consider(c, delta, i, k, job);
          bound = c.best?.delta ?? c.bound;
        }
      }
      if (k < n)
        sk = Math.max(depK + (travel[k + 1] as number), inst.stopEarly[r.stops[k] ?? 0] ?? 0);
    }
  }
  // A route with no slot inside the pickup's window is scanned at no cost: nothing to remember.
  if (memo && least < Infinity) {
    memo.version[key] = r.version;
    memo.late[key] = lateP;
    memo.least[key] = least;
  }
}

/**
 * Per vehicle and pickup place: the least pickup detour over the route's slots inside the pickup's
 * window, at a route version and for a window's end. Consignments picked up at one place (a
 * shipper's) share it, and the routes a move leaves alone keep their version.
 */
interface PickupMemo {
  /** The widest matrix's size: the places of every profile. */
  places: number;
  version: Float64Array;
  late: Float64Array;
  least: Float64Array;
}

/** Above this many vehicles × places no memo is kept (three arrays of that length). */
const MEMO_MAX = 1 << 22;
const memos = new WeakMap<Instance, PickupMemo | null>();

function pickupMemo(inst: Instance): PickupMemo | null {
  let memo = memos.get(inst);
  if (memo === undefined) {
    const places = Math.max(0, ...inst.size);
    const size = inst.vehicleCount * places;
    memo =
      size > MEMO_MAX
        ? null
        : {
            places,
            version: new Float64Array(size),
            late: new Float64Array(size),
            least: new Float64Array(size),
          };
    memos.set(inst, memo);
  }
  return memo;
}

const always = (): boolean => true;

/**
 * Far above any rounding of a sum of a few arcs (metres or seconds): a bound computed in another
 * order than the exact delta passes a slot over only when the exact delta cannot beat the bound.
 */
const SLACK = 1e-6;

interface DeliverySlots {
  /** Delivery after boundary k (k > locked): its detour, summed in another order than the delta. */
  detour: Float64Array;
  /**
   * 1 when the delivery fits its window and the rest of the route after boundary k on the route's
   * own times. A pickup before it only delays boundary k (travel times keep the triangle
   * inequality, as shortest paths do), so a slot closed here is closed after any pickup.
   */
  open: Uint8Array;
  /** The least detour of the open slots k..n (Infinity: none). */
  cheapestFrom: Float64Array;
  /** The first boundary from k on where the job's load does not fit (n + 1: none; not kept without loads). */
  loadFailsAt: Int32Array;
  /** The last open slot before boundary k (-1: none; not kept without loads). */
  lastOpenBefore: Int32Array;
  /** The last open slot of the route (-1: none): the walk's end when no load is read. */
  lastOpen: number;
}

/** Scratch arrays of deliverySlots, grown as needed (the search is single-threaded). */
const scratch: DeliverySlots = {
  detour: new Float64Array(64),
  open: new Uint8Array(64),
  cheapestFrom: new Float64Array(64),
  loadFailsAt: new Int32Array(64),
  lastOpenBefore: new Int32Array(64),
  lastOpen: -1,
};

/**
 * What delivering the job after each boundary of the route costs and allows, wherever its pickup
 * goes: read once per route and job, so the pair scan is linear in the route's length except for
 * the walks of pickups that can still beat the bound.
 */
function deliverySlots(c: Ctx, ds: number, fits: ((k: number) => boolean) | null): DeliverySlots {
  const { inst, r, m, cost, costT, dur, durT, inv } = c;
  const { loc, arcCost, start, svc, latest } = r;
  const n = r.stops.length;
  if (scratch.detour.length < n + 2) {
    const size = 2 * (n + 2);
    scratch.detour = new Float64Array(size);
    scratch.open = new Uint8Array(size);
    scratch.cheapestFrom = new Float64Array(size);
    scratch.loadFailsAt = new Int32Array(size);
    scratch.lastOpenBefore = new Int32Array(size);
  }
  const { detour, open, cheapestFrom, loadFailsAt, lastOpenBefore } = scratch;
  const dRow = (inst.stopLoc[ds] ?? 0) * m;
  const eD = inst.stopEarly[ds] ?? 0;
  const lD = inst.stopLate[ds] ?? 0;
  const svcD = (inst.stopService[ds] ?? 0) * c.sf;
  cheapestFrom[n + 1] = Infinity;
  loadFailsAt[n + 1] = n + 1;
  // Past the delivery's window at a slot's own start, closed there and at every later slot
  // (starts never decrease): nothing of those slots is read, and no walk reaches them.
  let k = n;
  for (; k > r.locked && (start[k] as number) > lD; k--) {
    open[k] = 0;
    cheapestFrom[k] = Infinity;
    if (fits) loadFailsAt[k] = k;
  }
  let lastOpen = -1;
  for (; k > r.locked; k--) {
    const x = loc[k] as number;
    const y = loc[k + 1] as number;
    const d =
      (costT[dRow + x] as number) +
      ((y < 0 ? 0 : (cost[dRow + y] as number)) - (arcCost[k + 1] as number));
    detour[k] = d;
    const sd = Math.max(
      (start[k] as number) + (svc[k] as number) + (durT[dRow + x] as number) * inv,
      eD,
    );
    const ok =
      sd <= lD &&
      sd + svcD + (y < 0 ? 0 : (dur[dRow + y] as number)) * inv <= (latest[k + 1] as number);
    open[k] = ok ? 1 : 0;
    if (ok && lastOpen < 0) lastOpen = k;
    cheapestFrom[k] = ok
      ? Math.min(d, cheapestFrom[k + 1] as number)
      : (cheapestFrom[k + 1] as number);
    if (fits) loadFailsAt[k] = fits(k) ? (loadFailsAt[k + 1] as number) : k;
  }
  scratch.lastOpen = lastOpen;
  // Without loads the walk ends at the last open slot: the array below is not read.
  if (!fits) return scratch;
  let last = -1;
  for (let k = 0; k <= n + 1; k++) {
    lastOpenBefore[k] = last;
    if (k > r.locked && k <= n && open[k]) last = k;
  }
  return scratch;
}
