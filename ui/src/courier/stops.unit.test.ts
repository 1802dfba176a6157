import { describe, expect, it } from '@jest/globals';
import type { RoutePoint } from '@nordlog/contracts';
import { pickupPending } from './stops';

const point = (type: RoutePoint['type'], consignmentId: string | null, done = false) =>
  ({ key: `${consignmentId}:${type}`, type, consignmentId, done }) as RoutePoint;

describe('issue 36: the courier page offers a delivery only after its pickup', () => {
  it('a delivery waits for its own pickup on the route; a pickup, a break and other stops never do', () => {
    const route = [
      point('pickup', '1'),
      point('pickup', '2', true),
      point('rest_break', null),
      point('delivery', '1'),
      point('delivery', '2'),
      point('delivery', '3'),
    ];
    expect(route.map((p) => pickupPending(route, p))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
    ]);
    const picked = route.map((p) => (p.key === '1:pickup' ? { ...p, done: true } : p));
    expect(pickupPending(picked, picked[3]!)).toBe(false);
  });
});
