import { z } from 'zod';
import { entityId } from '../common.js';
import { COMPANY_PREFIX_PATTERN, formatGsin, formatSscc, maxSerial, serialDigits } from './gs1.js';

export * from './gs1.js';

export const NUMBER_SERIES_TABLE = 'rm_number_series';
export const NUMBER_SERIES_ENTITY = 'numberSeries';

/** Spec §3: GSIN (shipment ids) and SSCC (package ids). */
export const numberSeriesTypes = ['GSIN', 'SSCC'] as const;
export type NumberSeriesType = (typeof numberSeriesTypes)[number];

const serial = z.number().int().min(0).max(999_999_999);

/**
 * CREATE_NUMBER_SERIES: a range of serials under one GS1 company prefix, optionally for one
 * department or customer. An SSCC series has an extension digit (0 when left out); a GSIN has none.
 */
export const createNumberSeriesSchema = z
  .object({
    name: z.string().trim().max(200).default(''),
    type: z.enum(numberSeriesTypes),
    companyPrefix: z
      .string()
      .regex(COMPANY_PREFIX_PATTERN, 'a GS1 company prefix has 7 to 10 digits'),
    extensionDigit: z
      .string()
      .regex(/^\d$/, 'an extension digit is one digit')
      .nullable()
      .default(null),
    firstSerial: serial,
    lastSerial: serial,
    departmentId: entityId.nullable().default(null),
    customerId: entityId.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if (s.type === 'GSIN' && s.extensionDigit !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['extensionDigit'],
        message: 'only an SSCC has an extension digit',
      });
    if (COMPANY_PREFIX_PATTERN.test(s.companyPrefix) && s.lastSerial > maxSerial(s.companyPrefix))
      ctx.addIssue({
        code: 'custom',
        path: ['lastSerial'],
        message: `a ${s.companyPrefix.length}-digit company prefix leaves ${serialDigits(s.companyPrefix)} digits for the serial (at most ${maxSerial(s.companyPrefix)})`,
      });
    if (s.firstSerial > s.lastSerial)
      ctx.addIssue({
        code: 'custom',
        path: ['firstSerial'],
        message: 'the first serial must not be after the last',
      });
  })
  .transform((s) => ({
    ...s,
    extensionDigit: s.type === 'SSCC' ? (s.extensionDigit ?? '0') : null,
  }));
export const deleteNumberSeriesSchema = z.object({ id: entityId });

/** What fixes the numbers a series names: never changed once it exists (0099). */
export const fixedNumberSeriesFields = [
  'type',
  'companyPrefix',
  'extensionDigit',
  'firstSerial',
] as const;

/**
 * UPDATE_NUMBER_SERIES (docs/decisions/0099): its name and the end of its range. The start, type,
 * prefix and extension digit are fixed (a change would name numbers already handed out again):
 * sent, they are refused on their field; an end below a number handed out is refused by the
 * command (it reads the series' allocations).
 */
export const updateNumberSeriesSchema = z
  .looseObject({
    id: entityId,
    name: z.string().trim().max(200).optional(),
    lastSerial: serial.optional(),
  })
  .superRefine((s, ctx) => {
    for (const field of fixedNumberSeriesFields)
      if ((s as Record<string, unknown>)[field] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'fixed once the series exists: numbers already handed out would be named again',
        });
  });
export type UpdateNumberSeries = z.output<typeof updateNumberSeriesSchema>;

/**
 * The edit form's check of a series as read (its row): the rules UPDATE_NUMBER_SERIES applies,
 * on the serial the next number starts at (0099). Messages are the UI's validation keys.
 */
export const numberSeriesEditFormSchema = z
  .looseObject({
    name: z.string().trim().max(200),
    lastSerial: serial,
    firstSerial: serial,
    nextSerial: z.number().int(),
    companyPrefix: z.string(),
  })
  .superRefine((s, ctx) => {
    if (s.lastSerial < Math.max(s.firstSerial, s.nextSerial - 1))
      ctx.addIssue({
        code: 'custom',
        path: ['lastSerial'],
        message: 'validation.seriesEndBeforeNext',
      });
    if (COMPANY_PREFIX_PATTERN.test(s.companyPrefix) && s.lastSerial > maxSerial(s.companyPrefix))
      ctx.addIssue({
        code: 'custom',
        path: ['lastSerial'],
        message: 'validation.serialBeyondPrefix',
      });
  });

export type NumberSeriesFields = z.output<typeof createNumberSeriesSchema>;
export interface NumberSeries extends NumberSeriesFields {
  id: string;
}

export interface NumberSeriesRow extends NumberSeries {
  /** The serial the next allocation starts at (lastSerial + 1 when the series is used up). */
  nextSerial: number;
  /** The next number the series hands out, formatted with its check digit; null when used up. */
  nextValue: string | null;
  remaining: number;
  /** Numbers were drawn from it: its range stays reserved after deletion. */
  used: boolean;
  /** Deleted: kept as a tombstone in the read model, never answered. */
  deleted: boolean;
  revision: number;
  updatedAtEpoch: number;
  /** Stream revisions applied (catalogue and allocation stream), so redelivery changes nothing. */
  catalogueRevision: number;
  allocationRevision: number;
}

/** Events of the catalogue stream (create, first use, delete: the overlap rule lives there). */
export type NumberSeriesCatalogueEvent =
  | { type: 'NumberSeriesCreated'; data: NumberSeries }
  | { type: 'NumberSeriesUsed'; data: { id: string } }
  | {
      type: 'NumberSeriesUpdated';
      data: { id: string; changes: Partial<Pick<NumberSeriesFields, 'name' | 'lastSerial'>> };
    }
  | { type: 'NumberSeriesDeleted'; data: { id: string } };

/**
 * Events of one series' allocation stream: each carries the serial the next one starts at. A moved
 * range end is recorded there too, in the same append as the catalogue's update, so an allocation
 * decided on the old end loses its race and decides again on the new one (0099).
 */
export type NumberAllocationEvent =
  | {
      type: 'NumbersAllocated';
      data: { id: string; firstSerial: number; count: number; nextSerial: number };
    }
  | { type: 'NumberSeriesEndMoved'; data: { id: string; nextSerial: number; lastSerial: number } };

/** Every series is defined in one catalogue stream; allocations go to a stream per series. */
export const NUMBER_SERIES_CATALOGUE_STREAM = 'number-series-catalogue';
export const numberSeriesStream = (id: string) => `number-series-${id}`;

export const numberSeriesCommandSchemas = {
  CREATE_NUMBER_SERIES: createNumberSeriesSchema,
  UPDATE_NUMBER_SERIES: updateNumberSeriesSchema,
  DELETE_NUMBER_SERIES: deleteNumberSeriesSchema,
} as const;

export const numberSeriesQuerySchema = z.object({
  type: z.enum(numberSeriesTypes).optional(),
  departmentId: entityId.optional(),
  customerId: entityId.optional(),
  ids: z.array(entityId).optional(),
});

/** The number of a series for one serial (GSIN or SSCC, with its check digit). */
export const seriesNumber = (
  series: Pick<NumberSeriesFields, 'type' | 'companyPrefix' | 'extensionDigit'>,
  serialValue: number,
): string =>
  series.type === 'GSIN'
    ? formatGsin(series.companyPrefix, serialValue)
    : formatSscc(series.extensionDigit ?? '0', series.companyPrefix, serialValue);

/**
 * The numbers a series can produce, without check digit, as a numeric range: two series of the
 * same type overlap when these ranges do, whatever their prefix lengths (a 7-digit prefix with a
 * 9-digit serial and an 8-digit prefix with an 8-digit serial can name the same number).
 */
export function seriesBodyRange(
  series: Pick<
    NumberSeriesFields,
    'type' | 'companyPrefix' | 'extensionDigit' | 'firstSerial' | 'lastSerial'
  >,
): [bigint, bigint] {
  const head =
    series.type === 'SSCC'
      ? BigInt((series.extensionDigit ?? '0') + series.companyPrefix)
      : BigInt(series.companyPrefix);
  const base = head * 10n ** BigInt(serialDigits(series.companyPrefix));
  return [base + BigInt(series.firstSerial), base + BigInt(series.lastSerial)];
}

export function seriesOverlap(
  a: Parameters<typeof seriesBodyRange>[0],
  b: Parameters<typeof seriesBodyRange>[0],
): boolean {
  if (a.type !== b.type) return false;
  const [aFrom, aTo] = seriesBodyRange(a);
  const [bFrom, bTo] = seriesBodyRange(b);
  return aFrom <= bTo && bFrom <= aTo;
}
