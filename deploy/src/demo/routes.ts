import { DEFAULT_ROAD_FACTOR, DEFAULT_SPEEDS_KMH, type OrderFormInput } from '@nordlog/contracts';
import { greatCircleMatrix, solve, type Job, type Problem } from '@nordlog/optimizer';
import type { Geocoder } from '@nordlog/platform';

/** A demo slot to fill: its id and when its route starts (seconds after local midnight). */
export interface DemoSlot {
  id: string;
  startsAt: number;
  /** The most orders it takes, so that every slot of the demo has a route. */
  orders: number;
}

const seconds = (hhmm: string | undefined, fallback: number) =>
  hhmm ? Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60 : fallback;

/**
 * The demo day's delivery routes, planned by the route optimiser: orders loaded at the terminal
 * (the department) and delivered in their windows, placed by the same geocoder that places them
 * when they are booked. Returns each slot's order ids in the order the optimiser drives them; an
 * order it cannot place or serve is left out (it stays unplanned).
 */
export async function planDemoRoutes(
  depot: { lat: number; lng: number },
  orders: readonly { id: string; order: OrderFormInput }[],
  slots: readonly DemoSlot[],
  geocoder: Geocoder,
): Promise<Map<string, string[]>> {
  const points = [depot];
  const jobs: Job[] = [];
  for (const { id, order } of orders) {
    const d = order.delivery;
    const found = await geocoder.geocode({
      address: d.address ?? '',
      zipCode: d.zipCode ?? '',
      zipArea: d.zipArea ?? '',
      countryCode: d.countryCode ?? 'NO',
    });
    if (!found?.latLng) continue;
    points.push(found.latLng);
    jobs.push({
      id,
      delivery: {
        location: points.length - 1,
        earliest: seconds(order.deliveryTimeEarliest, 0),
        latest: seconds(order.deliveryTimeLatest, 24 * 3600 - 1),
        service: 300,
      },
      demand: [1],
      ...(order.priority === 'high' ? { priority: 'high' as const } : {}),
    });
  }
  const problem: Problem = {
    matrices: {
      van: greatCircleMatrix(points, DEFAULT_SPEEDS_KMH.van ?? 30, DEFAULT_ROAD_FACTOR),
    },
    vehicles: slots.map((s) => ({
      id: s.id,
      profile: 'van',
      start: 0,
      end: 0,
      earliest: s.startsAt,
      latest: 24 * 3600 - 1,
      capacity: [s.orders],
      routeCapacity: [s.orders],
    })),
    jobs,
  };
  // A fixed iteration budget: the same plan on every machine, whatever its speed.
  const solution = solve(
    problem,
    { seconds: 5, seed: 20261122, maxIterations: 4_000 },
    { now: () => performance.now() },
  );
  const routes = slots.map((s) =>
    (solution.routes.find((r) => r.vehicleId === s.id)?.stops ?? []).map((stop) => stop.jobId),
  );
  // The optimiser may leave a slot empty when fewer slots will do. The longest route goes to the
  // first slot, the one the demo courier drives: it starts earliest, so every window still holds.
  routes.sort((a, b) => b.length - a.length);
  return new Map(slots.map((s, i) => [s.id, routes[i]!]));
}
