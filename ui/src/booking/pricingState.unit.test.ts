import { describe, expect, it } from '@jest/globals';
import { priceOf, type Article, type PriceList } from '@nordlog/contracts';
import { noPricing, pricingState } from './pricingState';

const article = (code: string, kind: Article['kind'], vasCode: string | null = null): Article => ({
  id: code,
  code,
  label: code,
  kind,
  vasCode,
  group: 'TRANSPORT',
  active: true,
});
const list: PriceList = {
  id: '1',
  name: 'Oslo',
  customerId: null,
  customerGroupId: null,
  departmentId: '1',
  currency: 'NOK',
  validFrom: '2026-01-01',
  validTo: null,
  zones: [{ code: 'CITY', country: 'NO', fromZip: '0001', toZip: '1299' }],
  lines: [
    { articleCode: 'FREIGHT', zone: 'CITY', from: 0, per: 'ORDER', customerPrice: 19_900 },
    { articleCode: 'KG', zone: null, from: 0, per: 'UNIT', customerPrice: 100 },
  ],
} as PriceList;
/** A price lookup: the engine's price of a 12 kg order with a SIGN service, delivered in Oslo. */
const lookup = (deliveryZip: string, zones = list.zones) =>
  priceOf({
    orderIds: ['7'],
    basis: {
      chargeableKg: 12,
      weightKg: 12,
      volumeDmq: 10,
      packages: 1,
      extraStops: 0,
      waitingMinutes: 0,
      loadingMinutes: 0,
      dangerousGoods: false,
      services: new Map([['SIGN', 1]]),
    },
    list: { ...list, zones },
    articles: [
      article('FREIGHT', 'FREIGHT'),
      article('KG', 'WEIGHT'),
      article('SIGN', 'SERVICE', 'SIGN'),
    ],
    country: 'NO',
    currency: 'NOK',
    deliveryZip,
  });

describe('the booking form: pricing and services state', () => {
  it('S3-ENT-069 after a price lookup the state has pickupServices, deliveryServices, departmentServices, price, errors and useRecipientRouting', () => {
    const price = lookup('0155');
    const state = pricingState([{ vasCode: 'SIGN' }], price);
    expect(Object.keys(state).sort()).toEqual(
      [
        'departmentServices',
        'deliveryServices',
        'errors',
        'pickupServices',
        'price',
        'useRecipientRouting',
      ].sort(),
    );
    expect(state).toEqual({
      pickupServices: [],
      deliveryServices: ['SIGN'],
      departmentServices: ['FREIGHT', 'KG'],
      price,
      // SIGN has no price on the list: the delivery service's error.
      errors: {
        pickupServices: [],
        deliveryServices: ['NO_SERVICE_PRICE: SIGN'],
        departmentServices: [],
      },
      useRecipientRouting: true,
    });
    // A list without zones prices without the recipient's zone.
    expect(pricingState([], lookup('0155', [])).useRecipientRouting).toBe(false);
    // Before a lookup (or a failed one): the same keys, nothing known.
    expect(pricingState([{ vasCode: 'SIGN' }], null)).toEqual(noPricing);
    expect(Object.keys(noPricing).sort()).toEqual(Object.keys(state).sort());
  });
});
