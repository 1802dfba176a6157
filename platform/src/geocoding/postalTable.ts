import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Whether a postal code holds street addresses: `no` for codes of post boxes only, an
 * organisation's own code or a service code, which no street address has (they stay valid
 * postal codes); `unknown` where the source does not say.
 */
export type StreetUse = 'yes' | 'no' | 'unknown';

/** One postal code of the shipped tables: its place, point and how good that point is. */
export interface PostalPlace {
  countryCode: string;
  zipCode: string;
  place: string;
  lat: number;
  lng: number;
  streets: StreetUse;
  /**
   * `postalCode`: the point lies in the code's own area; `place`: the point is its town's,
   * shared with the town's other codes (all a source had).
   */
  precision: 'postalCode' | 'place';
  /** The source of the point (platform/data/postal/SOURCE.md). */
  source: string;
  /** The point of the GeoNames table the product shipped before (kept for the geodata bench). */
  before: { lat: number; lng: number };
}

/** The postal-code tables shipped with the product (platform/data/postal, see its SOURCE.md). */
export const POSTAL_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../data/postal',
);
export const GAZETTEER_COUNTRIES = ['NO', 'SE', 'DK', 'FI'] as const;

const streetUses: readonly string[] = ['yes', 'no', 'unknown'];

/**
 * Parses one table: postal_code,place,streets,latitude,longitude,precision,source,
 * geonames_latitude,geonames_longitude (no quoting; the GeoNames point is empty where it is the
 * same as the chosen one). Rows that do not parse are skipped.
 */
export function parsePostalCsv(countryCode: string, text: string): PostalPlace[] {
  const places: PostalPlace[] = [];
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (line.trim() === '') continue;
    const f = line.split(',');
    const lat = Number(f[3]);
    const lng = Number(f[4]);
    if (f.length < 9 || f[3] === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const beforeLat = f[7] ? Number(f[7]) : lat;
    const beforeLng = f[8] ? Number(f[8]) : lng;
    places.push({
      countryCode,
      zipCode: f[0]!,
      place: f[1]!,
      streets: streetUses.includes(f[2]!) ? (f[2] as StreetUse) : 'unknown',
      lat,
      lng,
      precision: f[5] === 'postalCode' ? 'postalCode' : 'place',
      source: f[6]!,
      before: { lat: beforeLat, lng: beforeLng },
    });
  }
  return places;
}

/** Reads the shipped tables of the four markets. */
export function loadPostalCodes(dir: string = POSTAL_DIR): PostalPlace[] {
  return GAZETTEER_COUNTRIES.flatMap((c) =>
    parsePostalCsv(c, readFileSync(path.join(dir, `postal-codes-${c.toLowerCase()}.csv`), 'utf8')),
  );
}
