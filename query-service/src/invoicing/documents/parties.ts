import {
  addressLines,
  isIban,
  normaliseBankAccount,
  normaliseOrgNumber,
  vatNumber,
  type Invoice,
  type InvoiceSellerSnapshot,
  type MarketCountry,
  type PaymentReference,
  type PostalAddress,
} from '@nordlog/contracts';
import type { InvoiceWord } from './language/index.js';

/** An invoice language's words. */
export type InvoiceWords = Readonly<Record<InvoiceWord, string>>;

/** The seller configured for the service: printed on invoices issued before sellers were kept. */
export interface InvoiceSeller {
  name: string;
  orgNumber: string;
  /** May span lines (street, zip and town): each line is printed as a line. */
  address: string;
}

/** What an invoice prints about a party: name, address lines, identity lines. */
export interface PartyText {
  name: string;
  address: string[];
  identity: string[];
}

/** A labelled line of the payment box ("Kontonummer" "8601 11 17947"). */
export interface LabelledText {
  label: string;
  text: string;
}

/** The payment instructions: the account paid to and the reference to quote. */
export interface PaymentText {
  /** The account by its kind (IBAN, bankgiro, a domestic account); null when the seller has none. */
  account: LabelledText | null;
  /** The reference's label and its text as the payer types it; null when none. */
  reference: LabelledText | null;
}

/** Norway's organisation number in groups of three (974 760 673), as the register prints it. */
const orgNumberText = (country: MarketCountry, orgNumber: string) => {
  const n = normaliseOrgNumber(country, orgNumber) ?? orgNumber;
  return country === 'NO' ? n.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3') : n;
};

/**
 * The seller's identity lines by country (issue 36), labelled in the invoice's language: Norway
 * prints "MVA" after a VAT-registered seller's organisation number (the mark the VAT act asks
 * for, the same in every language); Sweden, Denmark and Finland their register's number and,
 * when registered, the VAT number (SE…01, DK…, FI…).
 */
function sellerIdentity(s: InvoiceSellerSnapshot, words: InvoiceWords): string[] {
  if (s.orgNumber === '') return [];
  const number = orgNumberText(s.country, s.orgNumber);
  const vat = () => (s.vatRegistered ? [`${words.vatNumber} ${vatNumber(s.country, number)}`] : []);
  switch (s.country) {
    case 'NO':
      return [`${words.orgNumber} ${number}${s.vatRegistered ? ' MVA' : ''}`];
    case 'SE':
      return [`${words.orgNumber} ${number}`, ...vat()];
    case 'DK':
      return [`${words.cvrNumber} ${number}`, ...vat()];
    case 'FI':
      return [`${words.businessId} ${number}`, ...vat()];
    default: {
      const never: never = s.country;
      return never;
    }
  }
}

/** An address's lines, its country named in the invoice's language when it is not `home`'s. */
const addressText = (a: PostalAddress, home: string | undefined, words: InvoiceWords) => [
  ...addressLines(a),
  ...(home !== undefined && a.country !== home ? [words[`country${a.country}`]] : []),
];

/** The seller as the invoice prints it: the one kept on the invoice, else the configured one. */
export function sellerText(
  invoice: Invoice,
  fallback: InvoiceSeller,
  words: InvoiceWords,
): PartyText {
  const s = invoice.seller;
  if (!s)
    return {
      name: fallback.name,
      address: fallback.address.split(/\r?\n/).filter(Boolean),
      identity: fallback.orgNumber ? [`${words.orgNumber} ${fallback.orgNumber}`] : [],
    };
  return {
    name: s.name,
    address: s.address ? addressText(s.address, s.country, words) : [],
    identity: sellerIdentity(s, words),
  };
}

/**
 * The customer as billed: name, address (with its country when abroad), organisation number and
 * billing number.
 */
export function customerText(invoice: Invoice, words: InvoiceWords): PartyText {
  const a = invoice.customerAddress ?? null;
  return {
    name: invoice.customerName,
    address: a ? addressText(a, invoice.seller?.country, words) : [],
    identity: [
      ...(invoice.customerOrgNumber ? [`${words.orgNumber} ${invoice.customerOrgNumber}`] : []),
      // The customer's own number for us, which it asks to see on its invoices (0071).
      ...(invoice.customerBillingNumber
        ? [`${words.billingNumber} ${invoice.customerBillingNumber}`]
        : []),
    ],
  };
}

const referenceLabels = {
  KID: 'referenceKid',
  OCR: 'referenceOcr',
  FIK: 'referenceFik',
  VIITE: 'referenceViite',
} as const satisfies Record<PaymentReference['kind'], InvoiceWord>;

/** Where and how to pay: the seller's account and the invoice's payment reference. */
export function paymentText(invoice: Invoice, words: InvoiceWords): PaymentText {
  const s = invoice.seller;
  let account: LabelledText | null = null;
  if (s && s.bankAccount !== '') {
    const text = normaliseBankAccount(s.country, s.bankAccount) ?? s.bankAccount;
    const label = isIban(s.bankAccount)
      ? words.iban
      : s.country === 'SE'
        ? words.bankgiro
        : words.bankAccount;
    account = { label, text };
  }
  const ref = invoice.paymentReference ?? null;
  return {
    account,
    reference: ref ? { label: words[referenceLabels[ref.kind]], text: ref.printed } : null,
  };
}
