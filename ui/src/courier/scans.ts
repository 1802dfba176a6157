import type { RoutePoint, SlotScansRow } from '@nordlog/contracts';

/** A recorded scan as the courier page lists it. */
export type RecordedScan = SlotScansRow['scans'][number];

/** The query key of a slot's scans: a pushed `slotScans` row replaces it (resources/registry). */
export const slotScansKey = (slotId: string) => ['slotScans', 'rows', { slotId }] as const;

/**
 * The scans shown at a stop (docs/decisions/0064-courier-scans.md): those of its consignment, the
 * pickups at its pickup stop and the rest at its delivery stop (all of them there when the route
 * has no pickup stop of it, e.g. goods taken at the terminal).
 */
export function scansOfStop(
  scans: readonly RecordedScan[],
  points: readonly RoutePoint[],
  point: RoutePoint,
): RecordedScan[] {
  const id = point.consignmentId;
  if (id === null) return [];
  const own = scans.filter((s) => s.orderIds.includes(id));
  if (point.type === 'pickup') return own.filter((s) => s.kind === 'PICKED_UP');
  const hasPickup = points.some((q) => q.type === 'pickup' && q.consignmentId === id);
  return hasPickup ? own.filter((s) => s.kind !== 'PICKED_UP') : own;
}

/** Scans of codes that named nothing on the route (shown apart, with their warning). */
export const unmatchedScans = (scans: readonly RecordedScan[]) =>
  scans.filter((s) => s.orderIds.length === 0);

/**
 * A link that opens the stop in the phone's map app: Apple Maps on iOS (which has no `geo:`),
 * the `geo:` URI elsewhere (Android offers the installed map apps); by the address when the stop
 * has no coordinates.
 */
export function mapLink(
  point: Pick<RoutePoint, 'lat' | 'lng' | 'name' | 'address' | 'zipCode' | 'zipArea'>,
  userAgent: string,
): string {
  const address = `${point.address}, ${point.zipCode} ${point.zipArea}`;
  const at = point.lat !== null && point.lng !== null ? `${point.lat},${point.lng}` : null;
  if (/iPhone|iPad|iPod/.test(userAgent))
    return at
      ? `https://maps.apple.com/?daddr=${at}&q=${encodeURIComponent(point.name)}`
      : `https://maps.apple.com/?daddr=${encodeURIComponent(address)}`;
  return at
    ? `geo:${at}?q=${at}(${encodeURIComponent(point.name)})`
    : `geo:0,0?q=${encodeURIComponent(address)}`;
}

/** `tel:` and `sms:` links of a number (spec §5 phone: digits, spaces, dashes, a leading plus). */
export const phoneLinks = (number: string) => {
  const digits = number.replace(/[^\d+]/g, '');
  return { call: `tel:${digits}`, text: `sms:${digits}` };
};
