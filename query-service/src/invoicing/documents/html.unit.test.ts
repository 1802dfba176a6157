import { describe, expect, it } from '@jest/globals';
import {
  INVOICE_DUE_DAYS,
  marketCountries,
  type Invoice,
  type InvoiceLine,
  type InvoiceSellerSnapshot,
  type MarketCountry,
} from '@nordlog/contracts';
import {
  escapeHtml,
  formatDate,
  formatMinor,
  formatMoney,
  formatQuantity,
  formatVatRate,
  invoiceHtml,
} from './html.js';
import { sampleInvoice, sampleLine } from './fixtures.js';

const line = sampleLine;

const lines: InvoiceLine[] = [
  line({}),
  line({
    articleCode: 'WEIGHT',
    label: 'Weight',
    quantity: 12.5,
    customerUnitPrice: 350,
    customerAmount: 4375,
  }),
  line({ orderId: '9', shipmentId: '70900010000000093', deliveryDate: '2026-01-16' }),
  line({
    orderId: null,
    billingOrderId: '3',
    shipmentId: null,
    deliveryDate: '2026-01-20',
    articleCode: 'STORAGE',
    label: 'Storage January',
    quantity: 2,
    customerUnitPrice: 10_000,
    customerAmount: 20_000,
  }),
];

const invoice = (over: Partial<Invoice> = {}): Invoice =>
  sampleInvoice(lines, { orderIds: ['7', '9'], billingOrderIds: ['3'], ...over });

const seller = {
  name: 'Nordlog Kurer AS',
  orgNumber: '912 345 678',
  address: 'Storgata 1\n0155 Oslo',
};

/** The document with the white space between tags taken out, to read it as markup. */
const render = (over: Partial<Invoice> = {}, from = seller) =>
  invoiceHtml(invoice(over), from).replace(/>\s+</g, '><');

describe('money, quantities and rates as printed', () => {
  it('formats minor units with 2 decimals, a decimal comma and spaces between thousands', () => {
    expect(formatMinor(1_234_567)).toBe('12 345,67');
    expect(formatMinor(0)).toBe('0,00');
    expect(formatMinor(5)).toBe('0,05');
    expect(formatMinor(100)).toBe('1,00');
    expect(formatMinor(100_000_000)).toBe('1 000 000,00');
    expect(formatMinor(-50_000)).toBe('-500,00');
    expect(formatMinor(-7)).toBe('-0,07');
    expect(formatMinor(Number.MAX_SAFE_INTEGER)).toBe('90 071 992 547 409,91');
    expect(formatMoney(1_234_567, 'SEK')).toBe('12 345,67 SEK');
  });

  it('refuses an amount that is not integer minor units', () => {
    expect(() => formatMinor(12.5)).toThrow(RangeError);
    expect(() => formatMinor(Number.NaN)).toThrow(RangeError);
  });

  it('formats quantities with at most 3 decimals and a decimal comma', () => {
    expect(formatQuantity(1)).toBe('1');
    expect(formatQuantity(12.5)).toBe('12,5');
    expect(formatQuantity(1200)).toBe('1 200');
    expect(formatQuantity(1 / 3)).toBe('0,333');
    expect(formatQuantity(-2)).toBe('-2');
    expect(formatQuantity(-0.0001)).toBe('0');
  });

  it('formats a VAT rate in basis points as a percentage', () => {
    expect(formatVatRate(2500)).toBe('25 %');
    expect(formatVatRate(2550)).toBe('25.5 %');
    expect(formatVatRate(1234)).toBe('12.34 %');
    expect(formatVatRate(600)).toBe('6 %');
    expect(formatVatRate(0)).toBe('0 %');
    expect(formatVatRate(2550, ',')).toBe('25,5 %');
    expect(formatVatRate(2500, ',')).toBe('25 %');
  });

  it('formats a date in each country’s pattern: NO/DK dd.MM.yyyy, FI d.M.yyyy, SE and ISO yyyy-MM-dd', () => {
    expect(formatDate('2026-02-01', 'dd.MM.yyyy')).toBe('01.02.2026');
    expect(formatDate('2026-12-31', 'dd.MM.yyyy')).toBe('31.12.2026');
    expect(formatDate('2026-02-01', 'd.M.yyyy')).toBe('1.2.2026');
    expect(formatDate('2026-10-10', 'd.M.yyyy')).toBe('10.10.2026');
    expect(formatDate('2026-02-01', 'yyyy-MM-dd')).toBe('2026-02-01');
    expect(formatDate('not a date', 'dd.MM.yyyy')).toBe('not a date');
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('Ærø Øst Åsane')).toBe('Ærø Øst Åsane');
  });
});

describe('invoiceHtml of a seller whose country is unknown: English', () => {
  it('is a complete, self-contained document: A4 page, inline CSS, no script or external resource', () => {
    const html = render();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<meta charset="utf-8" />');
    expect(html).toMatch(/@page \{ size: A4; margin: [^;]+; \}/);
    expect(html).toContain('<title>Invoice 2026-000123</title>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|\bsrc=|\bhref=|@import|url\(|https?:/i);
  });

  it('keeps table rows, group headings and totals whole across pages', () => {
    const html = render();
    expect(html).toContain('.lines thead { display: table-header-group; }');
    expect(html).toContain('.lines tr { break-inside: avoid; page-break-inside: avoid; }');
    expect(html).toContain('.lines .group-head { break-after: avoid; page-break-after: avoid; }');
    expect(html).toMatch(/\.totals \{[^}]*break-inside: avoid/);
  });

  it('heads the invoice with seller, number, customer, dates, period and currency', () => {
    const html = render();
    for (const text of [
      '<div class="seller-name">Nordlog Kurer AS</div>',
      '<div class="address"><div>Storgata 1</div><div>0155 Oslo</div></div>',
      '<div class="identity"><div>Org. no. 912 345 678</div></div>',
      '<h1>Invoice</h1><div class="number">No. 2026-000123</div>',
      '<div class="customer-name">Fjordfrakt AS</div><div class="address"></div><div class="identity"><div>Org. no. 987 654 321</div></div>',
      '<tr><th>Invoice number</th><td>2026-000123</td></tr>',
      '<tr><th>Invoice date</th><td>2026-02-01</td></tr>',
      '<tr><th>Due date</th><td>2026-02-15</td></tr>',
      `<tr><th>Payment terms</th><td>Net ${INVOICE_DUE_DAYS} days</td></tr>`,
      '<tr><th>Period</th><td>2026-01-01 – 2026-01-31</td></tr>',
      '<tr><th>Currency</th><td>NOK</td></tr>',
    ])
      expect(html).toContain(text);
  });

  it('prints the customer’s billing number under its organisation number when it has one (0071)', () => {
    expect(render({ customerBillingNumber: 'FK-2201' })).toContain(
      '<div class="identity"><div>Org. no. 987 654 321</div><div>Your billing no. FK-2201</div></div>',
    );
    expect(render()).not.toContain('billing no.');
  });

  it('groups lines by order (shipment and delivery date) and by billing order, in invoice order', () => {
    const html = render();
    const headings = [
      ...html.matchAll(/<tr class="group-head"><th colspan="5">([^<]*)<\/th>/g),
    ].map((m) => m[1]!);
    expect(headings).toEqual([
      'Order 7 · Shipment 70900010000000017 · Delivery date 2026-01-15',
      'Order 9 · Shipment 70900010000000093 · Delivery date 2026-01-16',
      'Billing order 3 · Delivery date 2026-01-20',
    ]);
    const codesUnder = (heading: string) => {
      const start = html.indexOf(heading);
      const group = html.slice(start, html.indexOf('</tbody>', start));
      return [...group.matchAll(/<td class="code">([^<]*)<\/td>/g)].map((m) => m[1]);
    };
    expect(codesUnder(headings[0]!)).toEqual(['FREIGHT', 'WEIGHT']);
    expect(codesUnder(headings[1]!)).toEqual(['FREIGHT']);
    expect(codesUnder(headings[2]!)).toEqual(['STORAGE']);
  });

  it('groups an order’s lines together even when other lines come between them', () => {
    const [freight, weight, other] = lines;
    const html = render({ lines: [freight!, other!, weight!] });
    expect(html.match(/class="group-head"/g)).toHaveLength(2);
    const order7 = html.slice(html.indexOf('Order 7'), html.indexOf('Order 9'));
    expect(order7.match(/<td class="code">/g)).toHaveLength(2);
  });

  it('prints article code, description, quantity, unit price and amount of each line', () => {
    const html = render();
    expect(html).toContain(
      '<tr><td class="code">WEIGHT</td><td>Weight</td><td class="num">12,5</td>' +
        '<td class="num">3,50 NOK</td><td class="num">43,75 NOK</td></tr>',
    );
    expect(html).toContain(
      '<tr><td class="code">STORAGE</td><td>Storage January</td><td class="num">2</td>' +
        '<td class="num">100,00 NOK</td><td class="num">200,00 NOK</td></tr>',
    );
  });

  it('totals net, VAT with its rate, and gross', () => {
    const html = render();
    expect(html).toContain('<tr><th>Net</th><td class="num">2 712,87 NOK</td></tr>');
    expect(html).toContain('<tr><th>VAT 25 %</th><td class="num">678,22 NOK</td></tr>');
    expect(html).toContain('<th>Total incl. VAT</th><td class="num">3 391,09 NOK</td>');
    const finnish = render({ vatBasisPoints: 2550, currency: 'EUR' });
    // 2 712,87 × 25.5 % = 691,78 (half away from zero), so 3 404,65 in all.
    expect(finnish).toContain('<tr><th>VAT 25.5 %</th><td class="num">691,78 EUR</td></tr>');
    expect(finnish).toContain('<th>Total incl. VAT</th><td class="num">3 404,65 EUR</td>');
  });

  it('escapes every text: a script in a label, the customer name or the seller stays text', () => {
    const html = render(
      {
        customerName: '<script>alert("customer")</script>',
        number: '1"><img src=x onerror=alert(1)>',
        lines: [line({ label: '<script>alert(1)</script> & co', articleCode: "<b>'x'</b>" })],
      },
      { ...seller, name: '</title><script>alert(2)</script>' },
    );
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;customer&quot;)&lt;/script&gt;');
    expect(html).toContain('<td>&lt;script&gt;alert(1)&lt;/script&gt; &amp; co</td>');
    expect(html).toContain('<td class="code">&lt;b&gt;&#39;x&#39;&lt;/b&gt;</td>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(html).toContain('<title>Invoice 1&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</title>');
  });
});

/** The same invoice issued by a seller in each country: the document speaks its language. */
describe('invoiceHtml in the seller’s language', () => {
  const snapshot = (country: MarketCountry): InvoiceSellerSnapshot => ({
    name: 'Nordlog',
    country,
    address: null,
    orgNumber: '',
    vatRegistered: true,
    bankAccount: '',
    fikCreditorNumber: '',
  });
  const expected: Record<
    MarketCountry,
    { lang: string; title: string; rows: string[]; heads: string[]; groups: string[] }
  > = {
    NO: {
      lang: 'nb',
      title: 'Faktura',
      rows: [
        '<tr><th>Fakturanr.</th><td>2026-000123</td></tr>',
        '<tr><th>Fakturadato</th><td>01.02.2026</td></tr>',
        '<tr><th>Forfallsdato</th><td>15.02.2026</td></tr>',
        '<tr><th>Betalingsbetingelser</th><td>Netto 14 dager</td></tr>',
        '<tr><th>Periode</th><td>01.01.2026 – 31.01.2026</td></tr>',
        '<tr><th>Valuta</th><td>NOK</td></tr>',
        '<tr><th>Sum ekskl. MVA</th><td class="num">2 712,87 NOK</td></tr>',
        '<tr><th>MVA 25 %</th><td class="num">678,22 NOK</td></tr>',
        '<tr><th>Å betale</th><td>3 391,09 NOK</td></tr>',
      ],
      heads: ['Kunde', 'Betaling'],
      groups: ['Ordre 7 · Sending 70900010000000017 · Leveringsdato 15.01.2026'],
    },
    SE: {
      lang: 'sv',
      title: 'Faktura',
      rows: [
        '<tr><th>Fakturanummer</th><td>2026-000123</td></tr>',
        '<tr><th>Fakturadatum</th><td>2026-02-01</td></tr>',
        '<tr><th>Förfallodatum</th><td>2026-02-15</td></tr>',
        '<tr><th>Betalningsvillkor</th><td>14 dagar netto</td></tr>',
        '<tr><th>Moms 25 %</th><td class="num">678,22 NOK</td></tr>',
        '<tr><th>Att betala</th><td>3 391,09 NOK</td></tr>',
      ],
      heads: ['Kund', 'Betalning'],
      groups: ['Order 7 · Sändning 70900010000000017 · Leveransdatum 2026-01-15'],
    },
    DK: {
      lang: 'da',
      title: 'Faktura',
      rows: [
        '<tr><th>Fakturanr.</th><td>2026-000123</td></tr>',
        '<tr><th>Fakturadato</th><td>01.02.2026</td></tr>',
        '<tr><th>Forfaldsdato</th><td>15.02.2026</td></tr>',
        '<tr><th>Betalingsbetingelser</th><td>Netto 14 dage</td></tr>',
        '<tr><th>Moms 25 %</th><td class="num">678,22 NOK</td></tr>',
        '<tr><th>At betale</th><td>3 391,09 NOK</td></tr>',
      ],
      heads: ['Kunde', 'Betaling'],
      groups: ['Ordre 7 · Forsendelse 70900010000000017 · Leveringsdato 15.01.2026'],
    },
    FI: {
      lang: 'fi',
      title: 'Lasku',
      rows: [
        '<tr><th>Laskun numero</th><td>2026-000123</td></tr>',
        '<tr><th>Laskun päivä</th><td>1.2.2026</td></tr>',
        '<tr><th>Eräpäivä</th><td>15.2.2026</td></tr>',
        '<tr><th>Maksuehto</th><td>14 päivää netto</td></tr>',
        '<tr><th>Laskutuskausi</th><td>1.1.2026 – 31.1.2026</td></tr>',
        '<tr><th>ALV 25 %</th><td class="num">678,22 NOK</td></tr>',
        '<tr><th>Maksettava yhteensä</th><td>3 391,09 NOK</td></tr>',
      ],
      heads: ['Asiakas', 'Maksutiedot'],
      groups: [
        'Tilaus 7 · Lähetys 70900010000000017 · Toimituspäivä 15.1.2026',
        'Laskutustilaus 3 · Toimituspäivä 20.1.2026',
      ],
    },
  };

  for (const country of marketCountries)
    it(`${country}: lang, title, facts, totals, payment, group headings and column heads in ${expected[country].lang}`, () => {
      const e = expected[country];
      const html = render({ seller: snapshot(country) });
      expect(html).toContain(`<html lang="${e.lang}">`);
      expect(html).toContain(`<title>${e.title} 2026-000123</title>`);
      expect(html).toContain(`<h1>${e.title}</h1>`);
      for (const text of [...e.rows, ...e.heads.map((h) => `<h2>${h}</h2>`)])
        expect(html).toContain(text);
      for (const heading of e.groups) expect(html).toContain(`<th colspan="5">${heading}</th>`);
      // No English label is left: the column heads are the language's own.
      expect(html).not.toMatch(/>(Invoice|Due date|Bill to|Article|Amount due|Net|Payment)</);
    });

  it('says "day" for one day and "days" for more, in each language', () => {
    const oneDay = { dueDate: '2026-02-02' };
    expect(render(oneDay)).toContain('<td>Net 1 day</td>');
    expect(render({ ...oneDay, seller: snapshot('NO') })).toContain('<td>Netto 1 dag</td>');
    expect(render({ ...oneDay, seller: snapshot('SE') })).toContain('<td>1 dag netto</td>');
    expect(render({ ...oneDay, seller: snapshot('DK') })).toContain('<td>Netto 1 dag</td>');
    expect(render({ ...oneDay, seller: snapshot('FI') })).toContain('<td>1 päivä netto</td>');
    expect(render({ dueDate: '2026-03-03', seller: snapshot('FI') })).toContain(
      '<td>30 päivää netto</td>',
    );
  });

  it('an invoice without a kept seller, or a seller of another country, is in English', () => {
    expect(render({ seller: null })).toContain('<html lang="en">');
    const elsewhere = { ...snapshot('NO'), country: 'DE' as MarketCountry };
    const html = render({ seller: elsewhere });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<tr><th>Invoice date</th><td>2026-02-01</td></tr>');
  });
});
