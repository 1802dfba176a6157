import type { RoutePoint } from '@nordlog/contracts';

/**
 * A delivery whose pickup on the same route is not reported yet: the server refuses its delivery
 * (a courier reports in order, issue 36), so the page says why instead of offering it.
 */
export const pickupPending = (points: readonly RoutePoint[], p: RoutePoint): boolean =>
  p.type === 'delivery' &&
  points.some((q) => q.type === 'pickup' && q.consignmentId === p.consignmentId && !q.done);
