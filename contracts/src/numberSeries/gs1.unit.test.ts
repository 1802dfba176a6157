import { describe, expect, it } from '@jest/globals';
import {
  formatGsin,
  formatSscc,
  gs1CheckDigit,
  hasValidGs1CheckDigit,
  isValidGsin,
  isValidSscc,
  maxSerial,
  serialDigits,
} from './gs1.js';
import { createNumberSeriesSchema, seriesBodyRange, seriesNumber, seriesOverlap } from './index.js';

describe('GS1 check digit (mod 10, weights 3,1,3,… from the right)', () => {
  it("S3-ENT-057 computes GS1's published SSCC example 106141411234567897 (extension 1, prefix 0614141, serial 123456789)", () => {
    // From the right: 9·3 + 8·1 + 7·3 + 6·1 + 5·3 + 4·1 + 3·3 + 2·1 + 1·3 + 1·1 + 4·3 + 1·1 + 4·3
    // + 1·1 + 6·3 + 0·1 + 1·3 = 143, and 150 − 143 = 7.
    expect(gs1CheckDigit('10614141123456789')).toBe(7);
    expect(formatSscc('1', '0614141', 123456789)).toBe('106141411234567897');
    expect(isValidSscc('106141411234567897')).toBe(true);
  });
  it('computes published GSIN examples (17 digits, AI 402)', () => {
    expect(gs1CheckDigit('7012345000123456')).toBe(1);
    expect(formatGsin('7012345', 123456)).toBe('70123450001234561');
    expect(isValidGsin('70123450001234561')).toBe(true);
    expect(isValidGsin('43562239423923494')).toBe(true);
    expect(isValidGsin('04169036102499350')).toBe(true);
  });
  it('check digit 0 when the weighted sum is already a multiple of 10; GTIN-13 uses the same rule', () => {
    expect(gs1CheckDigit('0416903610249935')).toBe(0);
    // EAN-13 4006381333931 (a widely printed example).
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
  it('refuses a wrong check digit, a wrong length, and non-digits', () => {
    expect(isValidSscc('106141411234567898')).toBe(false);
    expect(isValidSscc('10614141123456789')).toBe(false);
    expect(isValidGsin('70123450001234562')).toBe(false);
    expect(isValidGsin('106141411234567897')).toBe(false);
    expect(hasValidGs1CheckDigit('7012345000123456x')).toBe(false);
    expect(() => gs1CheckDigit('12a')).toThrow(RangeError);
  });
  it('pads the serial to 16 − prefix length digits and refuses one that does not fit', () => {
    expect(serialDigits('0614141')).toBe(9);
    expect(serialDigits('7012345678')).toBe(6);
    expect(maxSerial('7012345678')).toBe(999_999);
    expect(formatGsin('7012345678', 42)).toMatch(/^7012345678000042\d$/);
    expect(formatSscc('0', '7012345678', 42)).toMatch(/^07012345678000042\d$/);
    expect(() => formatGsin('7012345678', 1_000_000)).toThrow(RangeError);
    expect(() => formatGsin('123456', 1)).toThrow(RangeError);
    expect(() => formatSscc('12', '0614141', 1)).toThrow(RangeError);
  });
});

describe('number series definitions', () => {
  const sscc = (over: Record<string, unknown> = {}) =>
    createNumberSeriesSchema.parse({
      type: 'SSCC',
      companyPrefix: '0614141',
      firstSerial: 1,
      lastSerial: 1000,
      ...over,
    });
  it('an SSCC series gets extension digit 0 when none is given; a GSIN series may not have one', () => {
    expect(sscc().extensionDigit).toBe('0');
    expect(sscc({ extensionDigit: '3' }).extensionDigit).toBe('3');
    const gsin = createNumberSeriesSchema.safeParse({
      type: 'GSIN',
      companyPrefix: '0614141',
      extensionDigit: '1',
      firstSerial: 1,
      lastSerial: 2,
    });
    expect(gsin.success).toBe(false);
  });
  it('refuses a prefix that is not 7–10 digits, a serial that does not fit, and first > last', () => {
    expect(createNumberSeriesSchema.safeParse({ ...sscc(), companyPrefix: '123456' }).success).toBe(
      false,
    );
    expect(
      createNumberSeriesSchema.safeParse({
        ...sscc(),
        companyPrefix: '7012345678',
        lastSerial: 1_000_000,
      }).success,
    ).toBe(false);
    expect(
      createNumberSeriesSchema.safeParse({ ...sscc(), firstSerial: 5, lastSerial: 4 }).success,
    ).toBe(false);
  });
  it('formats the numbers of a series', () => {
    expect(seriesNumber(sscc({ extensionDigit: '1' }), 123456789)).toBe('106141411234567897');
    expect(
      seriesNumber({ type: 'GSIN', companyPrefix: '7012345', extensionDigit: null }, 123456),
    ).toBe('70123450001234561');
  });
  it('overlap: same type and intersecting number ranges, also across prefix lengths', () => {
    expect(seriesOverlap(sscc(), sscc({ firstSerial: 1000, lastSerial: 2000 }))).toBe(true);
    expect(seriesOverlap(sscc(), sscc({ firstSerial: 1001, lastSerial: 2000 }))).toBe(false);
    expect(seriesOverlap(sscc(), sscc({ extensionDigit: '1' }))).toBe(false);
    expect(seriesOverlap(sscc(), { ...sscc(), type: 'GSIN', extensionDigit: null })).toBe(false);
    // 0614141 + serial 012345678 and 06141410 + serial 12345678 are the same SSCC body.
    const seven = sscc({ firstSerial: 12345678, lastSerial: 12345678 });
    const eight = sscc({ companyPrefix: '06141410', firstSerial: 12345678, lastSerial: 12345678 });
    expect(seriesBodyRange(seven)).toEqual(seriesBodyRange(eight));
    expect(seriesOverlap(seven, eight)).toBe(true);
  });
});
