import type { AddressResult, GeoPrecision } from '@nordlog/contracts';
import { countryLanguage } from '@nordlog/contracts';
import { getJson, isRecord, str, type FetchJson } from './http.js';
import {
  latLngOf,
  streetName,
  type AutocompleteRequest,
  type GeocodeRequest,
  type Geocoder,
} from './types.js';

export interface NominatimOptions {
  /** e.g. https://nominatim.openstreetmap.org or an own installation. */
  baseUrl: string;
  /** Nominatim's usage policy asks every client to name itself. */
  userAgent: string;
  fetch?: FetchJson;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * How precise a Nominatim place is: a house number places the address; a road, the street; a
 * postcode, its area; anything else (a suburb, town, county) no better than a place.
 */
export function nominatimPrecision(
  place: Record<string, unknown>,
  hasHouseNumber: boolean,
): GeoPrecision {
  const kind = [str(place.addresstype), str(place.type), str(place.category)];
  if (hasHouseNumber || kind.includes('house') || kind.includes('building')) return 'address';
  if (kind.includes('road') || kind.includes('highway')) return 'street';
  if (kind.includes('postcode')) return 'postalCode';
  return 'place';
}

/** One place of Nominatim's `format=jsonv2&addressdetails=1` answer as an address result. */
export function fromNominatimPlace(place: unknown): AddressResult | null {
  if (!isRecord(place)) return null;
  const address = isRecord(place.address) ? place.address : {};
  const countryCode = str(address.country_code)?.toUpperCase();
  if (!countryCode) return null;
  const streetname = streetName(
    str(address.road) ?? str(address.pedestrian),
    str(address.house_number),
  );
  // Spec §3: the postal town, else the locality (Nominatim has no postal town: city, town, village…).
  const zipArea =
    str(address.city) ??
    str(address.town) ??
    str(address.village) ??
    str(address.suburb) ??
    str(address.municipality) ??
    '';
  const zipCode = str(address.postcode) ?? '';
  const latLng = latLngOf(str(place.lat), str(place.lon));
  return {
    streetname,
    zipCode,
    zipArea,
    countryCode,
    ...(latLng ? { latLng } : {}),
    label: str(place.display_name) ?? [streetname, `${zipCode} ${zipArea}`.trim()].join(', '),
    source: 'nominatim',
    precision: nominatimPrecision(place, str(address.house_number) !== undefined),
  };
}

/** Parses a whole `/search` answer (an array of places); anything else is no result. */
export const parseNominatim = (body: unknown): AddressResult[] =>
  Array.isArray(body)
    ? body.map(fromNominatimPlace).filter((r): r is AddressResult => r !== null)
    : [];

/** Nominatim (OpenStreetMap) over HTTP: `/search` free-form for autocomplete, structured to geocode. */
export class NominatimGeocoder implements Geocoder {
  readonly name = 'nominatim' as const;
  private readonly fetchJson: FetchJson;

  constructor(private readonly options: NominatimOptions) {
    this.fetchJson = options.fetch ?? fetch;
  }

  private async search(params: Record<string, string | undefined>): Promise<AddressResult[]> {
    const url = new URL('/search', this.options.baseUrl);
    for (const [k, v] of Object.entries({ format: 'jsonv2', addressdetails: '1', ...params }))
      if (v !== undefined) url.searchParams.set(k, v);
    const body = await getJson(
      this.fetchJson,
      url.toString(),
      { 'user-agent': this.options.userAgent, accept: 'application/json' },
      this.options.timeoutMs ?? 5000,
      this.options.onError ?? (() => undefined),
    );
    return parseNominatim(body);
  }

  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    const near = request.near;
    // A box of about `radius` metres around the point prefers near results (not bounded).
    const d = (request.radius ?? 10_000) / 111_000;
    return this.search({
      q: request.text,
      limit: String(request.limit ?? 10),
      countrycodes: request.countryCode?.toLowerCase(),
      'accept-language': request.language ?? countryLanguage(request.countryCode),
      viewbox: near
        ? [near.lng - d, near.lat + d, near.lng + d, near.lat - d].join(',')
        : undefined,
    });
  }

  async geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    const [first] = await this.search({
      street: request.address || undefined,
      postalcode: request.zipCode || undefined,
      city: request.zipArea || undefined,
      countrycodes: request.countryCode.toLowerCase(),
      limit: '1',
    });
    return first?.latLng ? first : null;
  }
}
