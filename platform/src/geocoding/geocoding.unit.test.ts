import { describe, expect, it } from '@jest/globals';
import { ChainGeocoder } from './chain.js';
import { GazetteerGeocoder } from './gazetteer.js';
import type { FetchJson } from './http.js';
import { NominatimGeocoder, fromNominatimPlace, parseNominatim } from './nominatim.js';
import { PhotonGeocoder, parsePhoton } from './photon.js';
import { DawaGeocoder, parseDawa } from './dawa.js';
import { geocodersFromConfig } from './fromConfig.js';
import { KartverketGeocoder, parseKartverket, townCase } from './kartverket.js';
import {
  dawaRodkildevej,
  kartverketTvetenveien,
  nominatimStorgata,
  photonKungsgatan,
} from './recorded.js';
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
        precision: 'address',
      },
      {
        streetname: 'Storgata',
        zipCode: '6002',
        zipArea: 'Ålesund',
        countryCode: 'NO',
        latLng: { lat: 62.4722795, lng: 6.1549212 },
        label: 'Storgata, Sentrum, Ålesund, Møre og Romsdal, 6002, Norge',
        source: 'nominatim',
        precision: 'street',
      },
    ]);
    expect(fromNominatimPlace({ address: { country_code: 'se' } })).toMatchObject({
      countryCode: 'SE',
      precision: 'place',
    });
    expect(
      fromNominatimPlace({ type: 'postcode', address: { country_code: 'no', postcode: '0155' } }),
    ).toMatchObject({ precision: 'postalCode' });
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
        precision: 'address',
      },
      {
        streetname: 'Kungsgatan',
        zipCode: '411 19',
        zipArea: 'Inom Vallgraven',
        countryCode: 'SE',
        latLng: { lat: 57.7069, lng: 11.9695 },
        label: 'Kungsgatan, 411 19 Inom Vallgraven',
        source: 'photon',
        precision: 'street',
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

/*
 * The address registers' answers in recorded.ts were written from the services' documentation,
 * not recorded live: this machine reaches neither service (docs/decisions/0034-geodata.md).
 */
describe("the countries' address registers: Kartverket (Norway) and DAWA (Denmark)", () => {
  it('parses a Kartverket /sok answer: the address text, the town out of capitals, the address point, precision address', () => {
    expect(parseKartverket(kartverketTvetenveien)).toEqual([
      {
        streetname: 'Tvetenveien 150',
        zipCode: '0671',
        zipArea: 'Oslo',
        countryCode: 'NO',
        latLng: { lat: 59.91139, lng: 10.84112 },
        label: 'Tvetenveien 150, 0671 Oslo',
        source: 'kartverket',
        precision: 'address',
      },
      expect.objectContaining({ streetname: 'Tvetenveien 150B', precision: 'address' }),
    ]);
    expect(parseKartverket({ feil: 'x' })).toEqual([]);
    expect(townCase('KRISTIANSAND S')).toBe('Kristiansand S');
    expect(townCase('MO I RANA')).toBe('Mo I Rana');
  });

  it('asks Kartverket for Norwegian addresses only, with the text, its coordinate system and the postal code to geocode', async () => {
    const { calls, fetchJson } = recorded(kartverketTvetenveien);
    const kartverket = new KartverketGeocoder({
      baseUrl: 'https://ws.geonorge.example/adresser/v1/',
      userAgent: 'nordlog-test',
      fetch: fetchJson,
    });
    expect(await kartverket.autocomplete({ text: 'Tvetenveien 150', countryCode: 'SE' })).toEqual(
      [],
    );
    expect(calls).toHaveLength(0);
    const results = await kartverket.autocomplete({
      text: 'Tvetenveien 150',
      countryCode: 'NO',
      limit: 5,
    });
    expect(results).toHaveLength(2);
    expect(calls[0]!.url.pathname).toBe('/adresser/v1/sok');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toMatchObject({
      sok: 'Tvetenveien 150',
      treffPerSide: '5',
      utkoordsys: '4258',
    });
    expect(calls[0]!.headers['user-agent']).toBe('nordlog-test');
    const placed = await kartverket.geocode({
      address: 'Tvetenveien 150',
      zipCode: '0671',
      zipArea: 'Oslo',
      countryCode: 'NO',
    });
    expect(placed).toMatchObject({
      latLng: { lat: 59.91139, lng: 10.84112 },
      precision: 'address',
    });
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toMatchObject({
      sok: 'Tvetenveien 150',
      postnummer: '0671',
      treffPerSide: '1',
    });
    expect(
      await kartverket.geocode({ address: '', zipCode: '0671', zipArea: '', countryCode: 'NO' }),
    ).toBeNull();
  });

  it('parses a DAWA autocomplete answer (x is the longitude) and asks for Danish addresses only', async () => {
    expect(parseDawa(dawaRodkildevej)).toEqual([
      {
        streetname: 'Rødkildevej 46',
        zipCode: '2400',
        zipArea: 'København NV',
        countryCode: 'DK',
        latLng: { lat: 55.68795, lng: 12.52894 },
        label: 'Rødkildevej 46, 2400 København NV',
        source: 'dawa',
        precision: 'address',
      },
      expect.objectContaining({ streetname: 'Rødkildevej 46A' }),
    ]);
    expect(parseDawa({ type: 'ResourceNotFoundError' })).toEqual([]);
    const { calls, fetchJson } = recorded(dawaRodkildevej);
    const dawa = new DawaGeocoder({
      baseUrl: 'https://dawa.example',
      userAgent: 'x',
      fetch: fetchJson,
    });
    expect(await dawa.autocomplete({ text: 'Rødkildevej 46', countryCode: 'NO' })).toEqual([]);
    await dawa.autocomplete({ text: 'Rødkildevej 46', countryCode: 'DK', limit: 3 });
    expect(calls[0]!.url.pathname).toBe('/adgangsadresser/autocomplete');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      q: 'Rødkildevej 46',
      per_side: '3',
    });
    const placed = await dawa.geocode({
      address: 'Rødkildevej 46',
      zipCode: '2400',
      zipArea: 'København NV',
      countryCode: 'DK',
    });
    expect(placed?.latLng).toEqual({ lat: 55.68795, lng: 12.52894 });
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toMatchObject({
      q: 'Rødkildevej 46, 2400 København NV',
      postnr: '2400',
      per_side: '1',
    });
  });

  it("a chain asks a country's register only for that country, then OSM, then the gazetteer", async () => {
    const asked: string[] = [];
    const kartverket = new KartverketGeocoder({
      baseUrl: 'https://kartverket.example',
      userAgent: 'x',
      fetch: (url, init) => {
        asked.push(`kartverket ${new URL(url).searchParams.get('sok')}`);
        return recorded(kartverketTvetenveien).fetchJson(url, init);
      },
    });
    const dawa = new DawaGeocoder({
      baseUrl: 'https://dawa.example',
      userAgent: 'x',
      fetch: (url, init) => {
        asked.push('dawa');
        return recorded([]).fetchJson(url, init);
      },
    });
    const chain = new ChainGeocoder([kartverket, dawa, gazetteer]);
    const no = await chain.geocode({
      address: 'Tvetenveien 150',
      zipCode: '0671',
      zipArea: 'Oslo',
      countryCode: 'NO',
    });
    expect(no).toMatchObject({ source: 'kartverket', precision: 'address' });
    const se = await chain.geocode({
      address: 'Kungsgatan 4',
      zipCode: '111 43',
      zipArea: '',
      countryCode: 'SE',
    });
    expect(se).toMatchObject({ source: 'gazetteer', precision: 'place' });
    // DAWA finds nothing: the gazetteer places the Danish address at its postal code.
    const dk = await chain.geocode({
      address: 'Vesterbrogade 1',
      zipCode: '1620',
      zipArea: '',
      countryCode: 'DK',
    });
    expect(dk).toMatchObject({ source: 'gazetteer', precision: 'postalCode' });
    expect(asked).toEqual(['kartverket Tvetenveien 150', 'dawa']);
  });

  it('the configuration builds the chain: registers where their URL is set, the OSM service, the gazetteer last', () => {
    const logger = { warn: () => undefined } as unknown as Parameters<
      typeof geocodersFromConfig
    >[1];
    const names = (config: Partial<Parameters<typeof geocodersFromConfig>[0]>) =>
      geocodersFromConfig(
        { GEOCODER: 'gazetteer', GEOCODER_USER_AGENT: 'x', ...config },
        logger,
      ).map((g) => g.name);
    expect(names({})).toEqual(['gazetteer']);
    expect(
      names({
        GEOCODER: 'photon',
        GEOCODER_URL: 'http://photon:2322',
        GEOCODER_KARTVERKET_URL: 'https://ws.geonorge.no/adresser/v1',
        GEOCODER_DAWA_URL: 'https://api.dataforsyningen.dk',
      }),
    ).toEqual(['kartverket', 'dawa', 'photon', 'gazetteer']);
    expect(names({ GEOCODER: 'nominatim', GEOCODER_URL: 'http://nominatim' })).toEqual([
      'nominatim',
      'gazetteer',
    ]);
  });
});
