import { greatCircleMetres, type AddressResult } from '@nordlog/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AutocompleteRequest, GeocodeRequest, Geocoder } from './types.js';

/** One postal code of the GeoNames list: its place and centroid. */
export interface PostalPlace {
  countryCode: string;
  zipCode: string;
  place: string;
  lat: number;
  lng: number;
}

/** The GeoNames postal-code files shipped with the product (platform/data/geonames, CC BY 4.0). */
export const GEONAMES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../data/geonames',
);
export const GAZETTEER_COUNTRIES = ['NO', 'SE', 'DK', 'FI'] as const;

/** Parses one GeoNames CSV (country_code,zipcode,place,…,latitude,longitude; no quoting). */
export function parseGeoNamesCsv(text: string): PostalPlace[] {
  const places: PostalPlace[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (line.trim() === '') continue;
    const f = line.split(',');
    const lat = Number(f[9]);
    const lng = Number(f[10]);
    if (f.length < 11 || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    places.push({ countryCode: f[0]!, zipCode: f[1]!, place: f[2]!, lat, lng });
  }
  return places;
}

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
/** A zip code as the text may hold it: 3 to 5 digits, or Swedish `123 45`. */
const ZIP_IN_TEXT = /(^|[\s,])(\d{3} \d{2}|\d{3,5})(?=$|[\s,])/;

interface Index {
  byCountry: Map<string, PostalPlace[]>;
  byZip: Map<string, PostalPlace[]>;
}

/**
 * The embedded default geocoder: postal-code centroids of Norway, Sweden, Denmark and Finland from
 * GeoNames. It resolves postal codes and towns (not streets: a typed street is carried over as the
 * street name), which is good enough for a first placement and for planning estimates.
 */
export class GazetteerGeocoder implements Geocoder {
  readonly name = 'gazetteer' as const;
  private index: Index | null = null;

  constructor(private readonly load: () => PostalPlace[] = () => loadGeoNames(GEONAMES_DIR)) {}

  private get data(): Index {
    if (this.index) return this.index;
    const byCountry = new Map<string, PostalPlace[]>();
    const byZip = new Map<string, PostalPlace[]>();
    const add = (map: Map<string, PostalPlace[]>, k: string, p: PostalPlace) => {
      const list = map.get(k);
      if (list) list.push(p);
      else map.set(k, [p]);
    };
    for (const p of this.load()) {
      add(byCountry, p.countryCode, p);
      add(byZip, `${p.countryCode}:${compactZip(p.zipCode)}`, p);
    }
    for (const list of byCountry.values())
      list.sort((a, b) => compactZip(a.zipCode).localeCompare(compactZip(b.zipCode)));
    this.index = { byCountry, byZip };
    return this.index;
  }

  /** Every postal code of a country (for tests and the validation endpoint). */
  places(countryCode: string): readonly PostalPlace[] {
    return this.data.byCountry.get(countryCode.toUpperCase()) ?? [];
  }

  lookupZip(countryCode: string, zipCode: string): PostalPlace | undefined {
    return this.data.byZip.get(`${countryCode.toUpperCase()}:${compactZip(zipCode)}`)?.[0];
  }

  knowsPostalCode(countryCode: string, postalCode: string): Promise<boolean | null> {
    const country = countryCode.toUpperCase();
    if (!(GAZETTEER_COUNTRIES as readonly string[]).includes(country)) return Promise.resolve(null);
    return Promise.resolve(this.lookupZip(country, postalCode) !== undefined);
  }

  geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    const country = request.countryCode.toUpperCase();
    const byZip = request.zipCode ? this.lookupZip(country, request.zipCode) : undefined;
    const area = fold(request.zipArea);
    const byArea =
      byZip || area === '' ? undefined : this.places(country).find((p) => fold(p.place) === area);
    const hit = byZip ?? byArea;
    return Promise.resolve(hit ? this.result(hit, request.address) : null);
  }

  autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    const limit = request.limit ?? 10;
    const countries = request.countryCode
      ? [request.countryCode.toUpperCase()]
      : [...GAZETTEER_COUNTRIES];
    const text = request.text.trim();
    const zip = ZIP_IN_TEXT.exec(text);
    let hits: PostalPlace[] = [];
    let street = text;
    if (zip) {
      const wanted = compactZip(zip[2]!);
      street = (text.slice(0, zip.index) + text.slice(zip.index + zip[0].length)).trim();
      const rest = fold(street.replace(/,/g, ' '));
      hits = countries
        .flatMap((c) => this.places(c))
        .filter((p) => compactZip(p.zipCode).startsWith(wanted));
      // A place name typed after the code ("0155 Oslo") narrows the list and is not a street.
      const placeWords = hits.length > 0 ? fold(hits[0]!.place) : '';
      if (rest && placeWords && rest.endsWith(placeWords))
        street = street.slice(0, street.length - hits[0]!.place.length).replace(/[\s,]+$/, '');
    } else {
      const typed = fold(text.split(',').at(-1) ?? '');
      const first = text.includes(',') ? text.slice(0, text.lastIndexOf(',')).trim() : '';
      street = first;
      hits = countries
        .flatMap((c) => this.places(c))
        .filter((p) => fold(p.place).startsWith(typed));
    }
    if (request.near) {
      const near = request.near;
      hits = [...hits].sort((a, b) => greatCircleMetres(near, a) - greatCircleMetres(near, b));
    }
    const seen = new Set<string>();
    const results: AddressResult[] = [];
    for (const hit of hits) {
      const k = `${hit.countryCode}:${hit.zipCode}`;
      if (seen.has(k)) continue;
      seen.add(k);
      results.push(this.result(hit, street));
      if (results.length >= limit) break;
    }
    return Promise.resolve(results);
  }

  private result(hit: PostalPlace, street: string): AddressResult {
    const streetname = street.replace(/[\s,]+$/, '').trim();
    return {
      streetname,
      zipCode: hit.zipCode,
      zipArea: hit.place,
      countryCode: hit.countryCode,
      latLng: { lat: hit.lat, lng: hit.lng },
      label: [streetname, `${hit.zipCode} ${hit.place}`].filter(Boolean).join(', '),
      source: 'gazetteer',
    };
  }
}

/** Reads the shipped GeoNames files of the four markets. */
export function loadGeoNames(dir: string): PostalPlace[] {
  return GAZETTEER_COUNTRIES.flatMap((c) =>
    parseGeoNamesCsv(readFileSync(path.join(dir, `postal-codes-${c.toLowerCase()}.csv`), 'utf8')),
  );
}
