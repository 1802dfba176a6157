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

export interface PhotonOptions {
  /** e.g. https://photon.komoot.io or an own installation. */
  baseUrl: string;
  userAgent: string;
  fetch?: FetchJson;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

/** Photon answers in these languages; others fall back to English. */
const photonLanguages = new Set(['en', 'de', 'fr', 'it']);

/**
 * How precise a Photon feature is from its type (house, street, locality, district, city, …) and
 * OSM tag: a house number places the address, a street the street, a postcode its area.
 */
export function photonPrecision(p: Record<string, unknown>): GeoPrecision {
  const type = str(p.type);
  if (str(p.housenumber) !== undefined || type === 'house') return 'address';
  if (type === 'street') return 'street';
  if (str(p.osm_value) === 'postcode' || type === 'postcode') return 'postalCode';
  return 'place';
}

/** One GeoJSON feature of Photon's `/api` answer as an address result. */
export function fromPhotonFeature(feature: unknown): AddressResult | null {
  if (!isRecord(feature) || !isRecord(feature.properties)) return null;
  const p = feature.properties;
  const countryCode = str(p.countrycode)?.toUpperCase();
  if (!countryCode) return null;
  const coordinates =
    isRecord(feature.geometry) && Array.isArray(feature.geometry.coordinates)
      ? (feature.geometry.coordinates as unknown[])
      : [];
  // GeoJSON order is [longitude, latitude].
  const latLng = latLngOf(
    coordinates[1] as number | undefined,
    coordinates[0] as number | undefined,
  );
  const street =
    streetName(str(p.street), str(p.housenumber)) ||
    (str(p.type) === 'street' ? (str(p.name) ?? '') : '');
  const zipCode = str(p.postcode) ?? '';
  const zipArea = str(p.city) ?? str(p.locality) ?? str(p.district) ?? str(p.name) ?? '';
  return {
    streetname: street,
    zipCode,
    zipArea,
    countryCode,
    ...(latLng ? { latLng } : {}),
    label: [street || str(p.name), `${zipCode} ${zipArea}`.trim()].filter(Boolean).join(', '),
    source: 'photon',
    precision: photonPrecision(p),
  };
}

/** Parses a whole answer (a FeatureCollection); anything else is no result. */
export function parsePhoton(body: unknown): AddressResult[] {
  if (!isRecord(body) || !Array.isArray(body.features)) return [];
  return body.features.map(fromPhotonFeature).filter((r): r is AddressResult => r !== null);
}

/** Photon (komoot, OpenStreetMap data) over HTTP: search-as-you-type. */
export class PhotonGeocoder implements Geocoder {
  readonly name = 'photon' as const;
  private readonly fetchJson: FetchJson;

  constructor(private readonly options: PhotonOptions) {
    this.fetchJson = options.fetch ?? fetch;
  }

  private async query(
    q: string,
    countryCode: string | undefined,
    extra: Record<string, string | undefined>,
  ): Promise<AddressResult[]> {
    const url = new URL('/api', this.options.baseUrl);
    for (const [k, v] of Object.entries({ q, ...extra }))
      if (v !== undefined) url.searchParams.set(k, v);
    const body = await getJson(
      this.fetchJson,
      url.toString(),
      { 'user-agent': this.options.userAgent, accept: 'application/json' },
      this.options.timeoutMs ?? 5000,
      this.options.onError ?? (() => undefined),
    );
    const results = parsePhoton(body);
    // Photon has no country filter on every version: keep the asked country only.
    return countryCode
      ? results.filter((r) => r.countryCode === countryCode.toUpperCase())
      : results;
  }

  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    const language = request.language ?? countryLanguage(request.countryCode);
    return this.query(request.text, request.countryCode, {
      limit: String(request.limit ?? 10),
      lang: photonLanguages.has(language) ? language : 'en',
      lat: request.near ? String(request.near.lat) : undefined,
      lon: request.near ? String(request.near.lng) : undefined,
    });
  }

  async geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    const q = [request.address, `${request.zipCode} ${request.zipArea}`.trim()]
      .filter(Boolean)
      .join(', ');
    if (q === '') return null;
    const [first] = await this.query(q, request.countryCode, { limit: '1' });
    return first?.latLng ? first : null;
  }
}
