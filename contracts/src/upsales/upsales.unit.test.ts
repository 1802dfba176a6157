import { describe, expect, it } from '@jest/globals';
import {
  createUpsalesRuleSchema,
  upsalesRuleForCustomer,
  upsalesSuggestions,
  type UpsalesRule,
} from './index.js';

const rule = (id: string, fields: Partial<UpsalesRule> = {}): UpsalesRule => ({
  ...createUpsalesRuleSchema.parse({ name: `Rule ${id}`, articleId: '1' }),
  id,
  ...fields,
});
const booking = { serviceCode: 'EXPRESS', weightKg: 12, postalCode: '0150' };

describe('upsales rules (docs/decisions/0087)', () => {
  it('the schema refuses a weight range that ends before it starts and half a postal range, on the field', () => {
    const issues = (fields: object) => {
      const r = createUpsalesRuleSchema.safeParse({ name: 'R', articleId: '1', ...fields });
      return r.success
        ? {}
        : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ weightFromKg: 10, weightToKg: 5 })).toEqual({
      weightToKg: 'validation.weightRange',
    });
    expect(issues({ postalCodeFrom: '0150' })).toEqual({ postalCodeTo: 'validation.required' });
    expect(issues({ postalCodeFrom: '0150', postalCodeTo: '01 49' })).toEqual({
      postalCodeTo: 'validation.postalCodeRange',
    });
    expect(issues({ serviceCodes: ['A', 'A'] })).toEqual({
      'serviceCodes.1': 'validation.serviceRepeated',
    });
    expect(
      issues({ weightFromKg: 5, weightToKg: 5, postalCodeFrom: '0150', postalCodeTo: '0150' }),
    ).toEqual({});
  });

  it('a rule is for its customers, its groups’ members, or everyone when it names neither', () => {
    expect(upsalesRuleForCustomer(rule('1'), 'c1', [])).toBe(true);
    expect(upsalesRuleForCustomer(rule('1', { customerIds: ['c1'] }), 'c1', [])).toBe(true);
    expect(upsalesRuleForCustomer(rule('1', { customerIds: ['c2'] }), 'c1', [])).toBe(false);
    expect(upsalesRuleForCustomer(rule('1', { customerGroupIds: ['g1'] }), 'c1', ['g1'])).toBe(
      true,
    );
    expect(upsalesRuleForCustomer(rule('1', { customerGroupIds: ['g1'] }), 'c1', ['g2'])).toBe(
      false,
    );
  });

  it('suggests the enabled rules whose service, weight and postal code hold, by priority, one per extra, at most three, none already booked', () => {
    const ids = (rules: UpsalesRule[], booked: string[] = []) =>
      upsalesSuggestions(rules, booking, (a) => booked.includes(a)).map((r) => r.id);
    expect(ids([rule('off', { enabled: false })])).toEqual([]);
    expect(
      ids([
        rule('other', { serviceCodes: ['ECONOMY'] }),
        rule('mine', { serviceCodes: ['EXPRESS'] }),
      ]),
    ).toEqual(['mine']);
    expect(ids([rule('heavy', { weightFromKg: 20 }), rule('light', { weightToKg: 12 })])).toEqual([
      'light',
    ]);
    expect(
      ids([
        rule('far', { postalCodeFrom: '5000', postalCodeTo: '5999' }),
        rule('near', { postalCodeFrom: '0100', postalCodeTo: '0199' }),
      ]),
    ).toEqual(['near']);
    expect(
      ids([
        rule('b', { priority: 5, articleId: '2' }),
        rule('a', { priority: 1, articleId: '3' }),
        rule('same extra', { priority: 9, articleId: '3' }),
        rule('c', { priority: 7, articleId: '4' }),
        rule('d', { priority: 8, articleId: '5' }),
      ]),
    ).toEqual(['a', 'b', 'c']);
    expect(ids([rule('x', { articleId: '2' }), rule('y', { articleId: '3' })], ['2'])).toEqual([
      'y',
    ]);
    // Unknown weight or postal code: a rule that needs them does not match.
    expect(
      upsalesSuggestions([rule('w', { weightToKg: 30 })], { ...booking, weightKg: null }),
    ).toEqual([]);
  });
});
