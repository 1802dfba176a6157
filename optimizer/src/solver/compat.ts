// Whether a vehicle may serve a job: its type is allowed, it may carry the goods, the planner's lock.
import type { Job, Vehicle } from '../model.js';

export function compatible(job: Job, vehicle: Vehicle): boolean {
  if (job.lockedVehicle !== undefined && job.lockedVehicle !== vehicle.id) return false;
  const types = job.vehicleTypes ?? [];
  if (types.length > 0 && (vehicle.type === undefined || !types.includes(vehicle.type)))
    return false;
  const forbidden = vehicle.forbiddenGoods ?? [];
  return !(job.goods ?? []).some((g) => forbidden.includes(g));
}
