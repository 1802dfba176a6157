import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  defaultPhonePrefix,
  isValidPhone,
  isValidPhonePrefix,
  normalisePhone,
} from '../access/phone.js';
import { NUMBER_BOUND } from '../common.js';
import {
  adjustDateRange,
  deliveryWindow,
  dimensionsConsistent,
  durationSeconds,
  isDigits,
  isEmptyAddressBlock,
  isHeavyGoods,
  isIsoDate,
  isMinutesSeconds,
  isPalletPreset,
  isPositiveInteger,
  isSimpleZipCode,
  isTime,
  isValidEmail,
  isValidNumber,
  isValidZipCode,
  isValidZipCodeFor,
  packageVolume,
  parseCoordinates,
  referenceDigitsOk,
  validationKeys,
  validationMessages,
} from './validation.js';
import { packagePresets } from './catalogues.js';

/** Spec §5 rules one by one (unit), then as properties over generated input (fast-check). */
describe('spec §5 validation rules (unit)', () => {
  it('S5-VAL-001 S5-VAL-002 a number is not empty and numeric', () => {
    expect(isValidNumber('')).toBe(false);
    expect(isValidNumber('12a')).toBe(false);
    expect(isValidNumber('12.5')).toBe(true);
    expect(isValidNumber('12,5')).toBe(true);
    expect(isValidNumber(Number.NaN)).toBe(false);
  });
  it('S5-VAL-003 S9-CONST-008 a number lies within ±2147483647 unless bounds are waived', () => {
    expect(isValidNumber(NUMBER_BOUND)).toBe(true);
    expect(isValidNumber(-NUMBER_BOUND)).toBe(true);
    expect(isValidNumber(NUMBER_BOUND + 1)).toBe(false);
    expect(isValidNumber('2147483648')).toBe(false);
    expect(isValidNumber(NUMBER_BOUND + 1, { waiveBounds: true })).toBe(true);
  });
  it('S5-VAL-006 the digits check accepts only digits', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('12 3')).toBe(false);
    expect(isDigits('12a')).toBe(false);
    expect(isDigits('')).toBe(false);
  });
  it('S5-VAL-007 references allow at most 10 digits', () => {
    expect(referenceDigitsOk('1234567890')).toBe(true);
    expect(referenceDigitsOk('12345678901')).toBe(false);
    expect(referenceDigitsOk('REF-1000')).toBe(true);
  });
  it('S5-VAL-008 quantities are positive integers', () => {
    expect(isPositiveInteger(1)).toBe(true);
    for (const bad of [0, -1, 1.5, '', 'x']) expect(isPositiveInteger(bad)).toBe(false);
  });
  it('S5-VAL-009 e-mail addresses', () => {
    expect(isValidEmail('a@b.no')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('ab.no')).toBe(false);
    expect(isValidEmail('a b@c.no')).toBe(false);
  });
  it('S5-VAL-010 S5-VAL-011 S5-VAL-012 phones: characters, prefixes, +47 added', () => {
    expect(isValidPhone('+47 22-33 44 55')).toBe(true);
    expect(isValidPhone('22+33')).toBe(false);
    expect(isValidPhone('abc')).toBe(false);
    expect(isValidPhonePrefix('+46')).toBe(true);
    expect(isValidPhonePrefix('0046')).toBe(true);
    expect(isValidPhonePrefix('46')).toBe(false);
    expect(normalisePhone('22334455')).toBe('+4722334455');
    expect(normalisePhone('+4622334455')).toBe('+4622334455');
    expect(normalisePhone('004622334455')).toBe('+4622334455');
  });
  it('S5-VAL-013 S5-VAL-014 S5-VAL-015 S5-VAL-016 the accepted zip codes: 4 digits, 5 digits (spaces ignored), 3 digits, 5-7 word characters', () => {
    for (const ok of ['0150', '11122', '111 22', '101', 'SW1A1AA', 'SW1A 1AA'])
      expect({ ok, valid: isValidZipCode(ok) }).toEqual({ ok, valid: true });
    for (const bad of ['AB12', 'ABCDEFGH', '12', ''])
      expect({ bad, valid: isValidZipCode(bad) }).toEqual({ bad, valid: false });
  });
  it('S5-VAL-018 the simpler zip check: 4 digits, 3+2 digits with a space, 5 digits', () => {
    for (const ok of ['0150', '111 22', '11122']) expect(isSimpleZipCode(ok)).toBe(true);
    for (const bad of ['1112 2', 'ABC12', '101']) expect(isSimpleZipCode(bad)).toBe(false);
  });
  it('zip codes per market: NO and DK 4 digits, SE 5 (also 123 45), FI 5; others by the general rule', () => {
    expect(isValidZipCodeFor('NO', '0150')).toBe(true);
    expect(isValidZipCodeFor('NO', '01500')).toBe(false);
    expect(isValidZipCodeFor('DK', '2100')).toBe(true);
    expect(isValidZipCodeFor('SE', '111 22')).toBe(true);
    expect(isValidZipCodeFor('SE', '11122')).toBe(true);
    expect(isValidZipCodeFor('SE', '1112')).toBe(false);
    expect(isValidZipCodeFor('FI', '00100')).toBe(true);
    expect(isValidZipCodeFor('FI', '0010')).toBe(false);
    expect(isValidZipCodeFor('GB', 'SW1A 1AA')).toBe(true);
    expect(isValidZipCodeFor('DE', '10115')).toBe(true);
  });
  it('S5-VAL-020 S5-VAL-022 S5-VAL-023 dates yyyy-MM-dd, times HH:mm, durations mm:ss', () => {
    expect(isIsoDate('2026-11-22')).toBe(true);
    expect(isIsoDate('22.11.2026')).toBe(false);
    expect(isIsoDate('2026-13-45')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isTime('23:59')).toBe(true);
    expect(isTime('24:00')).toBe(false);
    expect(isTime('12:60')).toBe(false);
    expect(isMinutesSeconds('05:30')).toBe(true);
    expect(isMinutesSeconds('5:75')).toBe(false);
    expect(durationSeconds('05:30')).toBe(330);
    expect(durationSeconds('  ')).toBeNull();
  });
  it('S5-VAL-026 the delivery end date is bumped a day when earliest is later than latest', () => {
    expect(deliveryWindow('2026-11-22', '22:00', '02:00')).toEqual({
      start: '2026-11-22T22:00',
      end: '2026-11-23T02:00',
      endDate: '2026-11-23',
    });
    expect(deliveryWindow('2026-12-31', '23:00', '01:00').endDate).toBe('2027-01-01');
    expect(deliveryWindow('2026-11-22', '09:00', '10:00').endDate).toBe('2026-11-22');
  });
  it('S5-VAL-027 in a date range the to date follows a later from date', () => {
    expect(adjustDateRange('2026-11-25', '2026-11-20')).toEqual({
      from: '2026-11-25',
      to: '2026-11-25',
    });
    expect(adjustDateRange('2026-11-20', '2026-11-25').to).toBe('2026-11-25');
  });
  it('S5-VAL-033 S5-VAL-034 S5-VAL-035 dimensions all zero or all non-zero; volume l×w×h/1000 or the stated one', () => {
    expect(dimensionsConsistent(10, 0, 10)).toBe(false);
    expect(dimensionsConsistent(0, 0, 0)).toBe(true);
    expect(dimensionsConsistent(10, 10, 10)).toBe(true);
    expect(packageVolume({ length: 20, width: 30, height: 40 })).toBe(24);
    expect(packageVolume({ length: 0, width: 0, height: 0, volume: 12 })).toBe(12);
  });
  it('S5-VAL-036 S9-CONST-009 heavy goods above 35 kg; S5-VAL-037 pallet presets', () => {
    expect(isHeavyGoods([35])).toBe(false);
    expect(isHeavyGoods([1, 35.1])).toBe(true);
    for (const p of ['fullpallet', 'halfpallet', 'quarterpallet', 'trolley'])
      expect(isPalletPreset(p)).toBe(true);
    expect(isPalletPreset('largebox')).toBe(false);
    expect(isPalletPreset(undefined)).toBe(false);
  });
  it('S5-VAL-038 S5-VAL-039 a pickup block with only a country phone prefix is empty', () => {
    expect(defaultPhonePrefix).toEqual({ NO: '+47', SE: '+46', DK: '+45', FI: '+358' });
    expect(isEmptyAddressBlock({ name: '', phone: '+47', countryCode: 'NO' })).toBe(true);
    expect(isEmptyAddressBlock({ phone: '+358', secondPhone: ' ', countryCode: 'FI' })).toBe(true);
    expect(isEmptyAddressBlock({ name: 'A', phone: '+47' })).toBe(false);
    expect(isEmptyAddressBlock({ lat: 59.9 })).toBe(false);
  });
  it('S5-VAL-041 S5-VAL-042 S5-VAL-043 S5-VAL-044 S5-VAL-045 coordinate text: two parts, in range, up to 18 decimals, else nothing', () => {
    expect(parseCoordinates('59.9,10.7')).toEqual({ lat: 59.9, lng: 10.7 });
    expect(parseCoordinates('59.9')).toBeNull();
    expect(parseCoordinates('1,2,3')).toBeNull();
    expect(parseCoordinates('90,0')).toEqual({ lat: 90, lng: 0 });
    expect(parseCoordinates('90.1,0')).toBeNull();
    expect(parseCoordinates('0,-180')).toEqual({ lat: 0, lng: -180 });
    expect(parseCoordinates('0,180.5')).toBeNull();
    expect(parseCoordinates(`1.${'1'.repeat(18)},2`)).not.toBeNull();
    expect(parseCoordinates(`1.${'1'.repeat(19)},2`)).toBeNull();
    expect(() => parseCoordinates('abc')).not.toThrow();
    expect(parseCoordinates('abc')).toBeNull();
  });
  it('S8-ERR-020 every message is a validation key with an English text', () => {
    // Issue 13: "valid zip code" said nothing of what was wrong; it now names the rule.
    expect(validationMessages['validation.zipCode']).toBe(
      'not a valid postal code: 3 to 7 letters or digits',
    );
    expect(validationMessages['validation.number']).toBe('not a valid number');
    expect(validationMessages['validation.date']).toBe('invalid date format');
    expect(validationMessages['validation.required']).toBe('required');
    expect(validationMessages['validation.duration']).toBe('not a valid duration');
    expect(validationKeys.every((k) => k.startsWith('validation.'))).toBe(true);
  });
  it('S3-ENT-012 the generic parcel presets are the twelve of the spec with consistent dimensions', () => {
    expect(packagePresets.map((p) => p.id)).toEqual([
      'letter',
      'bag',
      'smallbox',
      'mediumbox',
      'largebox',
      'tube',
      'quarterpallet',
      'halfpallet',
      'fullpallet',
      'suitcase',
      'movingbox',
      'trolley',
    ]);
    for (const p of packagePresets) {
      expect(dimensionsConsistent(p.length, p.width, p.height)).toBe(true);
      expect(isPalletPreset(p.id)).toBe('palletFootPrints' in p);
    }
  });
});

describe('spec §5 validation rules (properties)', () => {
  it('S5-VAL-003 a number is valid exactly when it is finite and within the bound', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (n) => {
        expect(isValidNumber(n)).toBe(Number.isFinite(n) && Math.abs(n) <= NUMBER_BOUND);
      }),
    );
  });
  it('S5-VAL-002 a number written with a comma is the same as with a dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.integer({ min: 0, max: 999 }), (a, b) => {
        const dot = `${a}.${b}`;
        expect(isValidNumber(dot.replace('.', ','))).toBe(true);
        expect(isValidNumber(dot)).toBe(true);
      }),
    );
  });
  it('S5-VAL-006 digit strings pass, anything with a non-digit fails', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,20}$/), (s) => expect(isDigits(s)).toBe(true)));
    fc.assert(
      fc.property(
        fc.string(),
        fc.string().filter((c) => /\D/.test(c)),
        (a, b) => expect(isDigits(a + b)).toBe(false),
      ),
    );
  });
  it('S5-VAL-008 positive integers pass; zero, negatives and fractions fail', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: NUMBER_BOUND }), (n) =>
        expect(isPositiveInteger(n)).toBe(true),
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: -NUMBER_BOUND, max: 0 }), (n) =>
        expect(isPositiveInteger(n)).toBe(false),
      ),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
        (n) => expect(isPositiveInteger(n)).toBe(false),
      ),
    );
  });
  it('S5-VAL-012 normalising a valid phone gives + and digits and is idempotent; without prefix +47 comes first', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9][\d -]{5,12}\d$/), (raw) => {
        const stored = normalisePhone(raw);
        expect(stored).toMatch(/^\+\d+$/);
        expect(normalisePhone(stored)).toBe(stored);
        expect(stored.startsWith('+47')).toBe(true);
        expect(stored.slice(3)).toBe(raw.replace(/[ -]/g, ''));
      }),
    );
  });
  it('S5-VAL-013 S5-VAL-014 S5-VAL-015 every 3, 4 and 5 digit code is accepted, with spaces anywhere in the 5 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3,5}$/), fc.nat(5), (zip, at) => {
        expect(isValidZipCode(zip)).toBe(true);
        if (zip.length === 5)
          expect(isValidZipCode(`${zip.slice(0, at)} ${zip.slice(at)}`)).toBe(true);
      }),
    );
  });
  it('S5-VAL-016 5 to 7 word characters pass; more than 7 fail', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\w{5,7}$/), (z) => expect(isValidZipCode(z)).toBe(true)),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\w{8,12}$/), (z) => expect(isValidZipCode(z)).toBe(false)),
    );
  });
  it('S5-VAL-018 the simple check never accepts letters', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 6 }).filter((s) => /[A-Za-z]/.test(s)),
        (s) => expect(isSimpleZipCode(s)).toBe(false),
      ),
    );
  });
  it('S5-VAL-022 a time is valid exactly for hours 0-23 and minutes 0-59', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (h, m) => {
        const text = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(isTime(text)).toBe(h < 24 && m < 60);
      }),
    );
  });
  it('S5-VAL-020 every calendar date is valid; a day past the month end is not', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(isIsoDate(iso)).toBe(true);
          expect(isIsoDate(`${iso.slice(0, 8)}32`)).toBe(false);
        },
      ),
    );
  });
  it('S5-VAL-026 the bumped window always ends after it starts unless the times are equal', () => {
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(hhmm, hhmm, (a, b) => {
        const w = deliveryWindow('2026-11-22', a, b);
        if (a === b) expect(w.end! <= w.start!).toBe(true);
        else expect(w.end! > w.start!).toBe(true);
        expect(w.endDate).toBe(a > b ? '2026-11-23' : '2026-11-22');
      }),
    );
  });
  it('S5-VAL-027 the adjusted range never ends before it starts', () => {
    const day = fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (from, to) => {
        const r = adjustDateRange(from, to);
        expect(r.from).toBe(from);
        expect(r.to >= r.from).toBe(true);
      }),
    );
  });
  it('S5-VAL-033 S5-VAL-034 S5-VAL-035 volume follows the dimensions, or the stated volume when they are all zero', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.nat(500), fc.nat(500), fc.nat(10_000), (l, w, h, v) => {
        const volume = packageVolume({ length: l, width: w, height: h, volume: v });
        if (l === 0 && w === 0 && h === 0) expect(volume).toBe(v);
        else expect(volume).toBeCloseTo((l * w * h) / 1000, 9);
        expect(dimensionsConsistent(l, w, h)).toBe(
          (l === 0) === (w === 0) && (w === 0) === (h === 0),
        );
      }),
    );
  });
  it('S5-VAL-036 heavy goods exactly when some package is above 35 kg', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true })), (weights) =>
        expect(isHeavyGoods(weights)).toBe(weights.some((w) => w > 35)),
      ),
    );
  });
  it('S5-VAL-038 a block of empty strings and country prefixes is empty; any other text makes it not', () => {
    const filler = fc.constantFrom('', ' ', '+47', '+46', '+45', '+358');
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('name', 'address', 'phone', 'email'), filler),
        (block) => expect(isEmptyAddressBlock(block)).toBe(true),
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]{1,10}$/), (name) =>
        expect(isEmptyAddressBlock({ name, phone: '+47' })).toBe(false),
      ),
    );
  });
  it('S5-VAL-041 S5-VAL-042 S5-VAL-043 S5-VAL-044 S5-VAL-045 coordinates in range round-trip through the text; out of range give nothing', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, lng) => {
          const text = `${lat.toFixed(6)},${lng.toFixed(6)}`;
          expect(parseCoordinates(text)).toEqual({
            lat: Number(lat.toFixed(6)),
            lng: Number(lng.toFixed(6)),
          });
        },
      ),
    );
    fc.assert(
      fc.property(fc.double({ min: 90.0001, max: 999, noNaN: true }), (lat) =>
        expect(parseCoordinates(`${lat.toFixed(4)},0`)).toBeNull(),
      ),
    );
    fc.assert(fc.property(fc.string(), (s) => expect(() => parseCoordinates(s)).not.toThrow()));
  });
});
