import { describe, expect, it } from '@jest/globals';
import { fitsPostalCode, parseTypedAddress, postalCodeDigits } from './addressText.js';

const all = Object.keys(postalCodeDigits);

describe('the typed address: a number after a street name is a house number, a postal code is known by its format and place', () => {
  it.each([
    // [typed, countries, street, house number, postal code, complete, town]
    ['Tvetenveien 150, 0671', ['NO'], 'Tvetenveien 150', '150', '0671', true, ''],
    ['Tvetenveien 150 0671 Oslo', ['NO'], 'Tvetenveien 150', '150', '0671', true, 'Oslo'],
    ['Tvetenveien 150', ['NO'], 'Tvetenveien 150', '150', undefined, false, ''],
    ['Tvetenveien 1501', ['NO'], 'Tvetenveien 1501', '1501', undefined, false, ''],
    ['Storgata 1, Oslo', ['NO'], 'Storgata 1', '1', undefined, false, 'Oslo'],
    ['Storgata 1 Oslo', ['NO'], 'Storgata 1', '1', undefined, false, 'Oslo'],
    ['Storgata 12B, 0155 Oslo', ['NO'], 'Storgata 12B', '12B', '0155', true, 'Oslo'],
    ['Storgata 12 B, 0155 Oslo', ['NO'], 'Storgata 12 B', '12B', '0155', true, 'Oslo'],
    ['Storgata 12-14, 015', ['NO'], 'Storgata 12-14', '12-14', '015', false, ''],
    ['Karl Johans gate 1, 0154 Oslo', ['NO'], 'Karl Johans gate 1', '1', '0154', true, 'Oslo'],
    ['0155 Oslo', ['NO'], '', undefined, '0155', true, 'Oslo'],
    ['Oslo 0155', ['NO'], '', undefined, '0155', true, 'Oslo'],
    ['015', ['NO'], '', undefined, '015', false, ''],
    ['malmo', ['SE'], '', undefined, undefined, false, 'malmo'],
    ['Kungsgatan 4, 111 43 Stockholm', ['SE'], 'Kungsgatan 4', '4', '11143', true, 'Stockholm'],
    ['Kungsgatan 4, 11143 Stockholm', ['SE'], 'Kungsgatan 4', '4', '11143', true, 'Stockholm'],
    ['Kungsgatan 4 111 43', ['SE'], 'Kungsgatan 4', '4', '11143', true, ''],
    ['Kungsgatan 4, 111 4', ['SE'], 'Kungsgatan 4', '4', '1114', false, ''],
    [
      'Vesterbrogade 1, 1620 København V',
      ['DK'],
      'Vesterbrogade 1',
      '1',
      '1620',
      true,
      'København V',
    ],
    [
      'Mannerheimintie 1, 00100 Helsinki',
      ['FI'],
      'Mannerheimintie 1',
      '1',
      '00100',
      true,
      'Helsinki',
    ],
    ['Helsinki 00100', ['FI'], '', undefined, '00100', true, 'Helsinki'],
    // Without a country, any market's format counts.
    ['Kungsgatan 4, 111 43', all, 'Kungsgatan 4', '4', '11143', true, ''],
    ['Storgata 1, 0155', all, 'Storgata 1', '1', '0155', true, ''],
  ])('%s (%j)', (typed, countries, street, houseNumber, postalCode, complete, place) => {
    const parsed = parseTypedAddress(typed, countries);
    expect(parsed).toEqual({
      street,
      ...(houseNumber !== undefined ? { houseNumber } : {}),
      ...(postalCode !== undefined ? { postalCode } : {}),
      postalCodeComplete: complete,
      place,
    });
  });

  it("a number of another country's length is no postal code of this one", () => {
    expect(parseTypedAddress('Storgata 1, 01550', ['NO']).postalCode).toBeUndefined();
    expect(parseTypedAddress('Kungsgatan 4, 1114 3', ['SE']).postalCode).toBeUndefined();
    expect(fitsPostalCode('0155', ['SE', 'FI'], false)).toBe(false);
    expect(fitsPostalCode('0155', ['NO'], false)).toBe(true);
    expect(fitsPostalCode('015', ['NO'], true)).toBe(true);
    expect(fitsPostalCode('015', ['NO'], false)).toBe(false);
  });

  it('every house number 1-2000 after a street name stays a house number, with or without a postal code after it', () => {
    const wrong: string[] = [];
    for (let n = 1; n <= 2000; n++) {
      for (const [country, code] of [
        ['NO', '0671'],
        ['DK', '2400'],
        ['SE', '111 43'],
        ['FI', '00100'],
      ] as const) {
        const alone = parseTypedAddress(`Storgata ${n}`, [country]);
        if (alone.houseNumber !== String(n) || alone.postalCode !== undefined)
          wrong.push(`Storgata ${n} (${country})`);
        const withCode = parseTypedAddress(`Storgata ${n}, ${code}`, [country]);
        if (withCode.houseNumber !== String(n) || withCode.postalCode !== code.replace(' ', ''))
          wrong.push(`Storgata ${n}, ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
