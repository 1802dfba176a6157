import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { BookedOrder } from '../consignments/events.js';
import { articleKinds, type Article, type PriceLine, type PriceList } from './catalogue.js';
import {
  applicableList,
  basisOf,
  bracketOf,
  priceOf,
  toMinor,
  tripBasis,
  zoneOf,
  type PricingBasis,
} from './engine.js';

const article = (code: string, kind: Article['kind'], vasCode: string | null = null): Article => ({
  id: code,
  code,
  label: code,
  kind,
  vasCode,
  group: 'TRANSPORT',
  active: true,
});
const ARTICLES = [
  article('FREIGHT', 'FREIGHT'),
  article('KG', 'WEIGHT'),
  article('PKG', 'PACKAGE'),
  article('STOP', 'STOP'),
  article('SIGN', 'SERVICE', 'SIGN'),
  article('ADR', 'DANGEROUS_GOODS'),
  article('WAIT', 'WAITING_TIME'),
  article('DISCOUNT', 'CREDIT'),
];
const list = (over: Partial<PriceList> = {}): PriceList => ({
  id: '1',
  name: 'Oslo',
  customerId: null,
  customerGroupId: null,
  departmentId: '1',
  currency: 'NOK',
  validFrom: '2026-01-01',
  validTo: null,
  zones: [
    { code: 'CITY', country: 'NO', fromZip: '0001', toZip: '1299' },
    { code: 'REGION', country: 'NO', fromZip: '1300', toZip: '3999' },
  ],
  lines: [
    {
      articleCode: 'FREIGHT',
      zone: 'CITY',
      from: 0,
      per: 'ORDER',
      customerPrice: 19_900,
      resourcePrice: 14_000,
    },
    {
      articleCode: 'FREIGHT',
      zone: 'CITY',
      from: 35,
      per: 'ORDER',
      customerPrice: 34_900,
      resourcePrice: 25_000,
    },
    {
      articleCode: 'FREIGHT',
      zone: 'REGION',
      from: 0,
      per: 'ORDER',
      customerPrice: 29_900,
      resourcePrice: 21_000,
    },
    {
      articleCode: 'KG',
      zone: null,
      from: 100,
      per: 'UNIT',
      customerPrice: 150,
      resourcePrice: 90,
    },
    {
      articleCode: 'STOP',
      zone: null,
      from: 0,
      per: 'UNIT',
      customerPrice: 5_000,
      resourcePrice: 4_000,
    },
    {
      articleCode: 'SIGN',
      zone: null,
      from: 0,
      per: 'UNIT',
      customerPrice: 2_500,
      resourcePrice: 0,
    },
    {
      articleCode: 'ADR',
      zone: null,
      from: 0,
      per: 'ORDER',
      customerPrice: 45_000,
      resourcePrice: 20_000,
    },
    {
      articleCode: 'WAIT',
      zone: null,
      from: 0,
      per: 'UNIT',
      customerPrice: 1_000,
      resourcePrice: 800,
    },
  ],
  ...over,
});
const basis = (over: Partial<PricingBasis> = {}): PricingBasis => ({
  chargeableKg: 10,
  weightKg: 10,
  volumeDmq: 20,
  packages: 1,
  extraStops: 0,
  waitingMinutes: 0,
  loadingMinutes: 0,
  dangerousGoods: false,
  services: new Map(),
  ...over,
});
const price = (b: PricingBasis, over: Partial<Parameters<typeof priceOf>[0]> = {}) =>
  priceOf({
    orderIds: ['7'],
    basis: b,
    list: list(),
    articles: ARTICLES,
    country: 'NO',
    currency: 'NOK',
    deliveryZip: '0155',
    ...over,
  });

describe('the price engine', () => {
  it('prices freight by zone and weight bracket, per-unit surcharges, services, ADR and waiting time, with VAT', () => {
    const p = price(
      basis({
        chargeableKg: 120,
        services: new Map([['SIGN', 2]]),
        dangerousGoods: true,
        waitingMinutes: 15,
      }),
    );
    expect(p.errors).toEqual([]);
    expect(p.zone).toBe('CITY');
    expect(
      p.lines.map((l) => [l.articleCode, l.quantity, l.customerAmount, l.resourceAmount]),
    ).toEqual([
      ['FREIGHT', 1, 34_900, 25_000],
      ['KG', 120, 18_000, 10_800],
      ['SIGN', 2, 5_000, 0],
      ['ADR', 1, 45_000, 20_000],
      ['WAIT', 15, 15_000, 12_000],
    ]);
    expect(p.customerNet).toBe(117_900);
    expect(p.vat).toBe(29_475);
    expect(p.customerGross).toBe(147_375);
    expect(price(basis(), { deliveryZip: '2000' }).lines[0]!.customerAmount).toBe(29_900);
    // Finland: 25.5 % VAT.
    expect(
      price(basis(), { country: 'FI', deliveryZip: '00100', list: list({ zones: [] }) })
        .vatBasisPoints,
    ).toBe(2550);
  });

  it('says why a price is missing instead of inventing one', () => {
    expect(price(basis(), { list: null }).errors).toEqual([
      { code: 'NO_PRICE_LIST', subject: null },
    ]);
    expect(price(basis(), { deliveryZip: '9000' }).errors).toEqual([
      { code: 'NO_ZONE', subject: null },
      { code: 'NO_FREIGHT_PRICE', subject: null },
    ]);
    expect(price(basis({ services: new Map([['SMS', 1]]) })).errors).toEqual([
      { code: 'NO_SERVICE_PRICE', subject: 'SMS' },
    ]);
  });

  it('a price correction replaces the computed line; only a credit may be negative', () => {
    const p = price(basis(), {
      corrections: [
        { articleCode: 'FREIGHT', customerPrice: 150.5, resourcePrice: 100 },
        { articleCode: 'DISCOUNT', articleLabel: 'Goodwill', customerPrice: -25 },
        { articleCode: 'KG', customerPrice: -10 },
      ],
    });
    expect(p.lines.map((l) => [l.articleCode, l.customerAmount, l.corrected])).toEqual([
      ['FREIGHT', 15_050, true],
      ['DISCOUNT', -2_500, true],
      ['KG', 0, true],
    ]);
    expect(p.customerNet).toBe(12_550);
    expect(
      price(basis(), { list: null, corrections: [{ articleCode: 'FREIGHT', customerPrice: 99 }] })
        .errors,
    ).toEqual([{ code: 'NO_PRICE_LIST', subject: null }]);
    expect(
      price(basis(), { corrections: [{ articleCode: 'NOPE', customerPrice: 1 }] }).errors,
    ).toEqual([{ code: 'UNKNOWN_ARTICLE', subject: 'NOPE' }]);
  });

  it('multi-stop: one freight on the trip’s weight, a stop line for each stop beyond the first', () => {
    const trip = tripBasis([basis({ chargeableKg: 20 }), basis({ chargeableKg: 20 }), basis()]);
    const p = price(trip);
    expect(p.lines.map((l) => [l.articleCode, l.quantity, l.customerAmount])).toEqual([
      ['FREIGHT', 1, 34_900],
      ['STOP', 2, 10_000],
    ]);
  });

  it('finds zones by postal-code range, brackets by their lower bound, zone lines before any-zone lines', () => {
    const zones = list().zones;
    expect([
      zoneOf(zones, 'NO', '0155'),
      zoneOf(zones, 'NO', '1300'),
      zoneOf(zones, 'SE', '0155'),
      zoneOf(zones, 'NO', 'x'),
    ]).toEqual(['CITY', 'REGION', null, null]);
    const lines: PriceLine[] = [
      { articleCode: 'A', zone: null, from: 0, per: 'ORDER', customerPrice: 1, resourcePrice: 0 },
      { articleCode: 'A', zone: 'Z', from: 10, per: 'ORDER', customerPrice: 2, resourcePrice: 0 },
    ];
    expect(bracketOf(lines, 'A', 'Z', 5)?.customerPrice).toBe(1);
    expect(bracketOf(lines, 'A', 'Z', 10)?.customerPrice).toBe(2);
    expect(bracketOf(lines, 'B', 'Z', 10)).toBeNull();
  });

  it('the customer’s list before its group’s before its department’s, valid on the date, the latest first', () => {
    const lists = [
      list({ id: 'dep' }),
      list({ id: 'group', departmentId: null, customerGroupId: '5' }),
      list({
        id: 'old',
        departmentId: null,
        customerId: '3',
        validFrom: '2025-01-01',
        validTo: '2025-12-31',
      }),
      list({ id: 'own', departmentId: null, customerId: '3', validFrom: '2026-03-01' }),
      list({ id: 'own-earlier', departmentId: null, customerId: '3', validFrom: '2026-02-01' }),
    ];
    const pick = (customerId: string, date: string, groups: string[]) =>
      applicableList(lists, { customerId, departmentId: '1', date }, groups)?.id ?? null;
    expect(pick('3', '2026-06-01', ['5'])).toBe('own');
    expect(pick('3', '2026-02-15', ['5'])).toBe('own-earlier');
    expect(pick('3', '2025-06-01', [])).toBe('old');
    expect(pick('4', '2026-06-01', ['5'])).toBe('group');
    expect(pick('4', '2026-06-01', [])).toBe('dep');
    expect(pick('4', '2025-06-01', [])).toBeNull();
  });

  it('chargeable weight is the greater of the weight and 0.28 kg per dm³', () => {
    const order = {
      measurements: [{ weight: 2, length: 100, width: 50, height: 50, quantity: 2 }],
      additionalServices: [{ vasCode: 'SIGN', quantity: 1, pureVas: false }],
      adrGoods: [],
    } as unknown as BookedOrder;
    const b = basisOf(order);
    expect([b.weightKg, b.volumeDmq, b.chargeableKg, b.packages]).toEqual([4, 500, 140, 2]);
    expect([...b.services]).toEqual([['SIGN', 1]]);
    expect([toMinor(12.345), toMinor(-0.005), toMinor(0)]).toEqual([1235, -1, 0]);
  });

  // Property tests over random lists, bases and corrections.
  const codes = ARTICLES.map((a) => a.code);
  const lineArb = fc.record({
    articleCode: fc.constantFrom(...codes),
    zone: fc.constantFrom(null, 'CITY', 'REGION', 'NOWHERE'),
    from: fc.integer({ min: 0, max: 500 }),
    per: fc.constantFrom('ORDER' as const, 'UNIT' as const),
    customerPrice: fc.integer({ min: 0, max: 1_000_000 }),
    resourcePrice: fc.integer({ min: 0, max: 1_000_000 }),
  });
  const basisArb = fc.record({
    chargeableKg: fc.double({ min: 0, max: 5000, noNaN: true }),
    weightKg: fc.double({ min: 0, max: 5000, noNaN: true }),
    volumeDmq: fc.double({ min: 0, max: 50_000, noNaN: true }),
    packages: fc.integer({ min: 0, max: 1000 }),
    extraStops: fc.integer({ min: 0, max: 20 }),
    waitingMinutes: fc.integer({ min: 0, max: 600 }),
    loadingMinutes: fc.integer({ min: 0, max: 600 }),
    dangerousGoods: fc.boolean(),
    services: fc
      .array(fc.tuple(fc.constantFrom('SIGN', 'SMS'), fc.integer({ min: 1, max: 5 })), {
        maxLength: 3,
      })
      .map((s) => new Map(s)),
  });
  const correctionArb = fc.record({
    articleCode: fc.constantFrom(...codes),
    customerPrice: fc.double({ min: -10_000, max: 10_000, noNaN: true }),
    resourcePrice: fc.double({ min: -10_000, max: 10_000, noNaN: true }),
  });
  const inputArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 20 }),
    basis: basisArb,
    zip: fc.constantFrom('0155', '1300', '9999'),
    corrections: fc.array(correctionArb, { maxLength: 4 }),
    country: fc.constantFrom('NO', 'SE', 'DK', 'FI'),
  });
  const run = (i: {
    lines: PriceLine[];
    basis: PricingBasis;
    zip: string;
    corrections: { articleCode: string; customerPrice: number; resourcePrice: number }[];
    country: string;
  }) =>
    price(i.basis, {
      list: list({ lines: i.lines }),
      deliveryZip: i.zip,
      corrections: i.corrections,
      country: i.country,
    });

  it('property: amounts are whole minor units, never negative unless a credit; lines sum to the totals; VAT is the rate of the net', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const p = run(i);
        for (const l of p.lines) {
          expect(Number.isInteger(l.customerAmount) && Number.isInteger(l.resourceAmount)).toBe(
            true,
          );
          if (l.kind !== 'CREDIT')
            expect(Math.min(l.customerAmount, l.resourceAmount)).toBeGreaterThanOrEqual(0);
          expect(articleKinds).toContain(l.kind);
        }
        expect(p.customerNet).toBe(p.lines.reduce((n, l) => n + l.customerAmount, 0));
        expect(p.resourceNet).toBe(p.lines.reduce((n, l) => n + l.resourceAmount, 0));
        expect(p.customerGross).toBe(p.customerNet + p.vat);
        expect(Math.abs(p.vat - (p.customerNet * p.vatBasisPoints) / 10_000)).toBeLessThanOrEqual(
          0.5,
        );
      }),
      { numRuns: 300, seed: 20261125 },
    );
  });

  it('property: the same order priced twice gives the same lines', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        expect(run(i)).toEqual(run(i));
      }),
      { numRuns: 200, seed: 20261125 },
    );
  });

  it('property: a heavier order never pays less freight on brackets that rise with weight', () => {
    const rising = fc
      .uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 6 })
      .map((froms) =>
        froms
          .sort((a, b) => a - b)
          .map((from, k): PriceLine => ({
            articleCode: 'FREIGHT',
            zone: null,
            from,
            per: 'ORDER',
            customerPrice: 10_000 + k * 5_000,
            resourcePrice: 0,
          })),
      );
    fc.assert(
      fc.property(
        rising,
        fc.double({ min: 0, max: 1200, noNaN: true }),
        fc.double({ min: 0, max: 300, noNaN: true }),
        (lines, kg, more) => {
          const freight = (weight: number) =>
            price(basis({ chargeableKg: weight }), { list: list({ lines, zones: [] }) }).lines.find(
              (l) => l.kind === 'FREIGHT',
            )?.customerAmount ?? 0;
          expect(freight(kg + more)).toBeGreaterThanOrEqual(freight(kg));
        },
      ),
      { numRuns: 200, seed: 20261125 },
    );
  });
});
