import { describe, expect, it } from '@jest/globals';
import { DEFAULT_ROAD_FACTOR, greatCircleMetres, type OrderFormInput } from '@nordlog/contracts';
import { GazetteerGeocoder } from '@nordlog/platform';
import { demoDepartments, demoOrder, prng } from './data.js';
import { planDemoRoutes } from './routes.js';

const gazetteer = new GazetteerGeocoder();

/** The planned orders of each demo department, generated as the seed generates them. */
function plannedOrders() {
  const rnd = prng(20261122);
  let index = 0;
  return demoDepartments.map((d) => {
    const dep = { id: d.key, country: d.country, location: d.location ?? null };
    const orders = Array.from({ length: 30 }, (_, i) => ({
      id: `${d.key}-${i}`,
      order: demoOrder(rnd, dep, { id: 'c', name: 'Demo' }, '2026-12-01', index++, 0, i < 24),
    }));
    return { dep: d, orders: orders.slice(0, 24) };
  });
}

async function pointOf(order: OrderFormInput) {
  const d = order.delivery;
  const found = await gazetteer.geocode({
    address: d.address ?? '',
    zipCode: d.zipCode ?? '',
    zipArea: d.zipArea ?? '',
    countryCode: d.countryCode ?? 'NO',
  });
  return found!.latLng!;
}

/** Kilometres of a route from the depot through the deliveries and back. */
async function routeKm(depot: { lat: number; lng: number }, orders: OrderFormInput[]) {
  let metres = 0;
  let here = depot;
  for (const order of orders) {
    const next = await pointOf(order);
    metres += greatCircleMetres(here, next);
    here = next;
  }
  return ((metres + greatCircleMetres(here, depot)) * DEFAULT_ROAD_FACTOR) / 1000;
}

describe('the demo day is planned by the route optimiser on real street addresses', () => {
  it.each(plannedOrders().map((p) => [p.dep.name, p] as const))(
    '%s: both morning slots get a route, every order once, on distinct points, shorter than in booking order',
    async (_, { dep, orders }) => {
      const slots = [
        { id: 'Morning 1', startsAt: 7 * 3600, orders: 12 },
        { id: 'Morning 2', startsAt: 7.5 * 3600, orders: 12 },
      ];
      const routes = await planDemoRoutes(dep.location!, orders, slots, gazetteer);
      const planned = [...routes.values()].flat();
      expect([...planned].sort()).toEqual(orders.map((o) => o.id).sort());
      for (const ids of routes.values()) expect(ids.length).toBeGreaterThan(0);
      const byId = new Map(orders.map((o) => [o.id, o.order]));
      const points = new Set(
        await Promise.all(orders.map(async ({ order }) => JSON.stringify(await pointOf(order)))),
      );
      expect(points.size).toBeGreaterThanOrEqual(10);
      let optimised = 0;
      for (const ids of routes.values())
        optimised += await routeKm(
          dep.location!,
          ids.map((id) => byId.get(id)!),
        );
      // The seed's plan before issue 36: the first twelve orders on the first slot, in booking order.
      const naive =
        (await routeKm(
          dep.location!,
          orders.slice(0, 12).map((o) => o.order),
        )) +
        (await routeKm(
          dep.location!,
          orders.slice(12).map((o) => o.order),
        ));
      expect(optimised).toBeLessThan(naive);
    },
  );
});
