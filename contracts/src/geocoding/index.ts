import { z } from 'zod';
import { addressCountries } from '../consignments/catalogues.js';
import { latitude, longitude } from '../common.js';

/**
 * How precisely a point places an address, best first (ARCHITECTURE, geography): at the street
 * address (door or building), somewhere on the street, somewhere in the postal-code area, or at a
 * place (town or locality). A planner's pin counts as `address`.
 */
export const geoPrecisions = ['address', 'street', 'postalCode', 'place'] as const;
export type GeoPrecision = (typeof geoPrecisions)[number];

/**
 * A point no better than its postal-code area is approximate: shown so on the booking form, the
 * board, the map and the route lists, and a planner can move it. A point of unknown precision
 * (stored before precision was recorded) is approximate too.
 */
export const isApproximate = (precision: GeoPrecision | null | undefined): boolean =>
  precision !== 'address' && precision !== 'street';

/**
 * The geocoders an address result can come from: the shipped postal-code gazetteer, the official
 * address registers of Norway (Kartverket) and Denmark (DAWA), and OpenStreetMap's Nominatim and
 * Photon (docs/decisions/0034-geodata.md).
 */
export const geocoderSources = ['gazetteer', 'kartverket', 'dawa', 'nominatim', 'photon'] as const;
export type GeocoderSource = (typeof geocoderSources)[number];

/**
 * Spec §3 "Address result from the maps service": the street name (route name plus street number),
 * zip code, zip area (postal town, else locality), country, and the coordinates only when both
 * exist. The geocoder port (platform) answers these; the form fills an address block from one.
 */
export interface AddressResult {
  streetname: string;
  zipCode: string;
  zipArea: string;
  countryCode: string;
  latLng?: { lat: number; lng: number };
  /** What the suggestion list shows. */
  label: string;
  /** Where it came from: the local gazetteer or a geocoding service. */
  source: GeocoderSource;
  /** How precise `latLng` is. */
  precision: GeoPrecision;
}

/** Spec §7 autocomplete: typed text, a country restriction, an address type, a 10 000 m radius. */
export const AUTOCOMPLETE_RADIUS_M = 10_000;

/** Query `addressAutocomplete` (the form's address input; the spec does not name it). */
export const addressAutocompleteQuerySchema = z.object({
  text: z.string().trim().min(2).max(200),
  countryCode: z.enum(addressCountries).optional(),
  /** `postalCode`: towns and postal codes; `address`: street addresses (where the service has them). */
  addressType: z.enum(['address', 'postalCode']).default('address'),
  /** Results near this point come first (within `radius` metres). */
  near: z.object({ lat: latitude, lng: longitude }).optional(),
  radius: z.number().int().min(100).max(100_000).default(AUTOCOMPLETE_RADIUS_M),
  /** Answer language (default: the country's language). */
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  limit: z.number().int().min(1).max(20).default(10),
});
export type AddressAutocompleteQuery = z.output<typeof addressAutocompleteQuerySchema>;

/** Spec §7 `GET /openapi/validate/postalCode?countryCode&postalCode` → `{isValid}`. */
export const postalCodeCheckSchema = z.object({
  countryCode: z.string().trim().length(2).toUpperCase(),
  postalCode: z.string().trim().min(1).max(20),
});

/** The language of a country's addresses (spec §7: "language from the country code"). */
export const countryLanguage = (countryCode: string | undefined): string =>
  ({ NO: 'nb', SE: 'sv', DK: 'da', FI: 'fi', FR: 'fr', DE: 'de' })[countryCode ?? ''] ?? 'en';
