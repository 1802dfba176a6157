import { greatCircleMetres, type AddressResult, type GeoPrecision } from '@nordlog/contracts';
import { parseTypedAddress } from './addressText.js';
import { GAZETTEER_COUNTRIES, loadPostalCodes, type PostalPlace } from './postalTable.js';
import type { AutocompleteRequest, GeocodeRequest, Geocoder } from './types.js';

/** Lower case without diacritics, so `malmo` finds Malmö and `kobenhavn` København. */
export const fold = (s: string): string =>
  s
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim();

const compactZip = (zip: string) => zip.replace(/\s/g, '');
/** A street address is never given a code of post boxes only (or an organisation's own). */
const takesStreets = (p: PostalPlace) => p.streets !== 'no';

/** A code with its search keys computed once: digits without the space, the town folded. */
interface Entry {
  place: PostalPlace;
  zip: string;
  town: string;
}

interface Index {
  /** Per country, sorted by `zip`. */
  byCountry: Map<string, Entry[]>;
  byZip: Map<string, PostalPlace>;
}

/** The entries whose code begins with `prefix` (binary search in the sorted list). */
function withPrefix(entries: readonly Entry[], prefix: string): Entry[] {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.zip < prefix) lo = mid + 1;
    else hi = mid;
  }
  const found: Entry[] = [];
  for (let i = lo; i < entries.length && entries[i]!.zip.startsWith(prefix); i++)
    found.push(entries[i]!);
  return found;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The embedded default geocoder: a point per postal code of Norway, Sweden, Denmark and Finland
 * (platform/data/postal). It resolves postal codes and towns, not streets: a typed street and
 * house number are carried over, and the point is the postal code's (precision `postalCode`) or,
 * where the source had only its town's, the town's (`place`).
 */
export class GazetteerGeocoder implements Geocoder {
  readonly name = 'gazetteer' as const;
  private index: Index | null = null;

  constructor(private readonly load: () => PostalPlace[] = () => loadPostalCodes()) {}

  private get data(): Index {
    if (this.index) return this.index;
    const byCountry = new Map<string, Entry[]>();
    const byZip = new Map<string, PostalPlace>();
    for (const p of this.load()) {
      const entry = { place: p, zip: compactZip(p.zipCode), town: fold(p.place) };
      const list = byCountry.get(p.countryCode);
      if (list) list.push(entry);
      else byCountry.set(p.countryCode, [entry]);
      byZip.set(`${p.countryCode}:${entry.zip}`, p);
    }
    for (const list of byCountry.values()) list.sort((a, b) => (a.zip < b.zip ? -1 : 1));
    this.index = { byCountry, byZip };
    return this.index;
  }

  private entries(countryCode: string): readonly Entry[] {
    return this.data.byCountry.get(countryCode.toUpperCase()) ?? [];
  }

  /** Every postal code of a country (for tests, the bench and the validation endpoint). */
  places(countryCode: string): readonly PostalPlace[] {
    return this.entries(countryCode).map((e) => e.place);
  }

  lookupZip(countryCode: string, zipCode: string): PostalPlace | undefined {
    return this.data.byZip.get(`${countryCode.toUpperCase()}:${compactZip(zipCode)}`);
  }

  knowsPostalCode(countryCode: string, postalCode: string): Promise<boolean | null> {
    const country = countryCode.toUpperCase();
    if (!(GAZETTEER_COUNTRIES as readonly string[]).includes(country)) return Promise.resolve(null);
    return Promise.resolve(this.lookupZip(country, postalCode) !== undefined);
  }

  /**
   * A town's point: the median of its street-address codes' points (of all its codes when it has
   * none), so a town of many codes is placed among them rather than at one of its edges.
   */
  townPoint(countryCode: string, town: string): PostalPlace | undefined {
    const wanted = fold(town);
    const all = this.entries(countryCode)
      .filter((e) => e.town === wanted)
      .map((e) => e.place);
    if (all.length === 0) return undefined;
    const codes = all.some(takesStreets) ? all.filter(takesStreets) : all;
    return {
      ...codes[0]!,
      zipCode: '',
      lat: median(codes.map((p) => p.lat)),
      lng: median(codes.map((p) => p.lng)),
      precision: 'place',
    };
  }

  geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    const country = request.countryCode.toUpperCase();
    const byZip = request.zipCode ? this.lookupZip(country, request.zipCode) : undefined;
    if (byZip) return Promise.resolve(this.result(byZip, request.address, byZip.precision));
    const town = request.zipArea ? this.townPoint(country, request.zipArea) : undefined;
    return Promise.resolve(town ? this.result(town, request.address, 'place') : null);
  }

  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    const limit = request.limit ?? 10;
    const countries = request.countryCode
      ? [request.countryCode.toUpperCase()]
      : [...GAZETTEER_COUNTRIES];
    const typed = parseTypedAddress(request.text.trim(), countries);
    let found: Entry[] = [];
    if (typed.postalCode !== undefined) {
      const wanted = typed.postalCode;
      found = countries.flatMap((c) => {
        if (!typed.postalCodeComplete) return withPrefix(this.entries(c), wanted);
        const hit = this.data.byZip.get(`${c}:${wanted}`);
        return hit ? [{ place: hit, zip: wanted, town: fold(hit.place) }] : [];
      });
    } else if (typed.place !== '') {
      const town = fold(typed.place);
      found = countries.flatMap((c) => this.entries(c).filter((e) => e.town.startsWith(town)));
    }
    // A town typed after the code ("0155 Oslo") narrows the list when it matches.
    if (typed.postalCode !== undefined && typed.place !== '') {
      const town = fold(typed.place);
      const named = found.filter((e) => e.town.startsWith(town));
      if (named.length > 0) found = named;
    }
    let hits = found.map((e) => e.place);
    if (typed.street !== '') hits = hits.filter(takesStreets);
    if (request.near) {
      const near = request.near;
      hits = [...hits].sort((a, b) => greatCircleMetres(near, a) - greatCircleMetres(near, b));
    }
    return Promise.resolve(
      hits.slice(0, limit).map((hit) => this.result(hit, typed.street, hit.precision)),
    );
  }

  private result(hit: PostalPlace, street: string, precision: GeoPrecision): AddressResult {
    const streetname = street.replace(/[\s,]+$/, '').trim();
    return {
      streetname,
      zipCode: hit.zipCode,
      zipArea: hit.place,
      countryCode: hit.countryCode,
      latLng: { lat: hit.lat, lng: hit.lng },
      label: [streetname, `${hit.zipCode} ${hit.place}`.trim()].filter(Boolean).join(', '),
      source: 'gazetteer',
      precision,
    };
  }
}
