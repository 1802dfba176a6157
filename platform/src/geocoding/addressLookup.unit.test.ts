import { describe, expect, it } from '@jest/globals';
import { DawaGeocoder, parseDawa } from './dawa.js';
import type { FetchJson } from './http.js';
import { PhotonGeocoder, parsePhoton } from './photon.js';
import { dawaRodkildevej, photonKungsgatan } from './recorded.js';

/**
 * Spec §7 address lookup, as the product does it (docs/decisions/0102): the geocoder's `geocode`
 * of an address asks the service for its candidates (the spec's predictions) and passes on the
 * first one with its point (the spec's place details); no candidate, or a failed service, is null.
 */
function stubbed(body: unknown, status = 200) {
  const calls: URL[] = [];
  const fetchJson: FetchJson = (url) => {
    calls.push(new URL(url));
    return Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });
  };
  return { calls, fetchJson };
}

/** Three Swedish candidates: the recorded Kungsgatan answer, its third feature made Swedish. */
const three = {
  ...photonKungsgatan,
  features: photonKungsgatan.features.map((f) => ({
    ...f,
    properties: { ...f.properties, countrycode: 'SE' },
  })),
};
const kungsgatan = {
  address: 'Kungsgatan 4',
  zipCode: '111 43',
  zipArea: 'Stockholm',
  countryCode: 'SE',
};
const photon = (fetchJson: FetchJson) =>
  new PhotonGeocoder({ baseUrl: 'https://photon.example', userAgent: 'x', fetch: fetchJson });

describe('the address lookup: the first candidate, else null', () => {
  it('S7-CALL-050 with three candidates the first one is passed on, with its point; one request', async () => {
    expect(parsePhoton(three)).toHaveLength(3);
    const { calls, fetchJson } = stubbed(three);
    const found = await photon(fetchJson).geocode(kungsgatan);
    expect(found).toEqual(parsePhoton(three)[0]);
    expect(found?.latLng).toEqual({ lat: 59.3365331, lng: 18.0649107 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('q')).toBe('Kungsgatan 4, 111 43 Stockholm');
    // Denmark's register the same way: the first of its suggestions.
    expect(parseDawa(dawaRodkildevej).length).toBeGreaterThan(1);
    const dawa = stubbed(dawaRodkildevej);
    const danish = await new DawaGeocoder({
      baseUrl: 'https://dawa.example',
      userAgent: 'x',
      fetch: dawa.fetchJson,
    }).geocode({
      address: 'Rødkildevej 46',
      zipCode: '2400',
      zipArea: 'København NV',
      countryCode: 'DK',
    });
    expect(danish).toEqual(parseDawa(dawaRodkildevej)[0]);
  });

  it('S7-CALL-051 no candidates, a first one without a point, or a failed service: null', async () => {
    expect(await photon(stubbed({ features: [] }).fetchJson).geocode(kungsgatan)).toBeNull();
    const pointless = {
      features: [
        { ...three.features[0]!, geometry: { type: 'Point', coordinates: [] } },
        ...three.features.slice(1),
      ],
    };
    expect(await photon(stubbed(pointless).fetchJson).geocode(kungsgatan)).toBeNull();
    expect(
      await photon(stubbed({ message: 'busy' }, 503).fetchJson).geocode(kungsgatan),
    ).toBeNull();
    const dawa = new DawaGeocoder({
      baseUrl: 'https://dawa.example',
      userAgent: 'x',
      fetch: stubbed([]).fetchJson,
    });
    expect(
      await dawa.geocode({ address: 'Nowhere 1', zipCode: '2400', zipArea: '', countryCode: 'DK' }),
    ).toBeNull();
  });
});
