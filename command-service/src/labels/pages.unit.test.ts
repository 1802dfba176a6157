import { describe, expect, it } from '@jest/globals';
import type { BookedOrder, TextWordings } from '@nordlog/contracts';
import { labelPages } from './pages.js';

const block = (name: string, countryCode: string) => ({
  name,
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode,
});

const orderTo = (countryCode: string, extra: Partial<BookedOrder> = {}) =>
  ({
    orderId: '7',
    departmentId: '1',
    customerId: '2',
    shipmentId: '70900010000000015',
    pickupDate: '2026-11-24',
    serviceId: 'HD',
    serviceCode: 'HD2E',
    additionalServices: [{ vasCode: 'FRAGILE', quantity: 1, pureVas: false }],
    pickup: block('Apotek', 'NO'),
    delivery: block('Kari Nordmann', countryCode),
    measurements: [
      { weight: 2, quantity: 2, packageIds: ['370900010000000017', '370900010000000024'] },
    ],
    ...extra,
  }) as unknown as BookedOrder;

const w = (en: string, nb = '', sv = ''): TextWordings => ({ en, nb, sv, da: '', fi: '', fr: '' });
const texts = [
  {
    key: 'footer',
    texts: w(
      'Sent by {customerName} via {departmentName}',
      'Sendt av {customerName} via {departmentName}',
    ),
  },
  {
    key: 'FRAGILE',
    texts: w('FRAGILE {packageId} of {shipmentId}', 'SKJØRT {packageId} av {shipmentId}'),
  },
  { key: 'COLD', texts: w('Keep cold') },
];
const customer = { name: 'Acme AS', address: null };

describe('the LABEL texts and the service code on a label (docs/decisions/0097)', () => {
  it('prints the texts of the order’s extras, then the footer, filled per package, in the delivery country’s language', () => {
    const pages = labelPages(orderTo('NO'), { id: '1', name: 'Oslo' }, customer, null, texts);
    expect(pages.map((p) => [p.serviceCode, p.texts])).toEqual([
      ['HD2E', ['SKJØRT 370900010000000017 av 70900010000000015', 'Sendt av Acme AS via Oslo']],
      ['HD2E', ['SKJØRT 370900010000000024 av 70900010000000015', 'Sendt av Acme AS via Oslo']],
    ]);
    // To Sweden: Swedish where written, else English.
    const se = labelPages(orderTo('SE'), { id: '1', name: 'Oslo' }, customer, null, texts);
    expect(se[0]!.texts).toEqual([
      'FRAGILE 370900010000000017 of 70900010000000015',
      'Sent by Acme AS via Oslo',
    ]);
  });

  it('prints the service’s own code where it has no template, and no texts when none applies', () => {
    const plain = orderTo('NO', {
      serviceCode: undefined,
      additionalServices: [],
    });
    const pages = labelPages(plain, { id: '1', name: 'Oslo' }, customer, null, texts.slice(1));
    expect(pages.map((p) => [p.serviceCode, p.texts])).toEqual([
      ['HD', []],
      ['HD', []],
    ]);
    const none = orderTo('NO', {
      serviceId: undefined,
      serviceCode: undefined,
    });
    expect(labelPages(none, { id: '1', name: 'Oslo' })[0]!.serviceCode).toBeNull();
  });
});
