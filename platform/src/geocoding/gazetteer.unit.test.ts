import { describe, expect, it } from '@jest/globals';
import { GazetteerGeocoder } from './gazetteer.js';
import { parsePostalCsv, type PostalPlace } from './postalTable.js';

const gazetteer = new GazetteerGeocoder();
const compact = (zip: string) => zip.replace(/\s/g, '');
const distinctPoints = (places: readonly PostalPlace[]) =>
  new Set(places.map((p) => `${p.lat},${p.lng}`)).size;

describe('the shipped postal-code tables (platform/data/postal)', () => {
  it('hold the four markets, one row per code', () => {
    const counts = Object.fromEntries(
      ['NO', 'SE', 'DK', 'FI'].map((c) => [c, gazetteer.places(c).length]),
    );
    expect(counts).toEqual({ NO: 5132, SE: 18870, DK: 1159, FI: 3576 });
    for (const c of ['NO', 'SE', 'DK', 'FI']) {
      const codes = gazetteer.places(c).map((p) => compact(p.zipCode));
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('parse a table and skip broken rows; the GeoNames point defaults to the chosen one', () => {
    const csv =
      'postal_code,place,streets,latitude,longitude,precision,source,geonames_latitude,geonames_longitude\n' +
      '0155,Oslo,yes,59.91,10.75,postalCode,bolstad,59.9127,10.7461\n' +
      '0001,Oslo,no,59.91,10.75,postalCode,bolstad,,\n' +
      'x,broken\n';
    expect(parsePostalCsv('NO', csv)).toEqual([
      {
        countryCode: 'NO',
        zipCode: '0155',
        place: 'Oslo',
        streets: 'yes',
        lat: 59.91,
        lng: 10.75,
        precision: 'postalCode',
        source: 'bolstad',
        before: { lat: 59.9127, lng: 10.7461 },
      },
      expect.objectContaining({
        zipCode: '0001',
        streets: 'no',
        before: { lat: 59.91, lng: 10.75 },
      }),
    ]);
  });

  it('put every Oslo street-address code on a point of its own (GeoNames stacked 631 Oslo codes on one)', () => {
    const oslo = gazetteer.places('NO').filter((p) => p.place === 'Oslo' && p.streets === 'yes');
    expect(oslo.length).toBeGreaterThan(440);
    expect(distinctPoints(oslo)).toBe(oslo.length);
    expect(new Set(oslo.map((p) => `${p.before.lat},${p.before.lng}`)).size).toBeLessThan(10);
    for (const p of oslo) {
      expect(p.precision).toBe('postalCode');
      expect(p.lat).toBeGreaterThan(59.8);
      expect(p.lat).toBeLessThan(60.1);
    }
  });

  it("say which points are only their town's: a point GeoNames gave several codes is precision place", () => {
    for (const c of ['NO', 'SE', 'DK', 'FI']) {
      const byPoint = new Map<string, number>();
      const key = (p: PostalPlace) => `${p.before.lat},${p.before.lng}`;
      for (const p of gazetteer.places(c)) byPoint.set(key(p), (byPoint.get(key(p)) ?? 0) + 1);
      const wrong = gazetteer
        .places(c)
        .filter((p) => p.source === 'geonames')
        .filter((p) => p.precision !== (byPoint.get(key(p)) === 1 ? 'postalCode' : 'place'));
      expect(wrong).toEqual([]);
    }
  });
});

describe('the gazetteer geocoder', () => {
  it('S5-VAL-014 geocodes a postal code (Swedish ones with or without the space) at its own point, else the town, else nothing', async () => {
    const oslo = await gazetteer.geocode({
      address: 'Storgata 1',
      zipCode: '0155',
      zipArea: '',
      countryCode: 'NO',
    });
    expect(oslo).toMatchObject({
      streetname: 'Storgata 1',
      zipCode: '0155',
      zipArea: 'Oslo',
      source: 'gazetteer',
      precision: 'postalCode',
    });
    expect(oslo?.latLng).not.toEqual({ lat: 59.9127, lng: 10.7461 });
    for (const zip of ['11122', '111 22'])
      expect(
        (await gazetteer.geocode({ address: '', zipCode: zip, zipArea: '', countryCode: 'SE' }))
          ?.zipCode,
      ).toBe('111 22');
    const byTown = await gazetteer.geocode({
      address: 'Storgata 1',
      zipCode: '',
      zipArea: 'Tromsø',
      countryCode: 'NO',
    });
    expect(byTown).toMatchObject({ zipCode: '', zipArea: 'Tromsø', precision: 'place' });
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

  it('"Tvetenveien 150, 0671" is Tvetenveien 150 in 0671 Oslo, never the house number read as a postal code', async () => {
    const results = await gazetteer.autocomplete({
      text: 'Tvetenveien 150, 0671',
      countryCode: 'NO',
    });
    expect(results.map((r) => [r.streetname, r.zipCode, r.zipArea])).toEqual([
      ['Tvetenveien 150', '0671', 'Oslo'],
    ]);
    for (const text of ['Tvetenveien 150', 'Tvetenveien 150, 0671', 'Tvetenveien 150 0671 Oslo'])
      for (const r of await gazetteer.autocomplete({ text, countryCode: 'NO' }))
        expect(r.zipCode.startsWith('150')).toBe(false);
  });

  it('autocompletes a typed postal code with the typed street carried over, a code begun by its prefix', async () => {
    const [first] = await gazetteer.autocomplete({ text: 'Storgata 1, 0155', countryCode: 'NO' });
    expect(first).toMatchObject({
      streetname: 'Storgata 1',
      zipCode: '0155',
      zipArea: 'Oslo',
      countryCode: 'NO',
      label: 'Storgata 1, 0155 Oslo',
      source: 'gazetteer',
      precision: 'postalCode',
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

  it('S7-CALL-032 knows which postal codes exist, post-box codes included, and has no list for other countries', async () => {
    expect(await gazetteer.knowsPostalCode('NO', '0150')).toBe(true);
    expect(await gazetteer.knowsPostalCode('NO', '0001')).toBe(true);
    expect(await gazetteer.knowsPostalCode('NO', '0000')).toBe(false);
    expect(await gazetteer.knowsPostalCode('DE', '10115')).toBeNull();
  });
});

describe("a street address is never offered a postal code without street addresses (post boxes, an organisation's own code)", () => {
  const noStreets = (c: string) => gazetteer.places(c).filter((p) => p.streets === 'no');

  it('"Storgata 1, Oslo" offers street-address codes only', async () => {
    const results = await gazetteer.autocomplete({
      text: 'Storgata 1, Oslo',
      countryCode: 'NO',
      limit: 20,
    });
    expect(results.length).toBe(20);
    expect(results.map((r) => r.zipCode)).not.toContain('0001');
    for (const r of results) expect(gazetteer.lookupZip('NO', r.zipCode)?.streets).not.toBe('no');
    // The same code typed alone (a postal-code lookup) is still offered.
    expect((await gazetteer.autocomplete({ text: '0001', countryCode: 'NO' }))[0]?.zipCode).toBe(
      '0001',
    );
  });

  it('for every such code of every country, typed after a street and house number, in each typed form', async () => {
    const offered: string[] = [];
    for (const c of ['NO', 'FI']) {
      const codes = noStreets(c);
      expect(codes.length).toBeGreaterThan(500);
      for (const p of codes)
        for (const text of [`Storgata 1, ${p.zipCode}`, `Storgata 1 ${p.zipCode} ${p.place}`])
          if ((await gazetteer.autocomplete({ text, countryCode: c })).length > 0)
            offered.push(`${c} ${text}`);
    }
    expect(offered).toEqual([]);
  });

  it('for every town, a street typed with the town gets none of its post-box codes', async () => {
    const offered: string[] = [];
    for (const c of ['NO', 'FI']) {
      const towns = new Set(noStreets(c).map((p) => p.place));
      for (const town of towns)
        for (const r of await gazetteer.autocomplete({
          text: `Storgata 1, ${town}`,
          countryCode: c,
          limit: 20,
        }))
          if (gazetteer.lookupZip(c, r.zipCode)?.streets === 'no')
            offered.push(`${c} ${town} ${r.zipCode}`);
    }
    expect(offered).toEqual([]);
  });
});

describe('typed forms per country: the top suggestion is the code typed, with the street and house number carried over', () => {
  const forms = (street: string, code: string, place: string) => [
    `${street}, ${code}`,
    `${street}, ${code} ${place}`,
    `${street} ${code} ${place}`,
    `${street}, ${code.replace(' ', '')}`,
  ];
  it.each([
    ['NO', 'Tvetenveien 150'],
    ['NO', 'Karl Johans gate 1B'],
    ['SE', 'Kungsgatan 4'],
    ['DK', 'Vesterbrogade 1'],
    ['FI', 'Mannerheimintie 12'],
  ])('%s: %s', async (country, street) => {
    const wrong: string[] = [];
    const sample = gazetteer.places(country).filter((p, i) => p.streets !== 'no' && i % 37 === 0);
    expect(sample.length).toBeGreaterThan(20);
    for (const p of sample)
      for (const text of forms(street, p.zipCode, p.place)) {
        const [top] = await gazetteer.autocomplete({ text, countryCode: country });
        if (top?.zipCode !== p.zipCode || top.streetname !== street)
          wrong.push(`${text} → ${top?.label}`);
      }
    expect(wrong).toEqual([]);
  });
});
