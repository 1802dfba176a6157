import type { RoutePoint } from '@nordlog/contracts';
import type { Report } from './queue';

/**
 * The stops that reports waiting on the phone have done (0072): the page shows them done, marked
 * as waiting to be sent, so the courier goes on offline (a delivery whose pickup waits is
 * offered) and does not tap them twice. The server's answer replaces this when it comes.
 */
export function pendingStops(waiting: readonly Pick<Report, 'name' | 'payload'>[]): Set<string> {
  const keys = new Set<string>();
  for (const r of waiting) {
    const payload = r.payload as { consignmentIds?: string[]; orderId?: string };
    if (r.name === 'MANUAL_COLLECT')
      for (const id of payload.consignmentIds ?? []) keys.add(`${id}:pickup`);
    if (r.name === 'MANUAL_DELIVER')
      for (const id of payload.consignmentIds ?? []) keys.add(`${id}:delivery`);
    if ((r.name === 'CREATE_DEVIATION' || r.name === 'RECORD_DELIVERY_PROOF') && payload.orderId)
      keys.add(`${payload.orderId}:delivery`);
  }
  return keys;
}

export const isPending = (pending: ReadonlySet<string>, p: RoutePoint): boolean =>
  pending.has(`${p.consignmentId}:${p.type}`);

/** The route as the page shows it: the stops done by waiting reports count as done. */
export const withPending = (points: readonly RoutePoint[], pending: ReadonlySet<string>) =>
  pending.size === 0
    ? points
    : points.map((p) => (isPending(pending, p) ? { ...p, done: true } : p));
