import { describe, expect, it } from '@jest/globals';
import {
  paymentReference,
  type Invoice,
  type InvoiceSellerSnapshot,
  type MarketCountry,
  type PostalAddress,
} from '@nordlog/contracts';
import { sampleInvoice, sampleLine } from './fixtures.js';
import { invoiceHtml } from './html.js';
import { invoiceLanguages, type InvoiceLanguageCode } from './language/index.js';
import { en } from './language/en.js';

/*
 * Issue 36: an invoice valid in each of the four markets. The check digits are computed here from
 * the rules the banks publish, written out digit by digit, never by calling the product's code.
 */

/** Mod 10 with weights 2, 1, 2, … from the digit left of the check digit (KID, OCR, FIK 71). */
function mod10Valid(reference: string): boolean {
  const digits = reference.split('').map(Number);
  const check = digits.pop()!;
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = digits[i]! * weight;
    sum += Math.floor(product / 10) + (product % 10);
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10 === check;
}

/** Finland: weights 7, 3, 1 repeating from the digit left of the check digit. */
function finnishValid(reference: string): boolean {
  const digits = reference.split('').map(Number);
  const check = digits.pop()!;
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = digits.length - 1, k = 0; i >= 0; i--, k++) sum += digits[i]! * weights[k % 3]!;
  return (10 - (sum % 10)) % 10 === check;
}

interface Case {
  country: MarketCountry;
  /** The document's language (the seller's country's) and its words checked as printed. */
  lang: string;
  seller: InvoiceSellerSnapshot;
  customer: PostalAddress;
  identity: string[];
  /** The payment box's account line: its label and the number. */
  account: [string, string];
  vatBasisPoints: number;
  /** The invoice's title, and label and text of rows the document must have. */
  title: string;
  rows: [string, string][];
  /** The printed reference as a pattern; group 1 is the reference whose check digit is tested. */
  reference: RegExp;
  valid: (reference: string) => boolean;
}

const seller = (over: Partial<InvoiceSellerSnapshot> & Pick<InvoiceSellerSnapshot, 'country'>) => ({
  name: 'Nordlog',
  address: null,
  orgNumber: '',
  vatRegistered: true,
  bankAccount: '',
  fikCreditorNumber: '',
  ...over,
});

const cases: Case[] = [
  {
    country: 'NO',
    seller: seller({
      country: 'NO',
      name: 'Oslo Courier AS',
      address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
      orgNumber: '974760673',
      bankAccount: '86011117947',
    }),
    customer: { street: 'Karl Johans gate 5', postalCode: '0154', town: 'Oslo', country: 'NO' },
    lang: 'nb',
    identity: ['Org.nr. 974 760 673 MVA'],
    account: ['Kontonummer', '8601 11 17947'],
    vatBasisPoints: 2500,
    title: 'Faktura',
    rows: [
      ['Fakturanr.', 'N'],
      ['Fakturadato', '01.02.2026'],
      ['Forfallsdato', '15.02.2026'],
      ['Betalingsbetingelser', 'Netto 14 dager'],
      ['Periode', '01.01.2026 – 31.01.2026'],
      ['MVA 25 %', '308,64 NOK'],
      ['Å betale', '1 543,20 NOK'],
    ],
    reference: /<th>KID<\/th><td class="reference">(\d+)<\/td>/,
    valid: (ref) => mod10Valid(ref) && ref.length >= 2 && ref.length <= 25,
  },
  {
    country: 'SE',
    seller: seller({
      country: 'SE',
      name: 'Stockholm Express AB',
      address: { street: 'Vasagatan 11', postalCode: '11120', town: 'Stockholm', country: 'SE' },
      orgNumber: '5560360793',
      bankAccount: '5050-1055',
    }),
    customer: { street: 'Götgatan 48', postalCode: '11826', town: 'Stockholm', country: 'SE' },
    lang: 'sv',
    identity: ['Org.nr 556036-0793', 'Momsreg.nr SE556036079301'],
    account: ['Bankgiro', '5050-1055'],
    vatBasisPoints: 2500,
    title: 'Faktura',
    rows: [
      ['Fakturanummer', 'N'],
      ['Fakturadatum', '2026-02-01'],
      ['Förfallodatum', '2026-02-15'],
      ['Betalningsvillkor', '14 dagar netto'],
      ['Period', '2026-01-01 – 2026-01-31'],
      ['Moms 25 %', '308,64 NOK'],
      ['Att betala', '1 543,20 NOK'],
    ],
    reference: /<th>OCR-nummer<\/th><td class="reference">(\d+)<\/td>/,
    // Luhn over the whole reference, and the length digit (second last) is its length mod 10.
    valid: (ref) => mod10Valid(ref) && Number(ref.at(-2)) === ref.length % 10,
  },
  {
    country: 'DK',
    seller: seller({
      country: 'DK',
      name: 'København Pakker ApS',
      address: {
        street: 'Vesterbrogade 6',
        postalCode: '1620',
        town: 'København V',
        country: 'DK',
      },
      orgNumber: '10150817',
      bankAccount: 'DK5000400440116243',
      fikCreditorNumber: '81234567',
    }),
    customer: { street: 'Nyhavn 31', postalCode: '1051', town: 'København K', country: 'DK' },
    lang: 'da',
    identity: ['CVR-nr. 10150817', 'Momsnr. DK10150817'],
    account: ['IBAN', 'DK50 0040 0440 1162 43'],
    vatBasisPoints: 2500,
    title: 'Faktura',
    rows: [
      ['Fakturanr.', 'N'],
      ['Fakturadato', '01.02.2026'],
      ['Forfaldsdato', '15.02.2026'],
      ['Betalingsbetingelser', 'Netto 14 dage'],
      ['Periode', '01.01.2026 – 31.01.2026'],
      ['Moms 25 %', '308,64 NOK'],
      ['At betale', '1 543,20 NOK'],
    ],
    // The FIK code line: card type 71, a 15-digit payment id, the creditor number.
    reference: /<th>FIK<\/th><td class="reference">\+71&lt;(\d{15})\+81234567&lt;<\/td>/,
    valid: mod10Valid,
  },
  {
    country: 'FI',
    seller: seller({
      country: 'FI',
      name: 'Helsinki Kuriiri Oy',
      address: {
        street: 'Mannerheimintie 10',
        postalCode: '00100',
        town: 'Helsinki',
        country: 'FI',
      },
      orgNumber: '0112038-9',
      bankAccount: 'FI4721421000024735',
    }),
    customer: { street: 'Fleminginkatu 7', postalCode: '00530', town: 'Helsinki', country: 'FI' },
    lang: 'fi',
    identity: ['Y-tunnus 0112038-9', 'ALV-tunniste FI01120389'],
    account: ['Tilinumero (IBAN)', 'FI47 2142 1000 0247 35'],
    // Finland's general rate since September 2024, with the decimal comma.
    vatBasisPoints: 2550,
    title: 'Lasku',
    rows: [
      ['Laskun numero', 'N'],
      ['Laskun päivä', '1.2.2026'],
      ['Eräpäivä', '15.2.2026'],
      ['Maksuehto', '14 päivää netto'],
      ['Laskutuskausi', '1.1.2026 – 31.1.2026'],
      ['ALV 25,5 %', '314,81 NOK'],
      ['Maksettava yhteensä', '1 549,37 NOK'],
    ],
    // Printed in groups of five from the right.
    reference: /<th>Viitenumero<\/th><td class="reference">(\d{1,5}(?: \d{5})*)<\/td>/,
    valid: (ref) => finnishValid(ref.replace(/ /g, '')) && ref.replace(/ /g, '').length <= 20,
  },
];

/** An invoice as the runner issues it: the seller and reference kept on it. */
const issued = (c: Case, number: string): Invoice =>
  sampleInvoice([sampleLine()], {
    id: number,
    number,
    customerName: 'Kunde',
    customerAddress: c.customer,
    seller: c.seller,
    vatBasisPoints: c.vatBasisPoints,
    paymentReference: paymentReference(c.country, number, c.seller.fikCreditorNumber),
  });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const text = (html: string) => html.replace(/>\s+</g, '><');

/**
 * The texts of a document that are, or start with, an English word of the invoice dictionary
 * the language does not share with English: none should be left in a Nordic invoice.
 */
const englishLeft = (html: string, lang: string) => {
  const words = invoiceLanguages[lang as InvoiceLanguageCode].words;
  const english = Object.entries(en.words)
    .filter(([key, word]) => words[key as keyof typeof words] !== word)
    .map(([, word]) => word);
  const body = html.slice(html.indexOf('<body>'));
  return [...body.matchAll(/>([^<]+)</g)]
    .map((m) => m[1]!.trim())
    .filter((t) => english.some((word) => t === word || t.startsWith(`${word} `)));
};

describe('invoices valid in the four countries (issue 36)', () => {
  for (const c of cases)
    it(`${c.country}: in the seller's language (lang, title, terms, dates, VAT, amount due), seller name, address and identity, bank account, reference with its check digit, customer address`, () => {
      for (const number of ['1', '42', '123456', '90000000000017']) {
        const html = text(
          invoiceHtml(issued(c, number), { name: 'x', orgNumber: '', address: '' }),
        );
        const address = c.seller.address!;
        expect(html).toContain(`<div class="seller-name">${c.seller.name}</div>`);
        expect(html).toContain(
          `<div class="address"><div>${address.street}</div><div>${c.country === 'SE' ? '111 20' : address.postalCode} ${address.town}</div></div>`,
        );
        expect(html).toContain(
          `<div class="identity">${c.identity.map((l) => `<div>${l}</div>`).join('')}</div>`,
        );
        expect(html).toContain(`<th>${c.account[0]}</th><td class="account">${c.account[1]}</td>`);
        expect(html).toContain(`<html lang="${c.lang}">`);
        expect(html).toContain(`<title>${c.title} ${number}</title>`);
        expect(html).toContain(`<h1>${c.title}</h1>`);
        for (const [label, value] of c.rows)
          expect(html).toMatch(
            new RegExp(
              `<th>${escape(label)}</th><td[^>]*>${escape(value === 'N' ? number : value)}</td>`,
            ),
          );
        expect(englishLeft(html, c.lang)).toEqual([]);
        expect(html).toContain(`<div>${c.customer.street}</div>`);
        expect(html).toContain(`${c.customer.town}</div>`);
        const match = c.reference.exec(html);
        expect({ number, printed: match !== null }).toEqual({ number, printed: true });
        const reference = match![1]!;
        expect({ number, reference, valid: c.valid(reference) }).toEqual({
          number,
          reference,
          valid: true,
        });
        // The reference names the invoice: its number's digits stand before the check digits.
        expect(reference.replace(/ /g, '').replace(/^0+/, '')).toMatch(new RegExp(`^${number}`));
      }
    });

  it('a reference with one digit changed fails its check (the checks here can fail)', () => {
    expect(mod10Valid('12344')).toBe(true);
    expect(mod10Valid('12345')).toBe(false);
    expect(finnishValid('1232')).toBe(true);
    expect(finnishValid('1233')).toBe(false);
  });

  it('Denmark: a number longer than the FIK payment id holds, or no creditor number, prints no FIK line rather than a wrong one', () => {
    const c = cases[2]!;
    const fallback = { name: 'x', orgNumber: '', address: '' };
    expect(text(invoiceHtml(issued(c, '900000000000017'), fallback))).not.toContain('<th>FIK</th>');
    const noCreditor = { ...c, seller: { ...c.seller, fikCreditorNumber: '' } };
    expect(text(invoiceHtml(issued(noCreditor, '17'), fallback))).not.toContain('<th>FIK</th>');
  });

  it('Norway without VAT registration prints no "MVA"', () => {
    const c = cases[0]!;
    const html = text(
      invoiceHtml(issued({ ...c, seller: { ...c.seller, vatRegistered: false } }, '7'), {
        name: 'x',
        orgNumber: '',
        address: '',
      }),
    );
    expect(html).toContain('<div class="identity"><div>Org.nr. 974 760 673</div></div>');
  });
});

describe('an address abroad names its country in the invoice’s language', () => {
  it('a Norwegian seller billing a Swedish customer prints "Sverige"; a Finnish one "Ruotsi"', () => {
    const fallback = { name: 'x', orgNumber: '', address: '' };
    const abroad = { street: 'Götgatan 48', postalCode: '11826', town: 'Stockholm', country: 'SE' };
    const no = text(invoiceHtml(issued({ ...cases[0]!, customer: abroad } as Case, '7'), fallback));
    expect(no).toContain('<div>Götgatan 48</div><div>118 26 Stockholm</div><div>Sverige</div>');
    const fi = text(invoiceHtml(issued({ ...cases[3]!, customer: abroad } as Case, '7'), fallback));
    expect(fi).toContain('<div>118 26 Stockholm</div><div>Ruotsi</div>');
  });
});
