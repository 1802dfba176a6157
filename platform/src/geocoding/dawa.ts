import type { AddressResult } from '@nordlog/contracts';
import { getJson, isRecord, str, type FetchJson } from './http.js';
import type { RegisterOptions } from './kartverket.js';
import { latLngOf, type AutocompleteRequest, type GeocodeRequest, type Geocoder } from './types.js';

/**
 * One suggestion of DAWA's `/adgangsadresser/autocomplete` answer ({tekst, adgangsadresse}):
 * an access address (street and house number, no floor or door) with its point, x the longitude
 * and y the latitude (WGS84, DAWA's default).
 */
export function fromDawaSuggestion(suggestion: unknown): AddressResult | null {
  if (!isRecord(suggestion) || !isRecord(suggestion.adgangsadresse)) return null;
  const a = suggestion.adgangsadresse;
  const latLng = latLngOf(a.y as number | undefined, a.x as number | undefined);
  const streetname = [str(a.vejnavn), str(a.husnr)].filter(Boolean).join(' ');
  if (!latLng || streetname === '') return null;
  const zipCode = str(a.postnr) ?? '';
  const zipArea = str(a.postnrnavn) ?? '';
  return {
    streetname,
    zipCode,
    zipArea,
    countryCode: 'DK',
    latLng,
    label: str(suggestion.tekst) ?? `${streetname}, ${zipCode} ${zipArea}`.trim(),
    source: 'dawa',
    precision: 'address',
  };
}

/** Parses a whole autocomplete answer (an array); anything else is no result. */
export const parseDawa = (body: unknown): AddressResult[] =>
  Array.isArray(body)
    ? body.map(fromDawaSuggestion).filter((r): r is AddressResult => r !== null)
    : [];

/**
 * Denmark's address web service (DAWA, served by Dataforsyningen, open, no key): every access
 * address of the Danish address register with its point.
 */
export class DawaGeocoder implements Geocoder {
  readonly name = 'dawa' as const;
  readonly countries = ['DK'] as const;
  private readonly fetchJson: FetchJson;

  constructor(private readonly options: RegisterOptions) {
    this.fetchJson = options.fetch ?? fetch;
  }

  private async suggest(params: Record<string, string | undefined>): Promise<AddressResult[]> {
    const url = new URL(`${this.options.baseUrl.replace(/\/$/, '')}/adgangsadresser/autocomplete`);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    const body = await getJson(
      this.fetchJson,
      url.toString(),
      { 'user-agent': this.options.userAgent, accept: 'application/json' },
      this.options.timeoutMs ?? 5000,
      this.options.onError ?? (() => undefined),
    );
    return parseDawa(body);
  }

  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    if (request.countryCode && request.countryCode.toUpperCase() !== 'DK')
      return Promise.resolve([]);
    if (request.addressType === 'postalCode') return Promise.resolve([]);
    return this.suggest({ q: request.text, per_side: String(request.limit ?? 10) });
  }

  async geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    if (request.countryCode.toUpperCase() !== 'DK' || request.address.trim() === '') return null;
    const [first] = await this.suggest({
      q: [request.address, `${request.zipCode} ${request.zipArea}`.trim()]
        .filter(Boolean)
        .join(', '),
      postnr: request.zipCode || undefined,
      per_side: '1',
    });
    return first ?? null;
  }
}
