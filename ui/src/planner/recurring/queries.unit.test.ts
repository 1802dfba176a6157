import { describe, expect, it } from '@jest/globals';
import { badOrderRefs, parseOrderRefs } from './queries';

describe('order references typed on the recurring form (docs/decisions/0058)', () => {
  it('tells order ids from shipment numbers and drops repeats', () => {
    expect(parseOrderRefs('12, 70999990000000017 12;  34')).toEqual({
      ids: ['12', '34'],
      shipments: ['70999990000000017'],
    });
  });
  it('names what is neither', () => {
    expect(badOrderRefs('12 abc 0 70999990000000017')).toEqual(['abc', '0']);
  });
});
