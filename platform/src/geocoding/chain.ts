import type { AddressResult } from '@nordlog/contracts';
import type { AutocompleteRequest, GeocodeRequest, Geocoder } from './types.js';

/** Whether a geocoder is for a request's country (one without a country list is for any). */
const serves = (g: Geocoder, countryCode: string | undefined) =>
  !g.countries || !countryCode || g.countries.includes(countryCode.toUpperCase());

/**
 * Asks each geocoder in turn until one answers: a country's own address register first (only for
 * that country), then a service on OpenStreetMap data, the local gazetteer last, so an outage
 * still places an order at its postal code.
 */
export class ChainGeocoder implements Geocoder {
  readonly name: AddressResult['source'];

  constructor(private readonly geocoders: readonly Geocoder[]) {
    if (geocoders.length === 0) throw new Error('ChainGeocoder needs at least one geocoder');
    this.name = geocoders[0]!.name;
  }

  async autocomplete(request: AutocompleteRequest): Promise<AddressResult[]> {
    for (const g of this.geocoders) {
      if (!serves(g, request.countryCode)) continue;
      const results = await g.autocomplete(request);
      if (results.length > 0) return results;
    }
    return [];
  }

  async geocode(request: GeocodeRequest): Promise<AddressResult | null> {
    for (const g of this.geocoders) {
      if (!serves(g, request.countryCode)) continue;
      const result = await g.geocode(request);
      if (result) return result;
    }
    return null;
  }

  async knowsPostalCode(countryCode: string, postalCode: string): Promise<boolean | null> {
    for (const g of this.geocoders) {
      const known = (await g.knowsPostalCode?.(countryCode, postalCode)) ?? null;
      if (known !== null) return known;
    }
    return null;
  }
}
