import { describe, expect, it } from '@jest/globals';
import {
  codedGoods,
  codedGoodsByCode,
  loadingMetersOf,
  palletFootPrintsOf,
  searchCodedGoods,
  withCodedGoodsFootprint,
} from './goodsCodes.js';
import { measurementLineSchema } from './orderParts.js';

describe('the coded goods list (docs/decisions/0093)', () => {
  it('S3-ENT-013: a long coded list, each with weight, dimensions, palletFootPrints and loadingMeters', () => {
    expect(codedGoods.length).toBeGreaterThanOrEqual(30);
    expect(new Set(codedGoods.map((g) => g.code)).size).toBe(codedGoods.length);
    for (const g of codedGoods) {
      expect(g.code).toMatch(/^[A-Z0-9]{1,20}$/);
      for (const v of [g.weight, g.length, g.width, g.height, g.palletFootPrints, g.loadingMeters])
        expect(v).toBeGreaterThan(0);
      // Every code is a valid measurement line's package type, its values the line's.
      expect(
        measurementLineSchema.safeParse({ ...g, packageTypeCode: g.code, code: undefined }).success,
      ).toBe(true);
    }
  });

  it('the footprint rules: a EUR pallet is 1 place and 0.4 m, a FIN pallet 1.25 and 0.5 m', () => {
    expect(codedGoodsByCode('EUR')).toMatchObject({ palletFootPrints: 1, loadingMeters: 0.4 });
    expect(codedGoodsByCode('half')).toMatchObject({ palletFootPrints: 0.5, loadingMeters: 0.2 });
    expect(codedGoodsByCode('QUARTER')).toMatchObject({
      palletFootPrints: 0.25,
      loadingMeters: 0.1,
    });
    expect(codedGoodsByCode('FIN')).toMatchObject({ palletFootPrints: 1.25, loadingMeters: 0.5 });
    expect(palletFootPrintsOf(60, 60)).toBe(0.5);
    expect(loadingMetersOf(60, 60)).toBe(0.15);
  });

  it("the server fills a coded line's missing footprint, never the values the line names", () => {
    expect(withCodedGoodsFootprint({ packageTypeCode: 'EUR' })).toEqual({
      packageTypeCode: 'EUR',
      palletFootPrints: 1,
      loadingMeters: 0.4,
    });
    expect(withCodedGoodsFootprint({ packageTypeCode: 'EUR', palletFootPrints: 2 })).toEqual({
      packageTypeCode: 'EUR',
      palletFootPrints: 2,
      loadingMeters: 0.4,
    });
    const free = { packageTypeCode: 'CT' };
    expect(withCodedGoodsFootprint(free)).toBe(free);
  });

  it('search-as-you-type matches the code and the name, codes starting with the text first', () => {
    const names: Record<string, string> = { EUR: 'EUR pallet', WASHER: 'Washing machine' };
    const nameOf = (c: string) => names[c] ?? c;
    expect(searchCodedGoods('wash', nameOf).map((g) => g.code)).toEqual(['WASHER', 'DISHWASHER']);
    expect(searchCodedGoods('eur', nameOf)[0]!.code).toBe('EUR');
    expect(searchCodedGoods('pallet eur', nameOf).map((g) => g.code)).toEqual(['EUR']);
    expect(searchCodedGoods('', nameOf)).toHaveLength(codedGoods.length);
  });
});
