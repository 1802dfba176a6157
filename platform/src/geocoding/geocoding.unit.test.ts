import { describe, expect, it } from '@jest/globals';
import { ChainGeocoder } from './chain.js';
import { GazetteerGeocoder, parseGeoNamesCsv } from './gazetteer.js';
import type { FetchJson } from './http.js';
import { NominatimGeocoder, fromNominatimPlace, parseNominatim } from './nominatim.js';
import { PhotonGeocoder, parsePhoton } from './photon.js';
import { nominatimStorgata, photonKungsgatan } from './recorded.js';
import { latLngOf, streetName, type Geocoder } from './types.js';

/** A fetch that answers one recorded body and remembers what was asked (no network). */
function recorded(body: unknown, status = 200) {
  const calls: { url: URL; headers: Record<string, string> }[] = [];
  const fetchJson: FetchJson = (url, init) => {
    calls.push({ url: new URL(url), headers: init.headers });
    return Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
  };
  return { calls, fetchJson };
}

const gazetteer = new GazetteerGeocoder();

describe('the gazetteer (GeoNames postal codes of NO, SE, DK, FI)', () => {
  it('loads the four shipped files', () => {
    expect(gazetteer.places('NO').length).toBeGreaterThan(5000);
    expect(gazetteer.places('SE').length).toBeGreaterThan(18000);
    expect(gazetteer.places('DK').length).toBeGreaterThan(1000);
    expect(gazetteer.places('FI').length).toBeGreaterThan(3000);
  });
  it('parses a CSV and skips broken rows', () => {
    const csv =
      'country_code,zipcode,place,state,state_code,province,province_code,community,community_code,latitude,longitude\n' +
      'NO,0150,Oslo,Oslo County,12,Oslo,0301,,,59.9127,10.7461\nNO,x,broken\n';
    expect(parseGeoNamesCsv(csv)).toEqual([
      { countryCode: 'NO', zipCode: '0150', place: 'Oslo', lat: 59.9127, lng: 10.7461 },
    ]);
  });
  it('geocodes a postal code (Swedish ones with or without the space), else the town, else nothing', async () => {
    const oslo = await gazetteer.geocode({
      address: 'Storgata 1',
      zipCode: '0155',
      zipArea: '',
      countryCode: 'NO',
    });
    expect(oslo).toMatchObject({
      streetname: 'Storgata 1',
      zipArea: 'Oslo',
      latLng: { lat: 59.9127, lng: 10.7461 },
    });
    const sthlm = await gazetteer.geocode({
      address: '',
      zipCode: '11122',
      zipArea: '',
      countryCode: 'SE',
    });
    expect(sthlm?.zipCode).toBe('111 22');
    const byTown = await gazetteer.geocode({
      address: '',
      zipCode: '',
      zipArea: 'Tromsø',
      countryCode: 'NO',
    });
    expect(byTown?.latLng?.lat).toBeGreaterThan(69);
    expect(
      await gazetteer.geocode({
        address: '',
        zipCode: '0000',
        zipArea: 'Nowhere',
        countryCode: 'NO',
      }),
    ).toBeNull();
    expect(
      await gazetteer.geocode({ address: '', zipCode: '0150', zipArea: '', countryCode: 'DE' }),
    ).toBeNull();
  });
  it('autocompletes a typed postal code with the typed street carried over', async () => {
    const [first] = await gazetteer.autocomplete({ text: 'Storgata 1, 0155', countryCode: 'NO' });
    expect(first).toEqual({
      streetname: 'Storgata 1',
      zipCode: '0155',
      zipArea: 'Oslo',
      countryCode: 'NO',
      latLng: { lat: 59.9127, lng: 10.7461 },
      label: 'Storgata 1, 0155 Oslo',
      source: 'gazetteer',
    });
    const prefix = await gazetteer.autocomplete({ text: '015', countryCode: 'NO', limit: 5 });
    expect(prefix).toHaveLength(5);
    expect(prefix.every((r) => r.zipCode.startsWith('015'))).toBe(true);
    const named = await gazetteer.autocomplete({
      text: 'Bogstadveien 10, 0355 Oslo',
      countryCode: 'NO',
    });
    expect(named[0]).toMatchObject({ streetname: 'Bogstadveien 10', zipCode: '0355' });
  });
  it('autocompletes towns without diacritics, within the country asked, nearest first', async () => {
    const malmo = await gazetteer.autocomplete({ text: 'malmo', countryCode: 'SE' });
    expect(malmo.length).toBeGreaterThan(0);
    expect(malmo.every((r) => r.zipArea.startsWith('Malmö') && r.countryCode === 'SE')).toBe(true);
    const kbh = await gazetteer.autocomplete({ text: 'kobenhavn', countryCode: 'DK', limit: 3 });
    expect(kbh[0]!.zipArea).toMatch(/^København/);
    const near = await gazetteer.autocomplete({
      text: 'Helsinki',
      countryCode: 'FI',
      near: { lat: 60.17, lng: 24.94 },
      limit: 1,
    });
    expect(near[0]!.zipCode).toMatch(/^00/);
    expect(await gazetteer.autocomplete({ text: 'Oslo', countryCode: 'SE' })).toEqual([]);
  });
  it('knows which postal codes exist in the four markets, and has no list for others', async () => {
    expect(await gazetteer.knowsPostalCode('NO', '0150')).toBe(true);
    expect(await gazetteer.knowsPostalCode('NO', '0000')).toBe(false);
    expect(await gazetteer.knowsPostalCode('DE', '10115')).toBeNull();
  });
});

describe('S3-ENT-065 S3-ENT-066 S3-ENT-067 S3-ENT-068 address results of the services', () => {
  it('street name is route plus number; latLng only when both coordinates exist', () => {
    expect(streetName('Storgata', '5')).toBe('Storgata 5');
    expect(streetName('Storgata', undefined)).toBe('Storgata');
    expect(latLngOf('59.9', undefined)).toBeUndefined();
    expect(latLngOf('59.9', '10.7')).toEqual({ lat: 59.9, lng: 10.7 });
  });

  it('parses a recorded Nominatim answer: postal town else locality; places without a country are dropped', () => {
    expect(parseNominatim(nominatimStorgata)).toEqual([
      {
        streetname: 'Storgata 1',
        zipCode: '0155',
        zipArea: 'Oslo',
        countryCode: 'NO',
        latLng: { lat: 59.9137541, lng: 10.7531436 },
        label: '1, Storgata, Grønland, Gamle Oslo, Oslo, 0155, Norge',
        source: 'nominatim',
      },
      {
        streetname: 'Storgata',
        zipCode: '6002',
        zipArea: 'Ålesund',
        countryCode: 'NO',
        latLng: { lat: 62.4722795, lng: 6.1549212 },
        label: 'Storgata, Sentrum, Ålesund, Møre og Romsdal, 6002, Norge',
        source: 'nominatim',
      },
    ]);
    expect(fromNominatimPlace({ address: { country_code: 'se' } })).toMatchObject({
      countryCode: 'SE',
    });
    expect(fromNominatimPlace({ address: { country_code: 'se' } })?.latLng).toBeUndefined();
    expect(parseNominatim({ error: 'Unable to geocode' })).toEqual([]);
  });

  it('asks Nominatim with the typed text, country, language, limit, a viewbox around the point, and its user agent', async () => {
    const { calls, fetchJson } = recorded(nominatimStorgata);
    const nominatim = new NominatimGeocoder({
      baseUrl: 'https://nominatim.example',
      userAgent: 'nordlog-test',
      fetch: fetchJson,
    });
    const results = await nominatim.autocomplete({
      text: 'Storgata 1',
      countryCode: 'NO',
      near: { lat: 59.9, lng: 10.7 },
      radius: 10_000,
      limit: 5,
    });
    expect(results).toHaveLength(2);
    const { url, headers } = calls[0]!;
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      q: 'Storgata 1',
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'no',
      'accept-language': 'nb',
      limit: '5',
    });
    expect(url.searchParams.get('viewbox')!.split(',').map(Number)[0]).toBeCloseTo(
      10.7 - 10_000 / 111_000,
      5,
    );
    expect(headers['user-agent']).toBe('nordlog-test');
    const place = await nominatim.geocode({
      address: 'Storgata 1',
      zipCode: '0155',
      zipArea: 'Oslo',
      countryCode: 'NO',
    });
    expect(place?.latLng).toEqual({ lat: 59.9137541, lng: 10.7531436 });
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toMatchObject({
      street: 'Storgata 1',
      postalcode: '0155',
      city: 'Oslo',
      limit: '1',
    });
  });

  it('S8-ERR-025 a failing service gives no result and no error', async () => {
    const errors: unknown[] = [];
    const down = new NominatimGeocoder({
      baseUrl: 'https://nominatim.example',
      userAgent: 'x',
      fetch: () => Promise.reject(new Error('ECONNREFUSED')),
      onError: (e) => errors.push(e),
    });
    expect(await down.autocomplete({ text: 'Storgata' })).toEqual([]);
    expect(
      await down.geocode({ address: 'a', zipCode: '0155', zipArea: '', countryCode: 'NO' }),
    ).toBeNull();
    const refused = new PhotonGeocoder({
      baseUrl: 'https://photon.example',
      userAgent: 'x',
      fetch: recorded({}, 503).fetchJson,
      onError: (e) => errors.push(e),
    });
    expect(await refused.autocomplete({ text: 'Kungsgatan' })).toEqual([]);
    expect(errors).toHaveLength(3);
  });

  it('parses a recorded Photon answer ([lon, lat]; street features named by the street) and keeps the asked country', async () => {
    expect(parsePhoton(photonKungsgatan).slice(0, 2)).toEqual([
      {
        streetname: 'Kungsgatan 4',
        zipCode: '111 43',
        zipArea: 'Stockholm',
        countryCode: 'SE',
        latLng: { lat: 59.3365331, lng: 18.0649107 },
        label: 'Kungsgatan 4, 111 43 Stockholm',
        source: 'photon',
      },
      {
        streetname: 'Kungsgatan',
        zipCode: '411 19',
        zipArea: 'Inom Vallgraven',
        countryCode: 'SE',
        latLng: { lat: 57.7069, lng: 11.9695 },
        label: 'Kungsgatan, 411 19 Inom Vallgraven',
        source: 'photon',
      },
    ]);
    const { calls, fetchJson } = recorded(photonKungsgatan);
    const photon = new PhotonGeocoder({
      baseUrl: 'https://photon.example',
      userAgent: 'x',
      fetch: fetchJson,
    });
    const results = await photon.autocomplete({
      text: 'Kungsgatan',
      countryCode: 'SE',
      near: { lat: 59.3, lng: 18.1 },
      language: 'sv',
    });
    expect(results.map((r) => r.countryCode)).toEqual(['SE', 'SE']);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({
      q: 'Kungsgatan',
      lat: '59.3',
      lon: '18.1',
      lang: 'en',
      limit: '10',
    });
    expect(parsePhoton([])).toEqual([]);
  });

  it('a chain asks the service first and the gazetteer when the service has nothing', async () => {
    const empty: Geocoder = {
      name: 'nominatim',
      autocomplete: () => Promise.resolve([]),
      geocode: () => Promise.resolve(null),
    };
    const chain = new ChainGeocoder([empty, gazetteer]);
    expect(
      (await chain.geocode({ address: '', zipCode: '0150', zipArea: '', countryCode: 'NO' }))
        ?.source,
    ).toBe('gazetteer');
    expect((await chain.autocomplete({ text: '0150', countryCode: 'NO' }))[0]?.zipArea).toBe(
      'Oslo',
    );
    expect(await chain.knowsPostalCode('NO', '0150')).toBe(true);
  });
});
