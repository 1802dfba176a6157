import { NUMBER_BOUND, isCalendarDate } from '../common.js';
import { defaultPhonePrefix, phoneProblem } from '../access/phone.js';
import { validationMessages } from './validationMessages.js';

/**
 * The validation rules of spec §5 that the order form and the order commands share. Every rule
 * reports a message KEY (`validation.*`), never English text: the web app shows the key in the
 * user's language, and the server answers the key with the field path (docs/decisions/0015).
 */
export { validationMessages };
export type ValidationKey = keyof typeof validationMessages;
export const validationKeys = Object.keys(validationMessages) as ValidationKey[];
export const isValidationKey = (value: string): value is ValidationKey =>
  Object.hasOwn(validationMessages, value);

/**
 * The message key of any zod issue: its own message when that is a key, else by the kind of issue
 * (a missing value is `required`). The server's 400 items and the web form use the same mapping.
 */
export function issueKey(issue: { code: string; message: string; input?: unknown }): ValidationKey {
  if (isValidationKey(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'validation.required';
  if (issue.code === 'too_big') return 'validation.tooLong';
  if (issue.code === 'invalid_value') return 'validation.choice';
  return 'validation.invalid';
}

// ---------------------------------------------------------------- numbers and digits (§5 Number, Digits)

const NUMERIC = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * A number as a form field gives it: a number, or text with a dot or a decimal comma (the four
 * markets write 1,5). Empty or non-numeric text is NaN.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  return NUMERIC.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}

/** Spec §5: not empty, numeric, and within ±2147483647 unless the bounds are waived. */
export function isValidNumber(value: unknown, options: { waiveBounds?: boolean } = {}): boolean {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return false;
  return options.waiveBounds === true || Math.abs(n) <= NUMBER_BOUND;
}

/** Spec §5 digits check: only the digits 0-9 (and at least one). */
export const isDigits = (value: string): boolean => /^\d+$/.test(value);

/** Spec §5: reference fields allow at most 10 digits (free text otherwise, docs/decisions/0015). */
export const MAX_REFERENCE_DIGITS = 10;
export const referenceDigitsOk = (value: string): boolean =>
  (value.match(/\d/g)?.length ?? 0) <= MAX_REFERENCE_DIGITS;

/** Spec §5: quantities are positive integers. */
export const isPositiveInteger = (value: unknown): boolean => {
  const n = toNumber(value);
  return Number.isInteger(n) && n > 0 && n <= NUMBER_BOUND;
};

// ---------------------------------------------------------------- e-mail and phone (§5)

/** Spec §5 {email}: a local part, an @, and a domain with a dot; no spaces. */
export const isValidEmail = (value: string): boolean =>
  /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim());

/** The message key of a phone number that breaks the rule (access/phone.ts), or null. */
export function phoneIssueKey(value: string): ValidationKey | null {
  const problem = phoneProblem(value);
  if (problem === null) return null;
  return problem === 'format' ? 'validation.phone' : `validation.phone${problem}`;
}

/** A phone field that holds nothing but a country prefix counts as empty (§5 empty pickup block). */
export const isBarePhonePrefix = (value: string): boolean =>
  Object.values(defaultPhonePrefix).includes(value.trim());

// ---------------------------------------------------------------- zip codes (§5)

/**
 * Spec §5 accepted zip codes: 4 digits; 5 digits (spaces ignored); 3 digits; or 5 to 7 word
 * characters (spaces ignored, e.g. `SW1A 1AA`).
 */
export function isValidZipCode(value: string): boolean {
  const compact = value.replace(/\s/g, '');
  return /^\d{3,5}$/.test(compact) || /^\w{5,7}$/.test(compact);
}

/** Spec §5 simpler check: 4 digits, 3+2 digits with a space, or 5 digits. */
export const isSimpleZipCode = (value: string): boolean =>
  /^(\d{4}|\d{3} \d{2}|\d{5})$/.test(value);

/** The markets' own formats (docs/decisions/0015); other countries use the general rule. */
const marketZip: Record<string, RegExp> = {
  NO: /^\d{4}$/,
  DK: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  FI: /^\d{5}$/,
};

/** Whether a zip code is valid for a country. */
export function isValidZipCodeFor(countryCode: string, value: string): boolean {
  const trimmed = value.trim();
  const own = marketZip[countryCode.toUpperCase()];
  return own ? own.test(trimmed) : isValidZipCode(trimmed);
}

/** The message of an invalid zip code: a market's own format by name, else the general rule. */
export function zipCodeIssueKey(countryCode: string): ValidationKey {
  const market = countryCode.toUpperCase();
  return market === 'NO' || market === 'SE' || market === 'DK' || market === 'FI'
    ? `validation.zipCode${market}`
    : 'validation.zipCode';
}

/** The stored form: trimmed; Swedish codes as `123 45` (how Sweden writes them). */
export function normaliseZipCode(countryCode: string, value: string): string {
  const trimmed = value.trim().toUpperCase();
  if (countryCode.toUpperCase() === 'SE' && /^\d{5}$/.test(trimmed))
    return `${trimmed.slice(0, 3)} ${trimmed.slice(3)}`;
  return trimmed;
}

// ---------------------------------------------------------------- dates, times, durations (§5)

export const isIsoDate = (value: string): boolean => isCalendarDate(value);
export const isTime = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
/** Spec §5 minutes:seconds: `05:30`; seconds 00-59. */
export const isMinutesSeconds = (value: string): boolean => /^\d{1,3}:[0-5]\d$/.test(value);
/** mm:ss to seconds; blank is null (spec §5 durations); invalid is undefined. */
export function durationSeconds(value: string): number | null | undefined {
  if (value.trim() === '') return null;
  if (!isMinutesSeconds(value.trim())) return undefined;
  const [m, s] = value.trim().split(':').map(Number);
  return m! * 60 + s!;
}

/** yyyy-MM-dd plus days (calendar arithmetic, no time zone). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * Spec §5: a delivery window is a start and an end; the end date is bumped by one day when the
 * earliest time is later than the latest (22:00–02:00 ends the next morning).
 */
export function deliveryWindow(
  date: string,
  earliest: string | undefined,
  latest: string | undefined,
): { start: string | null; end: string | null; endDate: string } {
  const bumped = earliest !== undefined && latest !== undefined && earliest > latest;
  const endDate = bumped ? addDays(date, 1) : date;
  return {
    start: earliest ? `${date}T${earliest}` : null,
    end: latest ? `${endDate}T${latest}` : null,
    endDate,
  };
}

/** Spec §5 date range: when the from date is later, the to date follows it. */
export const adjustDateRange = (from: string, to: string): { from: string; to: string } =>
  from > to ? { from, to: from } : { from, to };

/** One formatter per time zone: creating an Intl.DateTimeFormat costs far more than using one. */
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormatters.set(timeZone, format);
  }
  return format;
}

/**
 * Offsets already worked out, per zone and quarter hour of UTC: a zone's offset changes only at
 * instants on a quarter hour (every change of today's zones, the Nordic ones at 01:00 UTC), and
 * `formatToParts` costs about 5 µs a call, several times per booked order.
 */
const offsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

/** Offset of a time zone from UTC at an instant, in minutes. */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const key = `${timeZone}|${Math.floor(at.getTime() / QUARTER_HOUR)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const offset = computeOffsetMinutes(timeZone, at);
  if (offsets.size >= 100_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

function computeOffsetMinutes(timeZone: string, at: Date): number {
  const parts = zoneFormatter(timeZone).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The instant of a local date and time in a time zone. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const naive = Date.UTC(y!, m! - 1, d, hh, mm);
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  const first = naive - zoneOffsetMinutes(timeZone, new Date(naive)) * 60_000;
  return new Date(naive - zoneOffsetMinutes(timeZone, new Date(first)) * 60_000);
}

// ---------------------------------------------------------------- coordinates text (§5)

const COORDINATE = /^[+-]?\d{1,3}(\.\d{1,18})?$/;

/**
 * Spec §5 coordinate text: "latitude,longitude", exactly two comma-separated parts, latitude -90 to
 * 90 and longitude -180 to 180, each with up to 18 decimals. Anything else gives null (no error).
 */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 2 || !COORDINATE.test(parts[0]!) || !COORDINATE.test(parts[1]!)) return null;
  const lat = Number(parts[0]);
  const lng = Number(parts[1]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

// ---------------------------------------------------------------- dimensions and flags (§5)

/** Spec §5: length, width and height are all zero or all non-zero. */
export const dimensionsConsistent = (length: number, width: number, height: number): boolean =>
  (length === 0 && width === 0 && height === 0) || (length !== 0 && width !== 0 && height !== 0);

/** Spec §5: l × w × h / 1000 dm³ (centimetres in), or the stated volume when all three are zero. */
export function packageVolume(line: {
  length: number;
  width: number;
  height: number;
  volume?: number | null;
}): number {
  if (line.length === 0 && line.width === 0 && line.height === 0) return line.volume ?? 0;
  return (line.length * line.width * line.height) / 1000;
}

/** Spec §5/§9: heavy goods when any package weighs above 35 kg. */
export const HEAVY_WEIGHT_KG = 35;
export const isHeavyGoods = (packageWeightsKg: readonly number[]): boolean =>
  packageWeightsKg.some((w) => w > HEAVY_WEIGHT_KG);

/** Spec §5: these presets are pallets. */
export const palletPresets = ['fullpallet', 'halfpallet', 'quarterpallet', 'trolley'] as const;
export const isPalletPreset = (preset: string | null | undefined): boolean =>
  preset != null && (palletPresets as readonly string[]).includes(preset);

// ---------------------------------------------------------------- empty pickup block (§5)

/**
 * Spec §5 empty pickup block: every field is empty, or equals a default country phone prefix
 * (NO +47, SE +46, DK +45, FI +358). The country itself does not count: it always has a value.
 */
/**
 * A pickup the goods are handed in for at the department: booked with an empty pickup block, so
 * the command service filled in the department's name and location (spec §5, 0015). It has no
 * street or postal code of its own and needs none, on booking and on every later edit.
 */
export function isDepartmentPickup(block: Record<string, unknown> | null | undefined): boolean {
  if (!block || block.resolvedBy !== 'DEPARTMENT_LOCATION') return false;
  const blank = (v: unknown) =>
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  return blank(block.address) && blank(block.zipCode);
}

export function isEmptyAddressBlock(block: Record<string, unknown> | null | undefined): boolean {
  if (!block) return true;
  return Object.entries(block).every(([key, value]) => {
    if (key === 'countryCode') return true;
    if (value === undefined || value === null || value === false) return true;
    if (typeof value === 'string') return value.trim() === '' || isBarePhonePrefix(value);
    return false;
  });
}
