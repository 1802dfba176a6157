import { describe, expect, it } from '@jest/globals';
import { netPromoterScore, npsCategory, npsOf, npsRefusal } from './index.js';

describe('net promoter score (0083)', () => {
  it('counts 9-10 as promoters, 7-8 as passives, 0-6 as detractors', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsCategory)).toEqual([
      'detractor',
      'detractor',
      'passive',
      'passive',
      'promoter',
      'promoter',
    ]);
  });

  it('is % promoters − % detractors, rounded (hand-computed sets)', () => {
    // 3 promoters, 1 passive, 2 detractors of 6: 50% − 33.3% = 16.7 → 17.
    expect(npsOf([10, 9, 9, 8, 3, 6])).toEqual({
      answers: 6,
      promoters: 3,
      passives: 1,
      detractors: 2,
      nps: 17,
    });
    // 1 promoter, 2 detractors of 3: 33.3% − 66.7% = −33.3 → −33.
    expect(npsOf([10, 0, 5]).nps).toBe(-33);
    // Halves round away from zero: 1 of 8 more promoters is 12.5 → 13, and −12.5 → −13.
    expect(netPromoterScore(2, 1, 8)).toBe(13);
    expect(netPromoterScore(1, 2, 8)).toBe(-13);
    expect(npsOf([10, 10]).nps).toBe(100);
    expect(npsOf([0]).nps).toBe(-100);
    expect(npsOf([7, 8]).nps).toBe(0);
    expect(npsOf([])).toEqual({ answers: 0, promoters: 0, passives: 0, detractors: 0, nps: null });
  });

  it('asks only delivered orders of customers whose date is on or before the delivery, once, for 14 days', () => {
    const base = {
      delivered: true,
      deliveredOn: '2026-12-01',
      npsFromDate: '2026-12-01',
      answered: false,
      today: '2026-12-01',
    };
    expect(npsRefusal(base)).toBeNull();
    expect(npsRefusal({ ...base, delivered: false })).toBe('notDelivered');
    expect(npsRefusal({ ...base, npsFromDate: null })).toBe('notAsked');
    expect(npsRefusal({ ...base, npsFromDate: '2026-12-02' })).toBe('notAsked');
    expect(npsRefusal({ ...base, answered: true })).toBe('answered');
    expect(npsRefusal({ ...base, today: '2026-12-15' })).toBeNull();
    expect(npsRefusal({ ...base, today: '2026-12-16' })).toBe('expired');
  });
});
