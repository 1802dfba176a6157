import {
  pathText,
  type AuditLogEntry,
  type CorrectionValues,
  type FieldChange,
  type OrderRow,
} from '@nordlog/contracts';

/** What the search field may hold: a shipment id, a package id (SSCC) or an order id. */
export const isShipmentKey = (value: string): boolean => /^\d{1,18}$/.test(value.trim());

/** A value of the diff as one short line: text as it is, anything else as JSON, cut at `max`. */
export function valueText(value: unknown, max = 60): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One change as people read it: `order.delivery.phone: +4791… → +4792…`. */
export function changeText(change: FieldChange): string {
  const path = pathText(change.path);
  const has = (side: 'before' | 'after') => Object.hasOwn(change, side);
  const before = has('before') ? valueText(change.before) : '∅';
  const after = has('after') ? valueText(change.after) : '∅';
  return path ? `${path}: ${before} → ${after}` : `${before} → ${after}`;
}

/**
 * The changes an entry shows: the booking creates the whole order (one change of the root),
 * shown as such; the others field by field, at most `limit` (the rest counted).
 */
export function shownChanges(
  entry: Pick<AuditLogEntry, 'changes'>,
  limit = 6,
): { lines: string[]; more: number; created: boolean } {
  const created = entry.changes.length === 1 && entry.changes[0]!.path.length === 0;
  if (created) return { lines: [], more: 0, created };
  const lines = entry.changes.slice(0, limit).map(changeText);
  return { lines, more: Math.max(0, entry.changes.length - limit), created };
}

/** The fields of the order the "as of" panel shows, by their message key under `audit.fields`. */
export const ORDER_FIELDS = [
  'state',
  'shipmentId',
  'departmentId',
  'slotId',
  'pickupDate',
  'pickup',
  'delivery',
  'deliveryPhone',
  'orderNote',
  'packages',
  'rejectionReason',
  // Invoicing (docs/decisions/0032): the hold, what a correction measured, prices set by hand.
  'invoicing',
  'measured',
  'priceCorrections',
  'invoice',
] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

const place = (b: { name?: string; address?: string; zipCode?: string; zipArea?: string }) =>
  [b.name, b.address, [b.zipCode, b.zipArea].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The value of each shown field of the order as of a moment ('' when it has none). */
export function orderFacts(row: OrderRow): Record<OrderField, string> {
  const o = row.order;
  return {
    state: row.state,
    shipmentId: row.shipmentId ?? '',
    departmentId: row.departmentId,
    slotId: row.slotId ?? '',
    pickupDate: o.pickupDate,
    pickup: place(o.pickup),
    delivery: place(o.delivery),
    deliveryPhone: o.delivery.phone ?? '',
    orderNote: o.orderNote ?? '',
    packages: String(o.measurements.reduce((n, l) => n + (l.quantity ?? 0), 0)),
    rejectionReason: row.rejectionReason ?? '',
    invoicing: row.invoicing?.held ?? '',
    measured: measured(row.invoicing?.corrected ?? null),
    priceCorrections: (o.correctedArticlePrices ?? [])
      .map((c) => `${c.articleCode} ${c.customerPrice}`)
      .join(', '),
    invoice: row.invoicing?.invoiced?.invoiceNumber ?? '',
  };
}

/** An accepted correction's values in short: packages, volume, weight, minutes waited. */
function measured(v: CorrectionValues | null): string {
  if (!v) return '';
  const minutes =
    v.pickupWaitingTimeInMinutes +
    v.deliveryWaitingTimeInMinutes +
    v.pickupLoadingTimeInMinutes +
    v.deliveryLoadingTimeInMinutes;
  return [
    `${v.numberOfPackages} pkg`,
    `${v.volumeDmq} dm³`,
    `${v.weightKilograms} kg`,
    ...(minutes > 0 ? [`${minutes} min`] : []),
  ].join(' · ');
}
