import type { AddressResult } from '@nordlog/contracts';

/** What the order form typed, for `autocomplete`. */
export interface AutocompleteRequest {
  text: string;
  countryCode?: string;
  addressType?: 'address' | 'postalCode';
  near?: { lat: number; lng: number };
  /** Metres around `near` that count as near (spec §7: 10 000). */
  radius?: number;
  language?: string;
  limit?: number;
}

/** An address to place on the map (an address block of an order). */
export interface GeocodeRequest {
  address: string;
  zipCode: string;
  zipArea: string;
  countryCode: string;
}

/**
 * The geocoder port (docs/decisions/0015-booking.md, 0034-geodata.md). The embedded default is
 * the local gazetteer of postal codes; Kartverket (Norway), DAWA (Denmark), Nominatim and Photon
 * are the production adapters over HTTP. Every result says how precise its point is. A failed
 * lookup is `null` or `[]`, never an error (spec §8: a lookup failure shows no message).
 */
export interface Geocoder {
  readonly name: AddressResult['source'];
  /** The countries it knows addresses of (absent: any); a chain asks it only for those. */
  readonly countries?: readonly string[];
  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]>;
  geocode(request: GeocodeRequest): Promise<AddressResult | null>;
  /**
   * Whether a postal code exists in a country: null when this geocoder has no list for the
   * country (the format rule alone then decides).
   */
  knowsPostalCode?(countryCode: string, postalCode: string): Promise<boolean | null>;
}

/** Spec §3: latLng only when both coordinates exist. */
export function latLngOf(
  lat: number | string | null | undefined,
  lng: number | string | null | undefined,
): { lat: number; lng: number } | undefined {
  if (lat === null || lat === undefined || lng === null || lng === undefined) return undefined;
  if (lat === '' || lng === '') return undefined;
  const la = Number(lat);
  const ln = Number(lng);
  return Number.isFinite(la) && Number.isFinite(ln) ? { lat: la, lng: ln } : undefined;
}

/** Spec §3: the street name is the route name plus the street number. */
export const streetName = (route: string | undefined, number: string | undefined): string =>
  [route, number].filter((p) => p && p.trim().length > 0).join(' ');
