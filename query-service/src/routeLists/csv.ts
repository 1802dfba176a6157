import type { RoutePoint } from '@nordlog/contracts';

/** A cell: text is quoted as needed and guarded; a number is written as it is. */
export type CsvValue = string | number | null;

/** The byte order mark that makes Excel read the file as UTF-8 (Nordic letters). */
export const UTF8_BOM = '\uFEFF';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): =, +, -
 * and @, and the tab and carriage return some programs strip before they look.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). Text that starts like a formula gets a leading apostrophe, so a
 * spreadsheet shows it as text and never runs it; text with a comma, quote or line break is
 * quoted, inner quotes doubled. Numbers are not guarded: a negative coordinate stays a number.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: comma-separated, CRLF line ends (RFC 4180), a BOM first. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

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
