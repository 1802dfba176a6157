import { z } from 'zod';
import { addressCountries } from '../consignments/catalogues.js';
import { entityId, latitude, longitude, refuseNullIsland } from '../common.js';

/**
 * A planner's pins (issue 36): where a planner moved an address's pin on the booking map, kept per
 * department by the address's normalised text, so the next booking of the same address in the
 * department is placed there (the server's lookup and the form's suggestion path consult the pins
 * before the geocoder). A pin places the address itself (precision `address`).
 */
export const PINNED_ADDRESSES_TABLE = 'rm_pinned_addresses';

/** The parts of an address a pin is kept by. */
export interface PinnedAddressText {
  address: string;
  zipCode?: string;
  zipArea?: string;
  countryCode: string;
}

const words = (s: string | undefined) =>
  (s ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.,;:()"'`´/\\-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The normalised text of an address a pin is kept by: country, postal code (the town when there
 * is none) and street address, lower-cased, punctuation and repeated spaces gone, so "Storgata 1,"
 * and "storgata  1" are one address. Swedish postal codes lose their inner space.
 */
export const pinKey = (a: PinnedAddressText): string =>
  [
    a.countryCode.trim().toUpperCase(),
    words(a.zipCode).replace(/ /g, '') || words(a.zipArea),
    words(a.address),
  ].join('|');

/** PIN_ADDRESS: a planner's point for an address of a department (the last pin wins). */
export const pinAddressSchema = refuseNullIsland(
  z.object({
    departmentId: entityId,
    address: z.string().trim().min(1).max(200),
    zipCode: z.string().trim().max(20).default(''),
    zipArea: z.string().trim().max(100).default(''),
    countryCode: z.enum(addressCountries),
    lat: latitude,
    lng: longitude,
  }),
);
export type PinAddress = z.output<typeof pinAddressSchema>;

export interface PinnedAddress extends PinAddress {
  /** `pinKey` of the address. */
  key: string;
}

export type PinnedAddressEvent = { type: 'AddressPinned'; data: PinnedAddress };

export const pinCommandSchemas = { PIN_ADDRESS: pinAddressSchema } as const;

/** Query `pinnedAddress`: the department's pin of an address, or null. */
export const pinnedAddressQuerySchema = z.object({
  departmentId: entityId,
  address: z.string().trim().min(1).max(200),
  zipCode: z.string().trim().max(20).default(''),
  zipArea: z.string().trim().max(100).default(''),
  countryCode: z.enum(addressCountries),
});
