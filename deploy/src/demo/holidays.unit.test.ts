import { describe, expect, it } from '@jest/globals';
import { easterSunday, nordicPublicHolidays } from './holidays.js';

describe('demo holidays', () => {
  it('Easter Sunday of known years', () => {
    expect(easterSunday(2019)).toBe('2019-04-21');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });
  it('S3-ENT-051 public holidays of the four markets in 2026, Easter- and midsummer-based ones moved', () => {
    const of = (country: string) =>
      nordicPublicHolidays(2026)
        .filter((h) => h.country === country)
        .map((h) => h.date);
    expect(of('NO')).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-17',
      '2026-05-25',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(of('SE')).toContain('2026-06-20'); // Midsummer Day, a Saturday
    expect(of('FI')).toContain('2026-12-06');
    expect(of('DK')).toHaveLength(8);
    expect(nordicPublicHolidays(2026).every((h) => h.type === 'PUBLIC_HOLIDAY')).toBe(true);
  });
});
