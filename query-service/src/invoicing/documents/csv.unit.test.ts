import { describe, expect, it } from '@jest/globals';
import { vatOf, type Invoice, type InvoiceLine } from '@nordlog/contracts';
import fc from 'fast-check';
import { csvField, distributeVat, invoiceCsv, invoiceCsvHeader } from './csv.js';
import { sampleInvoice, sampleLine } from './fixtures.js';

/** A minimal RFC 4180 reader for `;` (quoted fields, doubled quotes, CRLF), to read back what we write. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

const line = sampleLine;
const invoice = (lines: InvoiceLine[], over: Partial<Invoice> = {}): Invoice =>
  sampleInvoice(lines, { customerOrgNumber: '987654321', currency: 'SEK', ...over });

const lines = [
  line({}),
  line({
    articleCode: 'WEIGHT',
    label: 'Weight',
    quantity: 12.5,
    customerUnitPrice: 333,
    customerAmount: 4163,
  }),
  line({
    orderId: null,
    billingOrderId: '3',
    shipmentId: null,
    deliveryDate: '2026-01-20',
    articleCode: 'CREDIT',
    label: 'Credit; damaged "parcel"',
    customerUnitPrice: -10_001,
    customerAmount: -10_001,
  }),
];

describe('CSV fields (RFC 4180 with ; and formula injection)', () => {
  it('quotes the separator, quotes and line breaks, doubling inner quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('a,b');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(null)).toBe('');
    expect(csvField('Ærø Øst Åsane')).toBe('Ærø Øst Åsane');
  });

  it('prefixes text that a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+47 123')).toBe("'+47 123");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField('a=1')).toBe('a=1');
  });

  it('writes numbers as they are: a negative amount stays a number, a fraction gets a comma', () => {
    expect(csvField(-50_000)).toBe('-50000');
    expect(csvField(0)).toBe('0');
    expect(csvField(12.5)).toBe('12,5');
    expect(() => csvField(Number.NaN)).toThrow(RangeError);
  });
});

describe('distributeVat', () => {
  it('splits in proportion to the amounts, leftover units to the largest remainders', () => {
    expect(distributeVat([100, 100, 100], 75)).toEqual([25, 25, 25]);
    // Exact shares 1.67, 3.33, 5: floors 1, 3, 5; the unit left goes to the first (0.67).
    expect(distributeVat([10, 20, 30], 10)).toEqual([2, 3, 5]);
    // Equal remainders: earlier lines first.
    expect(distributeVat([1, 1, 1], 1)).toEqual([1, 0, 0]);
    expect(distributeVat([1, 1, 1], 2)).toEqual([1, 1, 0]);
  });

  it('spreads a credit invoice’s negative VAT over its negative amounts', () => {
    expect(distributeVat([-100, -300], -100)).toEqual([-25, -75]);
    expect(distributeVat([-10, -20, -30], -10)).toEqual([-2, -3, -5]);
  });

  it('gives credit lines their negative share on a mixed invoice', () => {
    const shares = distributeVat([1000, -200], 200);
    expect(shares).toEqual([250, -50]);
  });

  it('stays exact for amounts whose products pass 2^53', () => {
    const big = 4_000_000_000_000;
    const shares = distributeVat([big, big, 1], 2_000_000_000_001);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(2_000_000_000_001);
    // Exact shares 1e12 + 0.375, 1e12 + 0.375 and 0.25: the unit left goes to the first.
    expect(shares).toEqual([1_000_000_000_001, 1_000_000_000_000, 0]);
  });

  it('gives nothing when there are no lines or no VAT, and refuses VAT over a zero sum', () => {
    expect(distributeVat([], 0)).toEqual([]);
    expect(distributeVat([100, -100], 0)).toEqual([0, 0]);
    expect(() => distributeVat([100, -100], 5)).toThrow(RangeError);
    expect(() => distributeVat([1.5], 1)).toThrow(RangeError);
  });

  const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

  it('line VATs always add up to exactly the total', () => {
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        (amounts, totalVat) => {
          fc.pre(amounts.reduce((s, a) => s + a, 0) !== 0);
          let shares: number[];
          try {
            shares = distributeVat(amounts, totalVat);
          } catch (err) {
            // Shares past 2^53 are refused, never returned rounded.
            expect(err).toBeInstanceOf(RangeError);
            return;
          }
          expect(shares).toHaveLength(amounts.length);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(totalVat);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses shares past 2^53 (a VAT far above a net of nearly cancelling amounts) instead of rounding them', () => {
    // −27 net: each exact share is about 2 × 10^16; as numbers they would not sum to the total.
    expect(() => distributeVat([999_999_971, -999_999_998], 537_031_125)).toThrow(RangeError);
    // An invoice's VAT is at most its net: the same amounts spread their own VAT exactly.
    expect(distributeVat([999_999_971, -999_999_998], -7).reduce((s, v) => s + v, 0)).toBe(-7);
  });

  it('with amounts of one sign, each share is within one minor unit of amount × rate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.constantFrom(2500, 2550, 1500, 1200, 600),
        (magnitudes, credit, basisPoints) => {
          const amounts = magnitudes.map((m) => (credit ? -m : m));
          const net = amounts.reduce((s, a) => s + a, 0);
          fc.pre(net !== 0);
          const totalVat = vatOf(net, basisPoints);
          const shares = distributeVat(amounts, totalVat);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(totalVat);
          // The rate is the invoice's own: VAT over net. |share − amount × VAT / net| < 1, in
          // integers: |share × net − amount × VAT| < |net|.
          shares.forEach((share, i) => {
            const gap = BigInt(share) * BigInt(net) - BigInt(amounts[i]!) * BigInt(totalVat);
            expect((gap < 0n ? -gap : gap) < BigInt(Math.abs(net))).toBe(true);
            expect(Math.sign(share) * Math.sign(amounts[i]!)).not.toBe(-1);
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('invoiceCsv', () => {
  it('has a header row and one row per line, each ended by CRLF', () => {
    const csv = invoiceCsv(invoice(lines));
    expect(csv.startsWith('invoiceNumber;issueDate;dueDate;customerId;')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/"[^"]*"/g, '').match(/\n/g)).toHaveLength(lines.length + 1);
    expect(csv.replace(/"[^"]*"/g, '')).not.toMatch(/[^\r]\n/);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([...invoiceCsvHeader]);
    expect(rows).toHaveLength(lines.length + 1);
    for (const row of rows) expect(row).toHaveLength(invoiceCsvHeader.length);
  });

  it('writes the invoice, the line and its amounts in minor units', () => {
    const rows = parseCsv(invoiceCsv(invoice(lines)));
    const record = (i: number) =>
      Object.fromEntries(invoiceCsvHeader.map((name, c) => [name, rows[i]![c]]));
    expect(record(1)).toEqual({
      invoiceNumber: '2026-000123',
      issueDate: '2026-02-01',
      dueDate: '2026-02-15',
      customerId: '42',
      customerOrgNumber: '987654321',
      customerBillingNumber: '',
      currency: 'SEK',
      orderId: '7',
      billingOrderId: '',
      shipmentId: '70900010000000017',
      deliveryDate: '2026-01-15',
      articleCode: 'FREIGHT',
      label: 'Freight zone 2',
      quantity: '1',
      unitPriceMinor: '123456',
      amountMinor: '123456',
      vatBasisPoints: '2500',
      vatMinor: '30864',
    });
    expect(record(2)).toMatchObject({ quantity: '12,5', unitPriceMinor: '333' });
    expect(record(3)).toMatchObject({
      orderId: '',
      billingOrderId: '3',
      shipmentId: '',
      label: 'Credit; damaged "parcel"',
      unitPriceMinor: '-10001',
      amountMinor: '-10001',
    });
  });

  it('line VATs add up to exactly the invoice’s VAT (computed once on the net)', () => {
    const inv = invoice(lines);
    const rows = parseCsv(invoiceCsv(inv)).slice(1);
    const vats = rows.map((r) => Number(r[invoiceCsvHeader.indexOf('vatMinor')]));
    // 117 618 × 25 % = 29 404.5 → 29 405; line by line the rounding would differ.
    expect(inv.vat).toBe(29_405);
    expect(vats.reduce((s, v) => s + v, 0)).toBe(inv.vat);
    expect(vats).toEqual(distributeVat([123_456, 4163, -10_001], 29_405));
  });

  it('guards labels and codes that start like a formula, never the numbers', () => {
    const csv = invoiceCsv(
      invoice([
        line({ label: '=HYPERLINK("http://evil")', articleCode: '-X' }),
        line({ label: '@cmd', customerUnitPrice: -5, customerAmount: -5 }),
      ]),
    );
    const rows = parseCsv(csv);
    const column = (name: (typeof invoiceCsvHeader)[number]) =>
      rows.slice(1).map((r) => r[invoiceCsvHeader.indexOf(name)]);
    expect(column('label')).toEqual([`'=HYPERLINK("http://evil")`, "'@cmd"]);
    expect(column('articleCode')).toEqual(["'-X", 'FREIGHT']);
    expect(column('amountMinor')).toEqual(['123456', '-5']);
  });

  it('is only the header for an invoice without lines', () => {
    expect(invoiceCsv(invoice([]))).toBe(`${invoiceCsvHeader.join(';')}\r\n`);
  });
});
