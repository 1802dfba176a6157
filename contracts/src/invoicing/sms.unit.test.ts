import { describe, expect, it } from '@jest/globals';
import type { BookedOrder } from '../consignments/events.js';
import { createOrderSchema } from '../consignments/order.js';
import { foldOrderRow, type OrderEventRecord } from '../consignments/orderRow.js';
import type { Article, PriceList } from '../pricing/catalogue.js';
import { priceOf } from '../pricing/engine.js';
import { NO_INVOICING } from './events.js';
import { invoicingBasis, pricedOnOf } from './orders.js';
import { chargedSmsOf, withSentSms } from './sms.js';

const block = (name: string, zipCode: string) => ({
  name,
  address: 'Storgata 1',
  zipCode,
  zipArea: 'Oslo',
  countryCode: 'NO',
});
const order: BookedOrder = {
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-12-03',
    deliveryDate: '2026-12-04',
    priority: 'normal',
    type: 'Delivery',
    requiresConfirmation: false,
    pickup: block('Lager Alnabru', '0668'),
    delivery: block('Butikk Majorstuen', '0367'),
    measurements: [{ weight: 5, length: 40, width: 30, height: 20, quantity: 1 }],
  }),
  orderId: '7',
  shipmentId: '70900010000000019',
};

let revision = 0;
const at = (type: string, data: unknown): OrderEventRecord => ({
  type,
  data,
  streamRevision: revision++,
  metadata: { occurredAt: '2026-12-03T08:00:00.000Z', userId: '5' },
});
const outcome = (key: string, vasCode: string | null, outcomeName = 'SMS_SENT') =>
  at('PreAdviceOutcomeRecorded', {
    orderId: '7',
    key,
    cause: 'BOOKED',
    outcome: outcomeName,
    policyId: '3',
    vasCode,
  });

const article = (code: string, kind: Article['kind'], vasCode: string | null = null): Article => ({
  id: code,
  code,
  label: code,
  kind,
  vasCode,
  group: 'TRANSPORT',
  active: true,
});
const line = (articleCode: string, customerPrice: number) => ({
  articleCode,
  zone: null,
  from: 0,
  per: 'UNIT' as const,
  customerPrice,
  resourcePrice: 0,
});
const list = (lines: PriceList['lines']): PriceList => ({
  id: '1',
  name: 'Oslo',
  customerId: null,
  customerGroupId: null,
  departmentId: '1',
  currency: 'NOK',
  validFrom: '2026-01-01',
  validTo: null,
  zones: [],
  lines: [{ ...line('FREIGHT', 19_900), per: 'ORDER' }, ...lines],
});
const FREIGHT = article('FREIGHT', 'FREIGHT');
const SMS = article('SMS', 'SERVICE', '1091');
const SIGN = article('SIGN', 'SERVICE', 'SIGN');

describe('pre-advice SMS on the invoice (decision 0062 addendum)', () => {
  it('the order fold counts each sent SMS by its vas code, and only sent ones', () => {
    revision = 0;
    const row = foldOrderRow([
      at('OrderCreated', { order, state: 'RESOLVED' }),
      outcome('BOOKED', '1091'),
      outcome('DAY_BEFORE-2026-12-04', null, 'NO_VALID_PHONE_OR_EMAIL'),
      outcome('DISPATCHED-11', '1091'),
      outcome('STOPS_AWAY-11', '2001'),
    ])!;
    expect(row.invoicing?.smsSent).toEqual([
      { vasCode: '1091', count: 2 },
      { vasCode: '2001', count: 1 },
    ]);
    expect(row.revision).toBe(4);
    expect(pricedOnOf(row).smsSent).toEqual(row.invoicing?.smsSent);
    expect(chargedSmsOf({ type: 'PreAdviceQueued', data: { vasCode: '1091' } })).toBeNull();
  });

  it('a sent SMS is a unit of its vas code where the list prices it, and no error where not', () => {
    const invoicing = withSentSms(withSentSms(NO_INVOICING, '1091'), '1091');
    const basis = invoicingBasis(order, invoicing);
    expect(basis.services.get('1091')).toBe(2);
    const priced = (articles: Article[], lines: PriceList['lines']) =>
      priceOf({
        orderIds: ['7'],
        basis,
        list: list(lines),
        articles,
        country: 'NO',
        currency: 'NOK',
        deliveryZip: '0367',
      });
    const charged = priced([FREIGHT, SMS], [line('SMS', 150)]);
    expect(charged.errors).toEqual([]);
    expect(charged.lines.map((l) => [l.articleCode, l.quantity, l.customerAmount])).toEqual([
      ['FREIGHT', 1, 19_900],
      ['SMS', 2, 300],
    ]);
    // No article of the code, or no line for it in this list: not charged, the price complete.
    for (const free of [priced([FREIGHT], []), priced([FREIGHT, SMS], [])]) {
      expect(free.errors).toEqual([]);
      expect(free.customerNet).toBe(19_900);
    }
  });

  it('a booked service without a price stays an error, SMS or not', () => {
    const booked = {
      ...order,
      additionalServices: [{ vasCode: 'SIGN', quantity: 1, pureVas: false }],
    };
    const basis = invoicingBasis(booked, withSentSms(NO_INVOICING, '1091'));
    const p = priceOf({
      orderIds: ['7'],
      basis,
      list: list([]),
      articles: [FREIGHT, SIGN],
      country: 'NO',
      currency: 'NOK',
      deliveryZip: '0367',
    });
    expect(p.errors).toEqual([{ code: 'NO_SERVICE_PRICE', subject: 'SIGN' }]);
  });
});
