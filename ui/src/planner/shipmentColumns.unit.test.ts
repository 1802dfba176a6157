import { describe, expect, it } from '@jest/globals';
import type { ConsignmentRow } from '@nordlog/contracts';
import { appMessages } from '../i18n/appMessages';
import { createTranslator } from '../i18n/translator';
import { shipmentColumns } from './shipmentColumns';

describe('the shipments grid’s time-window columns', () => {
  it('an overnight delivery window (18:00–09:00) reads as ending the next day, in the user’s language', () => {
    const text = (locale: 'en' | 'nb', row: Partial<ConsignmentRow>, id: string) => {
      const columns = shipmentColumns(
        createTranslator(locale, appMessages[locale]),
        locale,
        'Europe/Oslo',
        () => '',
      );
      return columns.find((c) => c.id === id)!.text(row as ConsignmentRow);
    };
    const overnight = { deliveryTimeEarliest: '18:00', deliveryTimeLatest: '09:00' };
    expect(text('en', overnight, 'deliveryTime')).toBe('18:00–09:00 (+1 day)');
    expect(text('nb', overnight, 'deliveryTime')).toBe('18:00–09:00 (+1 dag)');
    const day = { pickupTimeEarliest: '08:00', pickupTimeLatest: '16:00' };
    expect(text('en', day, 'pickupTime')).toBe('08:00–16:00');
    expect(
      text('en', { deliveryTimeEarliest: null, deliveryTimeLatest: null }, 'deliveryTime'),
    ).toBe('');
  });
});

describe('the shipments grid’s id columns', () => {
  it('the Shipment column shows the GSIN, as the labels and the confirmation do; the order number has its own column', () => {
    const columns = shipmentColumns(
      createTranslator('en', appMessages.en),
      'en',
      'Europe/Oslo',
      () => '',
    );
    const text = (id: string, row: Partial<ConsignmentRow>) =>
      columns.find((c) => c.id === id)!.text(row as ConsignmentRow);
    const row = { orderId: '57', shipmentId: '70900010000000034' };
    expect(text('shipmentId', row)).toBe('70900010000000034');
    expect(text('orderId', row)).toBe('57');
    // An order from before the number series has no GSIN: its order number stands in.
    expect(text('shipmentId', { orderId: '3', shipmentId: null })).toBe('3');
  });
});

describe('the shipments grid’s service code column (docs/decisions/0097)', () => {
  it('shows the order’s concrete service code, headed in the language, empty without one', () => {
    const columns = shipmentColumns(
      createTranslator('nb', appMessages.nb),
      'nb',
      'Europe/Oslo',
      () => '',
    );
    const column = columns.find((c) => c.id === 'serviceCode')!;
    expect(column.header).toBe('Tjenestekode');
    expect(column.text({ serviceCode: 'HD150-E' } as ConsignmentRow)).toBe('HD150-E');
    expect(column.text({ serviceCode: null } as ConsignmentRow)).toBe('');
    expect(column.text({} as ConsignmentRow)).toBe('');
  });
});
