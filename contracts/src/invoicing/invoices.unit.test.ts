import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { currencies } from '../pricing/catalogue.js';
import { billingItemSchema, billingLines, type BillingOrder } from './billingOrders.js';
import {
  invoiceTotals,
  MAX_ORDERS_PER_INVOICE,
  planInvoices,
  vatOf,
  type InvoiceCandidate,
  type InvoiceGroup,
  type InvoiceLine,
} from './invoices.js';
import { invoiceSplits, type InvoiceSplit } from './split.js';

const customers = ['2', '10', '11'] as const;
const dates = ['2026-11-02', '2026-11-03', '2026-11-30'];
const vatRates = [0, 1200, 2500];

const lineArb = (orderId: string): fc.Arbitrary<InvoiceLine> =>
  fc
    .record({
      quantity: fc.integer({ min: 1, max: 50 }),
      unit: fc.integer({ min: -100_000, max: 1_000_000 }),
      resource: fc.integer({ min: 0, max: 500_000 }),
    })
    .map(({ quantity, unit, resource }) => ({
      orderId,
      billingOrderId: null,
      shipmentId: null,
      deliveryDate: dates[0]!,
      articleCode: 'FREIGHT',
      label: 'Freight',
      quantity,
      customerUnitPrice: unit,
      customerAmount: unit * quantity,
      resourceAmount: resource,
      corrected: false,
      creditLineId: null,
    }));

/** A candidate without its id: ids are given by position, so each (kind, id) is one candidate. */
const candidateArb = fc.record({
  kind: fc.constantFrom<InvoiceCandidate['kind']>('order', 'billingOrder'),
  customerId: fc.constantFrom(...customers),
  currency: fc.constantFrom(...currencies),
  vatBasisPoints: fc.constantFrom(...vatRates),
  deliveryDate: fc.constantFrom(...dates),
  splitKey: fc.constantFrom('', 'CC-100', 'CC-200'),
  standalone: fc.boolean(),
  lines: fc.array(lineArb('x'), { maxLength: 2 }),
});
const candidatesArb = fc
  .array(candidateArb, { maxLength: 60 })
  .map((cs): InvoiceCandidate[] => cs.map((c, i) => ({ ...c, id: String(i + 1) })));
const splitArb = fc.constantFrom(...invoiceSplits);
const splitsArb = fc.record({ '2': splitArb, '10': splitArb, '11': splitArb });
const splitOfFor = (splits: Record<string, InvoiceSplit>) => (customerId: string) =>
  splits[customerId]!;

const keyOf = (c: Pick<InvoiceCandidate, 'kind' | 'id'>) => `${c.kind}:${c.id}`;
const members = (groups: InvoiceGroup[]) => groups.flatMap((g) => g.candidates);

describe('planInvoices', () => {
  it('puts every candidate on exactly one invoice', () => {
    fc.assert(
      fc.property(candidatesArb, splitsArb, (candidates, splits) => {
        const groups = planInvoices(candidates, splitOfFor(splits));
        const placed = members(groups).map(keyOf).sort();
        expect(placed).toEqual(candidates.map(keyOf).sort());
        expect(groups.every((g) => g.candidates.length > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a standalone candidate an invoice of its own, whatever the split', () => {
    fc.assert(
      fc.property(candidatesArb, splitsArb, (candidates, splits) => {
        const groups = planInvoices(candidates, splitOfFor(splits));
        for (const c of candidates.filter((c) => c.standalone)) {
          const group = groups.find((g) => g.candidates.some((m) => keyOf(m) === keyOf(c)))!;
          expect(group.candidates).toEqual([c]);
          expect(group.standalone).toBe(true);
        }
        for (const g of groups.filter((g) => !g.standalone))
          expect(g.candidates.every((c) => !c.standalone)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never mixes customers, currencies or VAT rates on one invoice', () => {
    fc.assert(
      fc.property(candidatesArb, splitsArb, (candidates, splits) => {
        for (const g of planInvoices(candidates, splitOfFor(splits)))
          for (const c of g.candidates) {
            expect(c.customerId).toBe(g.customerId);
            expect(c.currency).toBe(g.currency);
            expect(c.vatBasisPoints).toBe(g.vatBasisPoints);
          }
      }),
      { numRuns: 300 },
    );
  });

  it('splits each customer as the customer says', () => {
    fc.assert(
      fc.property(candidatesArb, splitsArb, (candidates, splits) => {
        for (const g of planInvoices(candidates, splitOfFor(splits)))
          expect(g.split).toBe(splits[g.customerId as keyof typeof splits]);
      }),
      { numRuns: 200 },
    );
  });

  it('ORDER: one candidate per invoice', () => {
    fc.assert(
      fc.property(candidatesArb, (candidates) => {
        const groups = planInvoices(candidates, () => 'ORDER');
        expect(groups).toHaveLength(candidates.length);
        for (const g of groups) expect(g.candidates).toHaveLength(1);
      }),
      { numRuns: 200 },
    );
  });

  it('DELIVERY_DATE: the candidates of an invoice share their delivery date, which is its split key', () => {
    fc.assert(
      fc.property(candidatesArb, (candidates) => {
        for (const g of planInvoices(candidates, () => 'DELIVERY_DATE')) {
          const days = new Set(g.candidates.map((c) => c.deliveryDate));
          expect(days.size).toBe(1);
          if (!g.standalone) expect(g.splitKey).toBe(g.candidates[0]!.deliveryDate);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('SPLIT_KEY: the candidates of an invoice share their split key', () => {
    fc.assert(
      fc.property(candidatesArb, (candidates) => {
        for (const g of planInvoices(candidates, () => 'SPLIT_KEY'))
          expect(new Set(g.candidates.map((c) => c.splitKey)).size).toBe(1);
      }),
      { numRuns: 200 },
    );
  });

  it('NONE: one invoice per customer, currency and VAT rate, beside the standalone ones', () => {
    fc.assert(
      fc.property(candidatesArb, (candidates) => {
        const groups = planInvoices(candidates, () => 'NONE').filter((g) => !g.standalone);
        const combos = new Set(
          candidates
            .filter((c) => !c.standalone)
            .map((c) => [c.customerId, c.currency, c.vatBasisPoints].join('|')),
        );
        expect(groups).toHaveLength(combos.size);
      }),
      { numRuns: 300 },
    );
  });

  it(`holds at most MAX_ORDERS_PER_INVOICE (${MAX_ORDERS_PER_INVOICE}) candidates; a bigger group continues on the next invoice`, () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 * MAX_ORDERS_PER_INVOICE + 1 }),
        splitArb,
        (n, split) => {
          const candidates: InvoiceCandidate[] = Array.from({ length: n }, (_, i) => ({
            kind: 'order',
            id: String(i + 1),
            customerId: '2',
            currency: 'NOK',
            vatBasisPoints: 2500,
            deliveryDate: '2026-11-02',
            splitKey: '',
            standalone: false,
            lines: [],
          }));
          const groups = planInvoices(candidates, () => split);
          for (const g of groups)
            expect(g.candidates.length).toBeLessThanOrEqual(MAX_ORDERS_PER_INVOICE);
          expect(members(groups)).toHaveLength(n);
          expect(groups).toHaveLength(
            split === 'ORDER' ? n : Math.ceil(n / MAX_ORDERS_PER_INVOICE),
          );
        },
      ),
      {
        numRuns: 40,
        examples: [
          [MAX_ORDERS_PER_INVOICE, 'NONE'],
          [MAX_ORDERS_PER_INVOICE + 1, 'DELIVERY_DATE'],
          [2 * MAX_ORDERS_PER_INVOICE + 1, 'SPLIT_KEY'],
        ],
      },
    );
  });

  it('plans the same invoices whatever order the candidates come in', () => {
    fc.assert(
      fc.property(candidatesArb, splitsArb, (candidates, splits) => {
        const splitOf = splitOfFor(splits);
        expect(planInvoices([...candidates].reverse(), splitOf)).toEqual(
          planInvoices(candidates, splitOf),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('invoice sums', () => {
  const bp = fc.integer({ min: 0, max: 10_000 });
  const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

  it('invoiceTotals: net is the sum of the line amounts, gross is net + VAT, VAT is on the net', () => {
    fc.assert(
      fc.property(fc.array(lineArb('7'), { maxLength: 30 }), bp, (lines, rate) => {
        const t = invoiceTotals(lines, rate);
        let net = 0;
        let resource = 0;
        for (const l of lines) {
          net += l.customerAmount;
          resource += l.resourceAmount;
        }
        expect(t.net).toBe(net);
        expect(t.resourceNet).toBe(resource);
        expect(t.vat).toBe(vatOf(net, rate));
        expect(t.gross).toBe(t.net + t.vat);
      }),
      { numRuns: 300 },
    );
  });

  it('vatOf is an integer within half a minor unit of the exact VAT, and never -0', () => {
    fc.assert(
      fc.property(amount, bp, (net, rate) => {
        const vat = vatOf(net, rate);
        expect(Number.isInteger(vat)).toBe(true);
        expect(Math.abs(vat - (net * rate) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(Object.is(vat, -0)).toBe(false);
      }),
      { numRuns: 1000 },
    );
    // A credit too small to carry VAT carries none (not -0).
    expect(Object.is(vatOf(-1, 2500), 0)).toBe(true);
    expect(Object.is(vatOf(-1, 0), 0)).toBe(true);
  });

  it('vatOf is symmetric for credits: vatOf(-n) = -vatOf(n), halves rounded away from zero', () => {
    fc.assert(
      fc.property(amount, bp, (net, rate) => {
        // 0 - x: the negation without a -0 for a zero VAT.
        expect(vatOf(-net, rate)).toBe(0 - vatOf(net, rate));
      }),
      { numRuns: 1000 },
    );
    expect(vatOf(2, 2500)).toBe(1);
    expect(vatOf(-2, 2500)).toBe(-1);
  });

  it('billingLines: integer minor units, the unit amount × the quantity', () => {
    const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });
    const itemArb = fc.record({
      quantity: fc.integer({ min: 1, max: 100_000 }),
      customer: cents,
      carrier: cents,
    });
    fc.assert(
      fc.property(fc.array(itemArb, { minLength: 1, maxLength: 10 }), (raw) => {
        const items = raw.map((r, i) =>
          billingItemSchema.parse({
            specification: `Item ${i + 1}`,
            quantity: r.quantity,
            customerAmount: r.customer / 100,
            carrierAmount: r.carrier / 100,
            creditLineId: r.customer < 0 || r.carrier < 0 ? `100031-${i + 1}` : null,
            articleCode: 'STORAGE',
          }),
        );
        const order: BillingOrder = {
          id: '50',
          departmentId: '1',
          customerId: '2',
          deliveryDate: '2026-11-30',
          reference: '',
          items,
          createdBy: '3',
          createdAt: '2026-11-30T12:00:00.000Z',
          invoiced: null,
        };
        const lines = billingLines(order);
        expect(lines).toHaveLength(raw.length);
        lines.forEach((l, i) => {
          const r = raw[i]!;
          expect(Number.isInteger(l.customerUnitPrice)).toBe(true);
          expect(Number.isInteger(l.customerAmount)).toBe(true);
          expect(Number.isInteger(l.resourceAmount)).toBe(true);
          expect(l.customerUnitPrice).toBe(r.customer);
          expect(l.quantity).toBe(r.quantity);
          expect(l.customerAmount).toBe(l.customerUnitPrice * l.quantity);
          expect(l.resourceAmount).toBe(r.carrier * r.quantity);
          expect(l).toMatchObject({
            billingOrderId: '50',
            orderId: null,
            deliveryDate: '2026-11-30',
            creditLineId: items[i]!.creditLineId,
          });
        });
      }),
      { numRuns: 300 },
    );
  });
});
