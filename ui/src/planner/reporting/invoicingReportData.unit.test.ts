import { describe, expect, it } from '@jest/globals';
import type { InvoicingReport } from '@nordlog/contracts';
import { estimateLines, invoicingTable } from './invoicingReportData';

const nok = { currency: 'NOK', orders: 2, net: 39_800, vat: 9_950, gross: 49_750, stops: 4 };
const report: InvoicingReport = {
  rows: [
    {
      key: '1',
      label: 'Oslo',
      invoiced: 3,
      unpriced: 1,
      toInvoice: 2,
      amounts: [{ ...nok, costPerStop: 9_950 }],
    },
    { key: '2', label: 'Malmö', invoiced: 0, unpriced: 0, toInvoice: 5, amounts: [] },
  ],
  totals: { invoiced: 3, unpriced: 1, toInvoice: 7, amounts: [{ ...nok, costPerStop: 9_950 }] },
};

describe('the invoicing table (0096)', () => {
  it('a line per group and currency, amounts in major units, a group without amounts on one line, the totals last', () => {
    const headers = {
      group: 'Department',
      columns: ['I', 'U', 'T', 'C', 'N', 'V', 'G', 'S'],
      total: 'Total',
    };
    expect(invoicingTable(report, headers, (r) => r.label ?? '')).toEqual([
      ['Department', 'I', 'U', 'T', 'C', 'N', 'V', 'G', 'S'],
      ['Oslo', 3, 1, 2, 'NOK', 398, 99.5, 497.5, 99.5],
      ['Malmö', 0, 0, 5, '', null, null, null, null],
      ['Total', 3, 1, 7, 'NOK', 398, 99.5, 497.5, 99.5],
    ]);
    // Two currencies: the counts on the first line only.
    const two = {
      ...report.totals,
      amounts: [...report.totals.amounts, { ...nok, currency: 'SEK', costPerStop: null }],
    };
    expect(invoicingTable({ rows: [], totals: two }, headers, () => '').slice(1)).toEqual([
      ['Total', 3, 1, 7, 'NOK', 398, 99.5, 497.5, 99.5],
      ['Total', null, null, null, 'SEK', 398, 99.5, 497.5, null],
    ]);
  });

  it('the estimate of what is still to invoice under the totals: per currency, not priceable, over the bound (0101)', () => {
    const texts = { estimate: 'E', overLimit: 'Over', notPriced: 'NP' };
    const headers = { group: 'D', columns: [], total: 'T', estimate: texts };
    const estimate = {
      orders: 3,
      limit: 5000,
      overLimit: false,
      notPriced: 1,
      amounts: [{ currency: 'NOK', orders: 2, net: 39_800, vat: 9_950, gross: 49_750 }],
    };
    expect(invoicingTable({ ...report, estimate }, headers, () => '').slice(-2)).toEqual([
      ['E', null, null, 2, 'NOK', 398, 99.5, 497.5, null],
      ['NP', null, null, 1, ''],
    ]);
    // Without texts (or without an estimate) the table ends with the totals.
    expect(
      invoicingTable({ ...report, estimate }, { ...headers, estimate: undefined }, () => ''),
    ).toHaveLength(4);
    expect(
      estimateLines({ ...estimate, overLimit: true, amounts: [], notPriced: 0 }, texts),
    ).toEqual([['E', null, null, null, 'Over']]);
    expect(estimateLines({ ...estimate, orders: 0, amounts: [], notPriced: 0 }, texts)).toEqual([]);
  });
});
