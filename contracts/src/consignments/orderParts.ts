import { z } from 'zod';
import { NUMBER_BOUND, refuseNullIsland } from '../common.js';
import { geoPrecisions } from '../geocoding/index.js';
import { normalisePhone } from '../access/phone.js';
import {
  addressCountries,
  dangerousGoodsRegulations,
  isExcludedVasCode,
  packagePresetIds,
  packingGroups,
} from './catalogues.js';
import {
  isBarePhonePrefix,
  isIsoDate,
  isPositiveInteger,
  isTime,
  isValidEmail,
  isValidNumber,
  phoneIssueKey,
  referenceDigitsOk,
  toNumber,
  type ValidationKey,
} from './validation.js';

/**
 * The parts of the order form (order.ts): its field types, an address block, a measurement line,
 * an additional service and a dangerous goods line, each one zod schema with `validation.*` keys.
 */

export const key = (k: ValidationKey) => ({ error: k });

/** Spec §4 address resolution sources. */
export const resolutionSources = [
  'GEOCODING_API',
  'DATABASE_LOOKUP',
  'PICKUP_POINT_API',
  'FRONTEND',
  'EDI',
  'CUSTOMER_SITE',
  'DEPARTMENT_LOCATION',
  'PARCEL_HUB',
  'PARCEL_IN_MAILBOX',
  'DRIVER',
  'MAP_SERVICE',
  'ORIGINAL_ORDER',
  'RESTORED_ORDER',
  'ADDRESS_SWAP',
  'GOODS_RETURN_ADDRESS',
] as const;

/**
 * Longest text of the order's free-text fields (notes, instructions, invoice texts). The web form
 * caps its inputs at the same numbers and counts towards them.
 */
export const orderTextLimits = {
  orderNote: 2000,
  customerInfo: 1000,
  instructions: 1000,
  invoiceInfo: 1000,
  manualInvoiceInfo: 1000,
} as const;

/** Free text, trimmed, empty allowed. */
export const text = (max: number) =>
  z
    .string(key('validation.invalid'))
    .trim()
    .max(max, key('validation.tooLong'))
    .optional()
    .default('');
/** Optional free text kept absent when not given (older orders and integrations leave them out). */
export const optionalText = (max: number) =>
  z.string(key('validation.invalid')).trim().max(max, key('validation.tooLong')).optional();

/**
 * A number field (spec §5 Number): numeric, within ±2147483647; text with a comma is accepted.
 * An absent value takes the default; an empty field is "not a valid number". A measure (min 0)
 * below zero says so: "must be 0 or more", not "not a valid number".
 */
export const formNumber = (options: { min?: number; max?: number } = {}) =>
  z.preprocess(
    (v) => (v === null ? Number.NaN : typeof v === 'string' ? toNumber(v) : v),
    z
      .number(key('validation.number'))
      .refine((n) => isValidNumber(n), key('validation.number'))
      .refine(
        (n) => n >= (options.min ?? -NUMBER_BOUND),
        key(options.min === 0 ? 'validation.notNegative' : 'validation.number'),
      )
      .refine((n) => n <= (options.max ?? NUMBER_BOUND), key('validation.number')),
  );
export const nonNegative = () => formNumber({ min: 0 });

/** Spec §5 quantities: positive integers. */
export const quantity = z.preprocess(
  (v) => (typeof v === 'string' ? toNumber(v) : v),
  z
    .number(key('validation.positiveInteger'))
    .refine((n) => isPositiveInteger(n), key('validation.positiveInteger')),
);

/** Spec §5 phone, with the length rule of its country code (access/phone.ts) and its message. */
export const phone = z
  .string(key('validation.phone'))
  .trim()
  .max(40, key('validation.tooLong'))
  .superRefine((v, ctx) => {
    const problem = v === '' || isBarePhonePrefix(v) ? null : phoneIssueKey(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => (v === '' || isBarePhonePrefix(v) ? '' : normalisePhone(v)))
  .optional()
  .default('');

export const email = z
  .string(key('validation.email'))
  .trim()
  .max(200, key('validation.tooLong'))
  .refine((v) => v === '' || isValidEmail(v), key('validation.email'))
  .optional()
  .default('');

export const reference = z
  .string(key('validation.invalid'))
  .trim()
  .max(100, key('validation.tooLong'))
  .refine(referenceDigitsOk, key('validation.referenceDigits'))
  .optional();

export const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? toNumber(v) : v),
    z
      .number(key('validation.coordinates'))
      .min(-limit, key('validation.coordinates'))
      .max(limit, key('validation.coordinates'))
      .nullable()
      .optional(),
  );

export const dateField = z.string(key('validation.date')).refine(isIsoDate, key('validation.date'));
export const timeField = z
  .string(key('validation.time'))
  .refine((v) => v === '' || isTime(v), key('validation.time'))
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A pickup or delivery block (spec §3). Required fields are checked per side in `refineOrder`. */
export const addressBlockSchema = refuseNullIsland(
  z.object({
    name: text(200),
    address: text(200),
    zipCode: text(20),
    zipArea: text(100),
    countryCode: z.enum(addressCountries, key('validation.choice')).default('NO'),
    lat: coordinate(90),
    lng: coordinate(180),
    phone,
    secondPhone: phone,
    email,
    contactPerson: text(200),
    instructions: text(orderTextLimits.instructions),
    /** Pickup point (parcel locker or shop) the parcel goes to or from. */
    pupUnitId: text(50),
    resolvedBy: z.enum(resolutionSources, key('validation.choice')).optional(),
    /** How precise `lat`/`lng` are (contracts/geocoding `geoPrecisions`); absent: not known. */
    precision: z.enum(geoPrecisions, key('validation.choice')).optional(),
  }),
);
export type AddressBlock = z.output<typeof addressBlockSchema>;

/** Spec §3 measurement line (one line may stand for `quantity` identical packages). */
export const measurementLineSchema = z.object({
  /** The SSCC of the line's first package (assigned by the server). */
  packageId: optionalText(18),
  /** Every package's SSCC, one per `quantity` (assigned by the server; kept on edit). */
  packageIds: z.array(z.string().regex(/^\d{18}$/, key('validation.invalid'))).optional(),
  /** Kilograms per package (or `weightUnit`). */
  weight: nonNegative().default(0),
  weightUnit: optionalText(10),
  /** Centimetres (or `dimensionUnit`). */
  height: nonNegative().default(0),
  length: nonNegative().default(0),
  width: nonNegative().default(0),
  dimensionUnit: optionalText(10),
  /** dm³ per package, used when length, width and height are all zero (spec §5). */
  volume: nonNegative().optional(),
  volumeUnit: optionalText(10),
  presetDimension: z.enum(packagePresetIds, key('validation.choice')).optional(),
  specificationDescription: optionalText(200),
  loadingMeters: nonNegative().optional(),
  palletFootPrints: nonNegative().optional(),
  quantity: quantity.default(1),
  packageTypeCode: optionalText(20),
});
export type MeasurementLine = z.output<typeof measurementLineSchema>;

/** Spec §3 additional service. Spec §9's excluded codes are never allowed. */
export const additionalServiceSchema = z.object({
  vasCode: z
    .string(key('validation.required'))
    .trim()
    .min(1, key('validation.required'))
    .max(20, key('validation.tooLong'))
    .refine((v) => !isExcludedVasCode(v), key('validation.excludedVas')),
  quantity: quantity.default(1),
  /** A service booked on its own, without transport. */
  pureVas: z.boolean(key('validation.invalid')).default(false),
});
export type AdditionalService = z.output<typeof additionalServiceSchema>;

/** Spec §3 dangerous goods line. */
export const dangerousGoodsSchema = z.object({
  regulationCode: z.enum(dangerousGoodsRegulations, key('validation.choice')).default('ADR'),
  /** UN number, e.g. 1203 (petrol). */
  hazardIdentifier: z
    .string(key('validation.required'))
    .trim()
    .regex(/^(UN ?)?\d{4}$/i, key('validation.invalid'))
    .transform((v) => v.replace(/^UN ?/i, '')),
  /** ADR class or division, e.g. 3, 2.1, 6.1. */
  hazardClass: z
    .string(key('validation.required'))
    .trim()
    .regex(/^[1-9](\.\d)?[A-Z]?$/, key('validation.invalid')),
  packingGroup: z.enum(packingGroups, key('validation.choice')).nullable().default(null),
  technicalName: z
    .string(key('validation.required'))
    .trim()
    .min(1, key('validation.required'))
    .max(200, key('validation.tooLong')),
  /** ADR 1.1.3.6 points (quantity × class factor). */
  hazardPoints: nonNegative().default(0),
  netWeightKg: formNumber({ min: 0 }),
  /** Tunnel restriction code or other restrictions, e.g. (D/E). */
  restrictions: optionalText(200),
});
export type DangerousGoods = z.output<typeof dangerousGoodsSchema>;

export const articlePrice = z.object({
  articleCode: z.string(key('validation.required')).trim().min(1, key('validation.required')),
  articleLabel: text(200),
  customerPrice: formNumber(),
  resourcePrice: formNumber().optional(),
  transportLegIndex: z.number().int().min(0).optional(),
});
