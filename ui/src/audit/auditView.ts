import {
  ORDER_NAMED_FIELDS,
  pathText,
  type AuditLogEntry,
  type AuditReference,
  type CorrectionValues,
  type FieldChange,
  type OrderRow,
} from '@nordlog/contracts';

/** What the search field may hold: a shipment id, a package id (SSCC) or an order id. */
export const isShipmentKey = (value: string): boolean => /^\d{1,18}$/.test(value.trim());

/**
 * How values read in the user's language: dates in their format, yes/no, and a record a field
 * names (by its path, e.g. `departmentId`) by its name. Without it, values as they are.
 */
export interface ValueFormat {
  date: (iso: string) => string;
  yesNo: (value: boolean) => string;
  /** The name of the record `id` that the field `field` references, if known. */
  name: (field: string, id: string) => string | undefined;
}

const plain: ValueFormat = {
  date: (iso) => iso,
  yesNo: (value) => String(value),
  name: () => undefined,
};
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `ValueFormat.name` from the audit log's references (issue 36): a field that names a record
 * (`ORDER_NAMED_FIELDS`) reads as the record's name, a slot's with its day (slots of different
 * days share names); an id the log gives no name for stays the id.
 */
export function referenceNamer(
  references: readonly AuditReference[],
  date: (iso: string) => string,
): ValueFormat['name'] {
  const byKey = new Map(references.map((r) => [`${r.entity}:${r.id}`, r]));
  return (field, id) => {
    const entity = ORDER_NAMED_FIELDS[field];
    const found = entity ? byKey.get(`${entity}:${id}`) : undefined;
    if (!found) return undefined;
    return found.date ? `${found.name}, ${date(found.date)}` : found.name;
  };
}

/** One value as words: a list by its members, a record by its `key: value` pairs, never JSON. */
function readable(value: unknown, field: string, f: ValueFormat): string {
  if (value === null || value === undefined) return '∅';
  if (typeof value === 'boolean') return f.yesNo(value);
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    if (field.endsWith('Id')) return f.name(field, text) ?? text;
    return typeof value === 'string' && isoDay.test(text) ? f.date(text) : text;
  }
  if (Array.isArray(value)) return value.map((v) => readable(v, field, f)).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${readable(v, k, f)}`)
    .join(', ');
}

/** A value of the diff as one short line, readable (see `readable`), cut at `max`. */
export function valueText(value: unknown, max = 60, f: ValueFormat = plain, field = ''): string {
  if (value === undefined) return '';
  const text = readable(value, field, f);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One change as people read it: `order.delivery.phone: +4791… → +4792…`. */
export function changeText(change: FieldChange, f: ValueFormat = plain): string {
  const path = pathText(change.path);
  const field = String(change.path[change.path.length - 1] ?? '');
  const has = (side: 'before' | 'after') => Object.hasOwn(change, side);
  const before = has('before') ? valueText(change.before, 60, f, field) : '∅';
  const after = has('after') ? valueText(change.after, 60, f, field) : '∅';
  return path ? `${path}: ${before} → ${after}` : `${before} → ${after}`;
}

/**
 * The changes an entry shows: the booking creates the whole order (one change of the root),
 * shown as such; the others field by field, at most `limit` (the rest counted).
 */
export function shownChanges(
  entry: Pick<AuditLogEntry, 'changes'>,
  limit = 6,
  f: ValueFormat = plain,
): { lines: string[]; more: number; created: boolean } {
  const created = entry.changes.length === 1 && entry.changes[0]!.path.length === 0;
  if (created) return { lines: [], more: 0, created };
  const lines = entry.changes.slice(0, limit).map((c) => changeText(c, f));
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
export function orderFacts(row: OrderRow, f: ValueFormat = plain): Record<OrderField, string> {
  const o = row.order;
  return {
    state: row.state,
    shipmentId: row.shipmentId ?? '',
    departmentId: f.name('departmentId', row.departmentId) ?? row.departmentId,
    slotId: row.slotId ? (f.name('slotId', row.slotId) ?? row.slotId) : '',
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
