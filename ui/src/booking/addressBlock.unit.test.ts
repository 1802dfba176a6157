import { describe, expect, it } from '@jest/globals';
import { PREVIEW_HEIGHT, PREVIEW_ZOOM } from '../planner/map/constants';
import { countryOptions } from './countryOptions';

describe('the address block', () => {
  it('S1-GEN-033 S9-CONST-015 the country choices are 41 countries, the four markets first and European countries beyond them, each named in the language', () => {
    const en = countryOptions('en');
    expect(en).toHaveLength(41);
    expect(new Set(en.map((o) => o.value)).size).toBe(41);
    expect(en.slice(0, 4).map((o) => o.value)).toEqual(['NO', 'SE', 'DK', 'FI']);
    const beyond = en.slice(4).map((o) => o.value);
    expect(beyond).toEqual(expect.arrayContaining(['DE', 'GB', 'IS', 'PL', 'CH', 'FO']));
    expect(beyond).not.toEqual(expect.arrayContaining(['NO']));
    expect(en.find((o) => o.value === 'DE')?.label).toBe('Germany (DE)');
    expect(countryOptions('nb').find((o) => o.value === 'DE')?.label).toBe('Tyskland (DE)');
  });

  it('S9-CONST-043 S9-CONST-044 the address preview map (MapPreview, and its placeholder while it loads) is drawn at zoom 16, 300 px high', () => {
    expect(PREVIEW_ZOOM).toBe(16);
    expect(PREVIEW_HEIGHT).toBe(300);
  });
});
