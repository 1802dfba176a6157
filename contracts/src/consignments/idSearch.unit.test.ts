import { describe, expect, it } from '@jest/globals';
import { formatGsin, formatSscc } from '../numberSeries/gs1.js';
import { searchIdKind, searchIds } from './idSearch.js';

describe('id-looking searches', () => {
  const sscc = formatSscc('3', '7071234', 42);
  const gsin = formatGsin('7071234', 42);

  it('an SSCC or a GSIN with its check digit, or an order number, is an id; words, zip codes with a leading 0 and wrong check digits are not', () => {
    expect(searchIdKind(sscc)).toBe('SSCC');
    expect(searchIdKind(`(00)${sscc}`)).toBe('SSCC');
    expect(searchIdKind(gsin)).toBe('GSIN');
    expect(searchIdKind('4711')).toBe('ORDER');
    const wrong = sscc.slice(0, 17) + String((Number(sscc[17]) + 1) % 10);
    expect(searchIdKind(wrong)).toBeNull();
    expect(searchIdKind('0671')).toBeNull();
    expect(searchIdKind('Oslo')).toBeNull();
  });

  it('a phrase is id-looking only when every word is an id', () => {
    expect(searchIds(`${sscc} 4711`)).toEqual([
      { kind: 'SSCC', value: sscc },
      { kind: 'ORDER', value: '4711' },
    ]);
    expect(searchIds(`${gsin} Oslo`)).toBeNull();
    expect(searchIds('  ')).toBeNull();
  });
});
