import { csvText, type CsvValue, type RoutePoint } from '@nordlog/contracts';

// The cells and text of every CSV file (contracts/src/csv.ts: the screens write theirs alike).
export { UTF8_BOM, csvCell, csvText, type CsvValue } from '@nordlog/contracts';

/** The columns of a slot's location list (spec §7 exportLocationListForSlot). */
export const locationListHeader = [
  'sequence',
  'type',
  'shipmentId',
  'name',
  'address',
  'zipCode',
  'zipArea',
  'lat',
  'lng',
  'timeWindow',
  'arrival',
  'endTime',
] as const;

const localFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as `yyyy-MM-dd HH:mm` in a time zone (what a spreadsheet reads as a date-time). */
export function localDateTime(iso: string, timeZone: string): string {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const window = (p: RoutePoint) =>
  p.timeEarliest || p.timeLatest ? `${p.timeEarliest ?? ''}-${p.timeLatest ?? ''}` : '';

/**
 * A slot's stops in route order as CSV: sequence, stop type (pickup, delivery, rest_break),
 * shipment id, name, address, zip code and area, coordinates, the time window (HH:mm-HH:mm),
 * and arrival and end as local date-times of the department's time zone.
 */
export function locationListCsv(points: readonly RoutePoint[], timeZone: string): string {
  const rows = [...points]
    .sort((a, b) => a.sequence - b.sequence)
    .map((p): CsvValue[] => [
      p.sequence,
      p.type,
      p.shipmentId,
      p.name,
      p.address,
      p.zipCode,
      p.zipArea,
      p.lat,
      p.lng,
      window(p),
      localDateTime(p.arrival, timeZone),
      localDateTime(p.endTime, timeZone),
    ]);
  return csvText([[...locationListHeader], ...rows]);
}
