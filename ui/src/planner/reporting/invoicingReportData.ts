import {
  csvText,
  type CsvValue,
  type InvoicedAmount,
  type InvoicingFigures,
  type InvoicingReport,
  type InvoicingRow,
  type ToInvoiceEstimate,
} from '@nordlog/contracts';

/**
 * The invoiced amounts' columns (docs/decisions/0096), in the table's and the files' order: the
 * counts, then per currency the amounts in major units (kroner, euro: minor units / 100).
 */
export const invoicingCountColumns = ['invoiced', 'unpriced', 'toInvoice'] as const;
export const invoicingAmountColumns = ['net', 'vat', 'gross', 'costPerStop'] as const;
export const invoicingColumns = [
  ...invoicingCountColumns,
  'currency',
  ...invoicingAmountColumns,
] as const;

/** Minor units as major (two decimals); none is null. */
export const major = (minor: number | null): number | null =>
  minor === null ? null : Math.round(minor) / 100;

/**
 * The lines of a group: one per currency it has amounts in (the counts on the first), or one
 * without amounts when nothing was priced.
 */
export function invoicingLines(f: InvoicingFigures): (number | string | null)[][] {
  const counts = invoicingCountColumns.map((c) => f[c]);
  const amount = (a: InvoicedAmount) => [
    a.currency,
    ...invoicingAmountColumns.map((c) => major(a[c])),
  ];
  if (f.amounts.length === 0) return [[...counts, '', null, null, null, null]];
  return f.amounts.map((a, i) => [...(i === 0 ? counts : counts.map(() => null)), ...amount(a)]);
}

/** The estimate's texts (docs/decisions/0101): its lines' name, over the bound, not priceable. */
export interface EstimateTexts {
  estimate: string;
  overLimit: string;
  notPriced: string;
}

/**
 * The lines of the amount still to invoice at today's prices (docs/decisions/0101), in the
 * table's columns: per currency its orders under "to be invoiced" and its amounts (no per stop);
 * the orders the price lists cannot price; over the bound one line that says so. None when
 * nothing is to invoice.
 */
export function estimateLines(e: ToInvoiceEstimate, texts: EstimateTexts): CsvValue[][] {
  if (e.overLimit) return [[texts.estimate, null, null, null, texts.overLimit]];
  const lines: CsvValue[][] = e.amounts.map((a) => [
    texts.estimate,
    null,
    null,
    a.orders,
    a.currency,
    major(a.net),
    major(a.vat),
    major(a.gross),
    null,
  ]);
  if (e.notPriced > 0) lines.push([texts.notPriced, null, null, e.notPriced, '']);
  return lines;
}

/**
 * The invoicing as a table: a header, the lines per group (named by `name`), the totals, then the
 * estimate of what is still to invoice where the report has one (and `headers.estimate` names it).
 */
export function invoicingTable(
  report: InvoicingReport,
  headers: { group: string; columns: readonly string[]; total: string; estimate?: EstimateTexts },
  name: (row: InvoicingRow) => string,
): CsvValue[][] {
  const lines = (first: string, f: InvoicingFigures): CsvValue[][] =>
    invoicingLines(f).map((l) => [first, ...l]);
  return [
    [headers.group, ...headers.columns],
    ...report.rows.flatMap((r) => lines(name(r), r)),
    ...lines(headers.total, report.totals),
    ...(report.estimate && headers.estimate
      ? estimateLines(report.estimate, headers.estimate)
      : []),
  ];
}

export const invoicingCsv = (...args: Parameters<typeof invoicingTable>): string =>
  csvText(invoicingTable(...args));
