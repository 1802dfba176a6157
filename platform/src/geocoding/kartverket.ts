import type { AddressResult } from '@nordlog/contracts';
import { getJson, isRecord, str, type FetchJson } from './http.js';
import { latLngOf, type AutocompleteRequest, type GeocodeRequest, type Geocoder } from './types.js';

export interface RegisterOptions {
  /** The service's base URL (Kartverket: https://ws.geonorge.no/adresser/v1). */
  baseUrl: string;
  userAgent: string;
  fetch?: FetchJson;
  timeoutMs?: number;
  onError?: (err: unknown) => void;
}

/** "OSLO" → "Oslo", "KRISTIANSAND S" → "Kristiansand S": the register writes towns in capitals. */
export const townCase = (s: string): string =>
  s
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * One address of the Norwegian address register's `/sok` answer (Kartverket, "adresser" API):
 * `adressetekst` is the street and number as written, `representasjonspunkt` the address point
 * (EPSG:4258, which is WGS84 to the centimetre).
 */
export function fromKartverketAddress(address: unknown): AddressResult | null {
  if (!isRecord(address)) return null;
  const point = isRecord(address.representasjonspunkt) ? address.representasjonspunkt : {};
  const latLng = latLngOf(point.lat as number | undefined, point.lon as number | undefined);
  const streetname =
    str(address.adressetekst) ??
    [str(address.adressenavn), `${str(address.nummer) ?? ''}${str(address.bokstav) ?? ''}`]
      .filter(Boolean)
      .join(' ');
  const zipCode = str(address.postnummer) ?? '';
  const zipArea = townCase(str(address.poststed) ?? '');
  if (!latLng || streetname === '') return null;
  return {
    streetname,
    zipCode,
    zipArea,
    countryCode: 'NO',
    latLng,
    label: [streetname, `${zipCode} ${zipArea}`.trim()].filter(Boolean).join(', '),
    source: 'kartverket',
    // Every entry of the register is an address with its own point (a street address, or a
    // cadastral address placed on its property).
    precision: 'address',
  };
}

/** Parses a whole `/sok` answer ({metadata, adresser: [...]}); anything else is no result. */
export const parseKartverket = (body: unknown): AddressResult[] =>
  isRecord(body) && Array.isArray(body.adresser)
    ? body.adresser.map(fromKartverketAddress).filter((r): r is AddressResult => r !== null)
    : [];

/**
 * Norway's official address register (Kartverket's open address search, no key): every street
 * address with its point, so Norwegian addresses are placed at the door, not the postal code.
 */
export class KartverketGeocoder implements Geocoder {
  readonly name = 'kartverket' as const;
  readonly countries = ['NO'] as const;
  private readonly fetchJson: FetchJson;

  constructor(private readonly options: RegisterOptions) {
    this.fetchJson = options.fetch ?? fetch;
  }

  private async search(params: Record<string, string | undefined>): Promise<AddressResult[]> {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/sok`);
    for (const [k, v] of Object.entries({ utkoordsys: '4258', asciiKompatibel: 'true', ...params }))
      if (v !== undefined) url.searchParams.set(k, v);
    const body = await getJson(
      this.fetchJson,
      url.toString(),
      { 'user-agent': this.options.userAgent, accept: 'application/json' },
      this.options.timeoutMs ?? 5000,
      this.options.onError ?? (() => undefined),
    );
    return parseKartverket(body);
  }

  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    if (request.countryCode && request.countryCode.toUpperCase() !== 'NO')
      return Promise.resolve([]);
    // The register holds street addresses only: a postal-code search is the gazetteer's.
    if (request.addressType === 'postalCode') return Promise.resolve([]);
    return this.search({
      sok: request.text,
      fuzzy: 'true',
      treffPerSide: String(request.limit ?? 10),
    });
  }

  async geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    if (request.countryCode.toUpperCase() !== 'NO' || request.address.trim() === '') return null;
    const [first] = await this.search({
      sok: request.address,
      postnummer: request.zipCode || undefined,
      poststed: request.zipCode ? undefined : request.zipArea || undefined,
      treffPerSide: '1',
    });
    return first ?? null;
  }
}
