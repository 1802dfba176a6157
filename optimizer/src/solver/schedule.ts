// The full timing of one route including breaks, used to confirm candidates on vehicles with breaks and
// to report arrival times. Breaks are placed between stops by a fixed rule: a break is taken at the last
// stop boundary where it can still start in time, or earlier when it fits in waiting time without delay.
// A time-window break is required when the vehicle is still working after the window opens; a
// working-time break when the working day is longer than the maximum working time.
import type { Break } from '../model.js';
import type { Instance } from './instance.js';

export interface Timing {
  readonly ok: boolean;
  /** Service start per stop; arrival per stop; arrival at the end. */
  readonly start: Float64Array;
  readonly arrival: Float64Array;
  readonly end: number;
  readonly breaks: { afterStops: number; start: number; end: number }[];
}

export function simulate(inst: Instance, v: number, stops: readonly number[]): Timing {
  const n = stops.length;
  const p = inst.vehProfile[v] ?? 0;
  const m = inst.size[p] ?? 0;
  const dur = inst.dur[p] ?? new Float64Array(0);
  const inv = inst.vehInvSpeed[v] ?? 1;
  const sf = inst.vehServiceFactor[v] ?? 1;
  const endLoc = inst.vehEnd[v] ?? -1;
  const locOf = (k: number): number => (k < n ? (inst.stopLoc[stops[k] ?? 0] ?? 0) : endLoc);
  const travel = (a: number, b: number): number =>
    a < 0 || b < 0 ? 0 : (dur[a * m + b] ?? 0) * inv;
  const start = new Float64Array(n);
  const arrival = new Float64Array(n);
  const breaks: Timing['breaks'] = [];
  const dayStart = inst.vehEarly[v] ?? 0;
  const pending = n === 0 ? [] : [...(inst.vehBreaks[v] ?? [])];
  let t = dayStart;
  let here = inst.vehStart[v] ?? 0;
  let ok = true;
  for (let k = 0; k <= n; k++) {
    const next = locOf(k);
    const tr = travel(here, next);
    const s = k < n ? (stops[k] ?? 0) : -1;
    const early = s >= 0 ? (inst.stopEarly[s] ?? 0) : -Infinity;
    const service = s >= 0 ? (inst.stopService[s] ?? 0) * sf : 0;
    for (let b = pending.length - 1; b >= 0; b--) {
      const brk = pending[b];
      if (!brk) continue;
      const take = decide(brk, t, tr, early, service, dayStart, k === n);
      if (take === 'later') continue;
      pending.splice(b, 1);
      if (take === 'skip') continue;
      if (take === 'fail') {
        ok = false;
        continue;
      }
      breaks.push({ afterStops: k, start: take, end: take + brk.duration });
      t = take + brk.duration;
    }
    const arr = t + tr;
    if (s < 0) return { ok: ok && arr <= (inst.vehLate[v] ?? 0), start, arrival, end: arr, breaks };
    arrival[k] = arr;
    const st = Math.max(arr, early);
    start[k] = st;
    if (st > (inst.stopLate[s] ?? 0)) ok = false;
    t = st + service;
    here = next;
  }
  return { ok: false, start, arrival, end: t, breaks };
}

/** Start time of the break if taken at this boundary, or whether to defer, skip (not required) or fail. */
function decide(
  brk: Break,
  t: number,
  tr: number,
  early: number,
  service: number,
  dayStart: number,
  last: boolean,
): number | 'later' | 'skip' | 'fail' {
  const nextEnd = Math.max(t + tr, early) + service;
  if (brk.kind === 'timeWindow') {
    const bs = Math.max(t, brk.earliest);
    if (last && t + tr <= brk.earliest) return 'skip';
    const fitsInWait = bs + brk.duration + tr <= early;
    if (bs <= brk.latest && (last || fitsInWait || nextEnd > brk.latest)) return bs;
    // Past the window only when the working day starts after it: no break is due then.
    return bs > brk.latest ? 'skip' : 'later';
  }
  if (last && t + tr - dayStart <= brk.maxWorkingTime) return 'skip';
  const fitsInWait = t + brk.duration + tr <= early;
  const canStart = t - dayStart <= brk.maxWorkingTime;
  if (canStart && (last || fitsInWait || nextEnd - dayStart > brk.maxWorkingTime)) return t;
  return canStart ? 'later' : 'fail';
}
