// Why a job is left out: the first constraint that rules out every vehicle when the job is alone on an
// empty route of that vehicle; when it fits alone somewhere, the vehicles were simply full (noVehicle).
import type { UnassignedReason } from '../model.js';
import { bestInsertion } from './insertion.js';
import type { Instance } from './instance.js';
import { refresh, RouteState } from './route.js';

export function reasonFor(inst: Instance, job: number): UnassignedReason {
  const V = inst.vehicleCount;
  const D = inst.dims;
  const allowed = Array.from({ length: V }, (_, v) => v).filter(
    (v) => inst.jobVehicleOk[job * V + v],
  );
  if (allowed.length === 0) return 'vehicleType';
  const fits = allowed.filter((v) => {
    for (let d = 0; d < D; d++)
      if (
        (inst.jobDemand[job * D + d] ?? 0) >
        Math.min(inst.vehCap[v * D + d] ?? 0, inst.vehRouteCap[v * D + d] ?? Infinity)
      )
        return false;
    return true;
  });
  if (fits.length === 0) return 'capacity';
  const withoutRange = fits.map((v) => alone(inst, v, job, Infinity));
  if (!withoutRange.some(Boolean)) return 'timeWindow';
  if (!fits.some((v) => alone(inst, v, job, inst.vehMaxDist[v] ?? Infinity))) return 'range';
  return 'noVehicle';
}

/** Whether the job fits alone on the vehicle's route (keeping its locked prefix), with the given range. */
function alone(inst: Instance, v: number, job: number, maxDist: number): boolean {
  const locked = inst.vehLocked[v] ?? [];
  const r = new RouteState(v, locked.slice(), locked.length);
  refresh(inst, r);
  const saved = inst.vehMaxDist[v] ?? Infinity;
  inst.vehMaxDist[v] = maxDist;
  try {
    return bestInsertion(inst, r, job, Infinity, null, 0) !== null;
  } finally {
    inst.vehMaxDist[v] = saved;
  }
}
