import type { Client } from './system.js';

/** A business date `days` after today in Oslo (spec §5: pickups lie ahead of now). */
export function bookingDate(days = 1): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** Minutes since midnight in Oslo at `now`. */
const osloMinuteOfDay = (now: Date) => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Oslo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  return h! * 60 + m!;
};

/** Whole minutes to wait at `now` until it is `minutes` past Oslo's midnight, when it is that close. */
export function minutesFromOsloMidnight(now: Date, minutes: number): number {
  const at = osloMinuteOfDay(now);
  if (at >= 1440 - minutes) return 1440 - at + minutes;
  return at < minutes ? minutes - at : 0;
}

/**
 * For a test whose windows must be over (a window of 00:00–00:01 is not over in the first minutes
 * after midnight), beyond the day boundary every file keeps (dayBoundary.ts): when now is within
 * `minutes` of Oslo midnight, waits until it is `minutes` past it. `bookingDate` is read after it.
 */
export async function awayFromOsloMidnight(minutes = 3): Promise<void> {
  const wait = minutesFromOsloMidnight(new Date(), minutes);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait * 60_000));
}

/**
 * The default GSIN and SSCC series every order draws its shipment and package ids from
 * (docs/decisions/0015-booking.md); `departmentId` makes them that department's own.
 */
export async function configureNumberSeries(
  client: Pick<Client, 'command'>,
  options: { companyPrefix?: string; departmentId?: string; lastSerial?: number } = {},
): Promise<{ gsin: string; sscc: string }> {
  const base = {
    companyPrefix: options.companyPrefix ?? '7090001',
    firstSerial: 1,
    lastSerial: options.lastSerial ?? 9_999_999,
    ...(options.departmentId ? { departmentId: options.departmentId } : {}),
  };
  const gsin = await client.command('CREATE_NUMBER_SERIES', {
    ...base,
    name: 'Shipments',
    type: 'GSIN',
  });
  const sscc = await client.command('CREATE_NUMBER_SERIES', {
    ...base,
    name: 'Packages',
    type: 'SSCC',
  });
  if (gsin.status !== 200 || sscc.status !== 200)
    throw new Error(`number series: ${JSON.stringify([gsin.body, sscc.body])}`);
  return { gsin: gsin.body.ids[0], sscc: sscc.body.ids[0] };
}

/** An Oslo address with coordinates: booking needs no address lookup for it. */
export const osloAddress = {
  name: 'A',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
  lat: 59.9,
  lng: 10.7,
} as const;

/**
 * An order's places for planning tests and benches: picked up at Storgata 1, delivered to
 * recipient `i` at its own point in Oslo (so routes have distinct stops).
 */
export const osloStops = (i: number, at: { lat: number; lng: number }, sender = 'Sender') => ({
  pickup: { ...osloAddress, name: sender, lat: 59.91, lng: 10.75 },
  delivery: {
    ...osloAddress,
    name: `Recipient ${i}`,
    address: `Gate ${i}`,
    zipCode: '0355',
    lat: at.lat,
    lng: at.lng,
  },
});

/**
 * An order as its edit form sends it back (UPDATE_ORDER's fields): the stored order less what the
 * system sets (department, ids, end date, heavy-goods flag); `row` is the `orders` query's row.
 */
export async function orderForm(
  client: Pick<Client, 'query'> & { settled?: () => Promise<void> },
  id: string,
): Promise<{
  row: { shipmentId: string; order: Record<string, unknown> };
  form: Record<string, unknown>;
}> {
  await client.settled?.();
  const [row] = (await client.query('orders', { ids: [id] })).body;
  const {
    departmentId: _d,
    orderId: _o,
    shipmentId: _s,
    trackingId: _t,
    deliveryEndDate: _e,
    heavyGoods: _h,
    ...form
  } = row.order;
  return { row, form };
}
