import { countryCurrency } from '@nordlog/contracts';

/**
 * The demo price catalogue (docs/decisions/0030-prices.md): the articles a Nordic courier firm
 * charges for, and a price list per demo department in its country's currency. Amounts are minor
 * units; a freight price by weight bracket, a per-kg surcharge over 100 kg, and the rest flat.
 */
export const demoArticles = [
  { code: 'FREIGHT', label: 'Freight', kind: 'FREIGHT', group: 'TRANSPORT' },
  {
    code: 'KG',
    label: 'Weight surcharge (per kg over 100 kg)',
    kind: 'WEIGHT',
    group: 'TRANSPORT',
  },
  { code: 'STOP', label: 'Extra stop', kind: 'STOP', group: 'TRANSPORT' },
  { code: 'WAIT', label: 'Waiting time (per minute)', kind: 'WAITING_TIME', group: 'TIME' },
  { code: 'LOAD', label: 'Loading time (per minute)', kind: 'LOADING_TIME', group: 'TIME' },
  { code: 'ADR', label: 'Dangerous goods', kind: 'DANGEROUS_GOODS', group: 'ADR' },
  { code: 'DISCOUNT', label: 'Credit', kind: 'CREDIT', group: 'CREDITS' },
  // A value-added service: what an upsales rule offers (docs/decisions/0087).
  {
    code: 'SIGN',
    label: 'Signature on delivery',
    kind: 'SERVICE',
    vasCode: 'SIGN',
    group: 'SERVICES',
  },
] as const;

/** Prices in a currency's minor units, scaled from the Norwegian list (1 EUR ≈ 11.5 NOK). */
const scale: Record<string, number> = { NOK: 1, SEK: 1, DKK: 0.65, EUR: 0.087 };

export function demoPriceList(departmentId: string, departmentName: string, country: string) {
  const currency = countryCurrency[country] ?? 'NOK';
  const price = (nok: number) => Math.round(nok * 100 * scale[currency]!);
  return {
    name: `${departmentName} standard`,
    departmentId,
    currency,
    validFrom: '2026-01-01',
    lines: [
      { articleCode: 'FREIGHT', customerPrice: price(199), resourcePrice: price(140) },
      { articleCode: 'FREIGHT', from: 35, customerPrice: price(349), resourcePrice: price(250) },
      { articleCode: 'FREIGHT', from: 100, customerPrice: price(599), resourcePrice: price(420) },
      {
        articleCode: 'KG',
        from: 100,
        per: 'UNIT',
        customerPrice: price(1.5),
        resourcePrice: price(0.9),
      },
      { articleCode: 'STOP', per: 'UNIT', customerPrice: price(50), resourcePrice: price(40) },
      { articleCode: 'WAIT', per: 'UNIT', customerPrice: price(10), resourcePrice: price(8) },
      { articleCode: 'LOAD', per: 'UNIT', customerPrice: price(10), resourcePrice: price(8) },
      { articleCode: 'ADR', customerPrice: price(450), resourcePrice: price(200) },
      { articleCode: 'SIGN', customerPrice: price(39), resourcePrice: price(10) },
    ],
  };
}
