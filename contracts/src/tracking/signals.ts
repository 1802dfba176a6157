// Zod-free, so the tracking page's bundle need not carry zod (docs/decisions/0046-web-start-up.md).

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (yyyy-MM-dd) of an instant in a time zone. */
export function dayIn(timeZone: string, iso: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/**
 * The day of an estimated arrival to show beside it: null when the arrival is on the delivery
 * day (in the department's zone), else its own day, so a page never shows "Delivery day 01/12"
 * beside an arrival of 00:51 on the 2nd without saying so (issue 36).
 */
export const arrivalDayIfOther = (
  deliveryDate: string,
  eta: string,
  timeZone: string,
): string | null => {
  const day = dayIn(timeZone, eta);
  return day === deliveryDate ? null : day;
};

/**
 * The tracking page's socket (spec §7 `ws /api/subscribe?tracking={id}`): no session needed, and
 * it carries no data, only a signal that the shipment (or its slot, or its courier) changed; the
 * page then asks the query again, which decides what the recipient sees.
 */
export const trackingSocket = {
  param: 'tracking',
  entity: 'tracking',
  op: 'changed',
  /** The close reason (code `closeCodes.error`) for a key no shipment has: do not reconnect. */
  unknownReason: 'unknown tracking id',
} as const;

export interface TrackingSignal {
  entity: typeof trackingSocket.entity;
  op: typeof trackingSocket.op;
  id: string;
}
