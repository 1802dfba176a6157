import type { Invoice } from '@nordlog/contracts';

/** A field: text is guarded and quoted as needed; a number is written as it is. */
export type CsvField = string | number | null;

/** The separator Excel expects where the comma is the decimal sign (the Nordic locales). */
export const CSV_SEPARATOR = ';';

/**
 * Characters that make a spreadsheet read a field as a formula (OWASP "CSV injection"): =, +, -
 * and @, and the tab and carriage return some programs strip before they look.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field (RFC 4180 with `;`). Text that starts like a formula gets a leading apostrophe, so a
 * spreadsheet shows it as text and never runs it; text with the separator, a quote or a line
 * break is quoted, inner quotes doubled. Numbers are not guarded: a credit of -5000 stays a
 * number. Money is integer minor units; a fractional quantity (kg, dm³) has the Nordic decimal
 * comma, so Nordic Excel reads it as a number and not as a date.
 */
export function csvField(value: CsvField): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a number to export: ${value}`);
    return String(value).replace('.', ',');
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: `;`-separated, every row ended by CRLF (RFC 4180). */
export const csvRows = (rows: readonly (readonly CsvField[])[]): string =>
  rows.map((row) => `${row.map(csvField).join(CSV_SEPARATOR)}\r\n`).join('');

/**
 * An invoice's VAT spread over its lines in proportion to their amounts, so the line VATs add
 * up to exactly the invoice's VAT (which is computed once on the net, not per line): each line
 * gets the whole minor units of its exact share, and the units left over go one each to the
 * lines with the largest remainders (earlier lines first on a tie). Exact in integers (BigInt),
 * so no amount is lost however large. With amounts of one sign each share is within one minor
 * unit of amount × totalVat / Σ amounts; with credits mixed in, shares stay proportional to that
 * same implied rate.
 */
export function distributeVat(amounts: readonly number[], totalVat: number): number[] {
  for (const n of [...amounts, totalVat])
    if (!Number.isSafeInteger(n)) throw new RangeError(`Not an amount in minor units: ${n}`);
  const total = BigInt(totalVat);
  const sum = amounts.reduce((s, a) => s + BigInt(a), 0n);
  if (sum === 0n) {
    if (total === 0n) return amounts.map(() => 0);
    throw new RangeError(`VAT ${totalVat} cannot be spread over amounts that sum to zero`);
  }
  // Exact shares total × amount / sum, as a floor and a remainder over a positive denominator.
  const denominator = sum < 0n ? -sum : sum;
  const shares = amounts.map((amount, index) => {
    const numerator = (sum < 0n ? -total : total) * BigInt(amount);
    let floor = numerator / denominator;
    if (numerator % denominator < 0n) floor -= 1n;
    return { index, units: floor, remainder: numerator - floor * denominator };
  });
  const leftOver = Number(total - shares.reduce((s, share) => s + share.units, 0n));
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder.slice(0, leftOver)) share.units += 1n;
  // A VAT far above its net over amounts that nearly cancel (not an invoice's) gives shares past
  // 2^53: refused rather than returned rounded, which would no longer sum to the total.
  const unsafe = shares.find((share) => !Number.isSafeInteger(Number(share.units)));
  if (unsafe)
    throw new RangeError(
      `VAT ${totalVat} spread over these amounts gives a share of ${unsafe.units}`,
    );
  return shares.map((share) => Number(share.units));
}

/** The columns of the accounting export, one row per invoice line. */
export const invoiceCsvHeader = [
  'invoiceNumber',
  'issueDate',
  'dueDate',
  'customerId',
  'customerOrgNumber',
  'customerBillingNumber',
  'currency',
  'orderId',
  'billingOrderId',
  'shipmentId',
  'deliveryDate',
  'articleCode',
  'label',
  'quantity',
  'unitPriceMinor',
  'amountMinor',
  'vatBasisPoints',
  'vatMinor',
] as const;

/**
 * An invoice as CSV for an accounting system: a header row, then one row per line with the
 * invoice's number, dates, customer and currency, the line's order or billing order, article,
 * quantity and amounts in minor units, and its share of the invoice's VAT (`distributeVat`).
 */
export function invoiceCsv(invoice: Invoice): string {
  const vats = distributeVat(
    invoice.lines.map((line) => line.customerAmount),
    invoice.vat,
  );
  const rows = invoice.lines.map((line, i): CsvField[] => [
    invoice.number,
    invoice.issueDate,
    invoice.dueDate,
    invoice.customerId,
    invoice.customerOrgNumber,
    invoice.customerBillingNumber ?? '',
    invoice.currency,
    line.orderId,
    line.billingOrderId,
    line.shipmentId,
    line.deliveryDate,
    line.articleCode,
    line.label,
    line.quantity,
    line.customerUnitPrice,
    line.customerAmount,
    invoice.vatBasisPoints,
    vats[i]!,
  ]);
  return csvRows([[...invoiceCsvHeader], ...rows]);
}
