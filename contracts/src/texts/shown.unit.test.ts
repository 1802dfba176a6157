import { describe, expect, it } from '@jest/globals';
import {
  appliedTextKeys,
  appliedTexts,
  fillPlaceholders,
  labelLanguage,
  textPlaceholders,
  type TextWordings,
} from '../index.js';

const wordings = (en: string, more: Partial<TextWordings> = {}): TextWordings => ({
  en,
  nb: '',
  sv: '',
  da: '',
  fi: '',
  fr: '',
  ...more,
});

describe('placeholder filling (docs/decisions/0097)', () => {
  it('fills every placeholder of the LABEL group, each occurrence', () => {
    const values = {
      shipmentId: '70123456789012345',
      packageId: '00370123450000000018',
      customerName: 'Acme AS',
      departmentName: 'Oslo',
    };
    expect(Object.keys(values).sort()).toEqual([...textPlaceholders.LABEL].sort());
    expect(
      fillPlaceholders(
        '{customerName} via {departmentName}: {shipmentId}/{packageId} ({customerName})',
        values,
      ),
    ).toBe('Acme AS via Oslo: 70123456789012345/00370123450000000018 (Acme AS)');
  });

  it('prints nothing for an empty or missing value, closing the spaces it leaves', () => {
    expect(
      fillPlaceholders('Booked for {customerName} on {date}', { customerName: '', date: null }),
    ).toBe('Booked for on');
    expect(fillPlaceholders('  {customerName}  ships  ', { customerName: undefined })).toBe(
      'ships',
    );
  });

  it('leaves a name without a value as written, and braces without a name', () => {
    expect(fillPlaceholders('{code} and {} stay', { date: '2026-12-05' })).toBe(
      '{code} and {} stay',
    );
  });
});

describe('the texts that apply to an order', () => {
  it('takes its service, its service code, its extras, then the general key, once each', () => {
    expect(
      appliedTextKeys(
        {
          serviceId: 'EXPRESS',
          serviceCode: 'HD1E',
          vasCodes: ['FRAGILE', ' ', 'FRAGILE', 'COLD'],
        },
        'footer',
      ),
    ).toEqual(['EXPRESS', 'HD1E', 'FRAGILE', 'COLD', 'footer']);
    expect(appliedTextKeys({ serviceId: '', serviceCode: null, vasCodes: [] }, 'notice')).toEqual([
      'notice',
    ]);
    expect(appliedTextKeys({ serviceId: 'X', serviceCode: 'X', vasCodes: [] }, 'X')).toEqual(['X']);
  });

  it('fills the texts of those keys in the language, English where it has none, skipping the rest', () => {
    const texts = [
      {
        key: 'footer',
        texts: wordings('Sent by {customerName}', { nb: 'Sendt av {customerName}' }),
      },
      { key: 'FRAGILE', texts: wordings('Fragile: {packageId}') },
      { key: 'OTHER', texts: wordings('Not this one') },
      { key: 'EMPTY', texts: wordings('{customerName}') },
    ];
    const values = { customerName: 'Acme AS', packageId: 'P1' };
    expect(
      appliedTexts(texts, ['FRAGILE', 'MISSING', 'EMPTY', 'footer'], 'nb', { customerName: '' }),
    ).toEqual([
      { key: 'FRAGILE', text: 'Fragile: {packageId}' },
      { key: 'footer', text: 'Sendt av' },
    ]);
    expect(appliedTexts(texts, ['FRAGILE', 'EMPTY', 'footer'], 'nb', values)).toEqual([
      { key: 'FRAGILE', text: 'Fragile: P1' },
      { key: 'EMPTY', text: 'Acme AS' },
      { key: 'footer', text: 'Sendt av Acme AS' },
    ]);
    expect(appliedTexts(texts, ['footer'], 'sv', values)).toEqual([
      { key: 'footer', text: 'Sent by Acme AS' },
    ]);
  });
});

describe('the language of a label', () => {
  it('is the delivery country’s, English outside the six', () => {
    expect(['NO', 'se', ' DK', 'FI', 'FR', 'DE', ''].map(labelLanguage)).toEqual([
      'nb',
      'sv',
      'da',
      'fi',
      'fr',
      'en',
      'en',
    ]);
  });
});
