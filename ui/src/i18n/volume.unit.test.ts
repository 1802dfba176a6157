import { describe, expect, it } from '@jest/globals';
import { formatVolume } from './volume';

describe('volumes in l or m³ (issue 36)', () => {
  const en = (dm3: number) => formatVolume(dm3, 'en');
  it('litres: one decimal below 10 l, whole litres from 10 l', () => {
    expect([en(0), en(0.04), en(0.5), en(9.94), en(9.96), en(10), en(153.096)]).toEqual([
      '0 l',
      '0 l',
      '0.5 l',
      '9.9 l',
      '10 l',
      '10 l',
      '153 l',
    ]);
  });
  it('cubic metres from the litre that rounds to 1,000: one decimal below 100 m³', () => {
    expect([en(999.4), en(999.5), en(1000), en(1200), en(1234.5), en(99_940), en(99_960)]).toEqual([
      '999 l',
      '1 m³',
      '1 m³',
      '1.2 m³',
      '1.2 m³',
      '99.9 m³',
      '100 m³',
    ]);
    expect(en(153_096)).toBe('153 m³');
  });
  it('in the user’s number format (Nordic decimal comma)', () => {
    expect(formatVolume(1200, 'nb')).toBe('1,2 m³');
    expect(formatVolume(2.5, 'sv')).toBe('2,5 l');
    expect(formatVolume(153.096, 'fi')).toBe('153 l');
  });
});
