import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { updateServiceMappingSchema } from '../texts/index.js';
import {
  expandServiceCode,
  orderWeightKg,
  resolveServiceCode,
  serviceCodeTemplateIssue,
  serviceTimeVariant,
  serviceTimeVariants,
  serviceWeightBrackets,
  weightBracket,
} from './serviceCodes.js';

const brackets = [25, 50, 150, 500, 1000, 1500, 3000, 5000, 8000];

describe('service codes (docs/decisions/0093)', () => {
  it('S5-VAL-075: a code with the weight placeholder yields 9 codes with these numbers', () => {
    expect(serviceWeightBrackets).toEqual(brackets);
    expect(expandServiceCode('HD{W}')).toEqual(brackets.map((b) => `HD${b}`));
  });

  it('S5-VAL-076: the evening placeholder becomes -E for evening variants and -D for day ones', () => {
    const code = (variant: (typeof serviceTimeVariants)[number]) =>
      resolveServiceCode('HD{E}', { weightKg: 1, variant });
    expect(code('EVENING')).toMatchObject({ ok: true, code: 'HD-E' });
    expect(code('WEEKEND_EVENING')).toMatchObject({ ok: true, code: 'HD-E' });
    expect(code('DAY')).toMatchObject({ ok: true, code: 'HD-D' });
    expect(code('WEEKEND')).toMatchObject({ ok: true, code: 'HD-D' });
    expect(expandServiceCode('HD{W}{E}')).toHaveLength(18);
    expect(expandServiceCode('HD{V}')).toEqual(['HDD', 'HDE', 'HDW', 'HDWE']);
  });

  it('S4-STATE-018: the time-of-day variants are DAY, EVENING, WEEKEND, WEEKEND_EVENING', () => {
    expect(serviceTimeVariants).toEqual(['DAY', 'EVENING', 'WEEKEND', 'WEEKEND_EVENING']);
  });

  it('the bracket is the smallest at or above the weight (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 8000, noNaN: true }), (w) => {
        const b = weightBracket(w)!;
        expect(b).toBeGreaterThanOrEqual(w);
        expect(brackets.filter((x) => x >= w)[0]).toBe(b);
      }),
    );
    expect(weightBracket(25)).toBe(25);
    expect(weightBracket(25.01)).toBe(50);
    expect(weightBracket(8000.5)).toBeNull();
    expect(resolveServiceCode('HD{W}', { weightKg: 9000, variant: 'DAY' })).toEqual({
      ok: false,
      reason: 'overweight',
    });
    // Without {W} the weight does not matter.
    expect(resolveServiceCode('HD{E}', { weightKg: 9000, variant: 'DAY' })).toMatchObject({
      ok: true,
      code: 'HD-D',
    });
  });

  it('every resolved code is one of the expansion (property)', () => {
    const template = fc
      .array(fc.constantFrom('HD', 'X', '-', '{W}', '{E}', '{V}', '_9'), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => parts.join(''))
      .filter((t) => serviceCodeTemplateIssue(t) === null);
    fc.assert(
      fc.property(
        template,
        fc.double({ min: 0, max: 8000, noNaN: true }),
        fc.constantFrom(...serviceTimeVariants),
        (t, weightKg, variant) => {
          const r = resolveServiceCode(t, { weightKg, variant });
          expect(r.ok).toBe(true);
          if (r.ok) expect(expandServiceCode(t)).toContain(r.code);
          expect(r.ok && /[{}]/.test(r.code)).toBe(false);
        },
      ),
    );
  });

  it('unknown placeholders and other characters are refused; the admin save is a 400 item', () => {
    expect(serviceCodeTemplateIssue('HD{W}{E}')).toBeNull();
    expect(serviceCodeTemplateIssue('HD{X}')).toBe('validation.serviceCodePlaceholder');
    expect(serviceCodeTemplateIssue('HD{w}')).toBe('validation.serviceCodePlaceholder');
    expect(serviceCodeTemplateIssue('HD{W')).toBe('validation.serviceCodePlaceholder');
    expect(serviceCodeTemplateIssue('hd{W}')).toBe('validation.serviceCode');
    expect(serviceCodeTemplateIssue('')).toBe('validation.serviceCode');
    expect(serviceCodeTemplateIssue('A'.repeat(41))).toBe('validation.serviceCode');
    const parsed = updateServiceMappingSchema.safeParse({ id: '1', serviceCode: 'HD{KG}' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['serviceCode'],
      message: 'validation.serviceCodePlaceholder',
    });
    expect(updateServiceMappingSchema.parse({ id: '1', serviceCode: null }).serviceCode).toBeNull();
  });

  it('the variant is read in the delivery country: evening from 17:00, weekend by the date', () => {
    const at = (date: string, earliest: string, country = 'NO', zone = 'Europe/Oslo') =>
      serviceTimeVariant({
        deliveryDate: date,
        deliveryTimeEarliest: earliest,
        orderTimeZone: zone,
        deliveryCountry: country,
      });
    // 2026-12-04 is a Friday, 2026-12-05 a Saturday.
    expect(at('2026-12-04', '16:59')).toBe('DAY');
    expect(at('2026-12-04', '17:00')).toBe('EVENING');
    expect(at('2026-12-05', '10:00')).toBe('WEEKEND');
    expect(at('2026-12-05', '18:00')).toBe('WEEKEND_EVENING');
    // Booked in Oslo's time, delivered in Helsinki (one hour ahead): 16:30 Oslo is 17:30 there.
    expect(at('2026-12-04', '16:30', 'FI')).toBe('EVENING');
    // 23:30 Oslo on Friday is 00:30 Saturday in Helsinki.
    expect(at('2026-12-04', '23:30', 'FI')).toBe('WEEKEND');
    // No times: a day delivery.
    expect(
      serviceTimeVariant({
        deliveryDate: '2026-12-07',
        orderTimeZone: 'Europe/Oslo',
        deliveryCountry: 'NO',
      }),
    ).toBe('DAY');
  });

  it("the order's weight is every line's normalised weight times its quantity", () => {
    expect(
      orderWeightKg([
        { weight: 10, quantity: 3 },
        { weight: 500, weightUnit: 'GRM' },
      ]),
    ).toBe(30.5);
  });
});
