import type { DatePattern } from '../format.js';

/**
 * The words an invoice document prints, one key per word or phrase. Every language's dictionary
 * is a `Record` over these keys, so a language missing a word (or having one too many) does not
 * compile. A `{…}` placeholder is filled by `fill`; every language keeps English's placeholders.
 */
export type InvoiceWord =
  // The head and the facts table.
  | 'invoice'
  | 'numberShort'
  | 'billTo'
  | 'invoiceNumber'
  | 'invoiceDate'
  | 'dueDate'
  | 'paymentTerms'
  | 'period'
  | 'currency'
  // The lines: the columns and each group's heading.
  | 'article'
  | 'description'
  | 'quantity'
  | 'unitPrice'
  | 'amount'
  | 'order'
  | 'shipment'
  | 'billingOrder'
  | 'deliveryDate'
  // The totals.
  | 'net'
  | 'vat'
  | 'totalInclVat'
  // The payment box: the account by its kind, the reference by its kind.
  | 'payment'
  | 'amountDue'
  | 'bankAccount'
  | 'iban'
  | 'bankgiro'
  | 'referenceKid'
  | 'referenceOcr'
  | 'referenceFik'
  | 'referenceViite'
  // The parties' identity lines.
  | 'orgNumber'
  | 'billingNumber'
  | 'vatNumber'
  | 'cvrNumber'
  | 'businessId'
  // Country names (an address abroad prints its country).
  | 'countryNO'
  | 'countrySE'
  | 'countryDK'
  | 'countryFI';

/** A phrase with a number: its form for one and for any other count ("{n} day", "{n} days"). */
export interface PluralForms {
  one: string;
  other: string;
}

/** The phrases that take a count. */
export type InvoicePluralWord = 'netDays';

/** A language an invoice can be printed in (BCP 47: `nb` is Norwegian bokmål). */
export type InvoiceLanguageCode = 'en' | 'nb' | 'sv' | 'da' | 'fi';

export interface InvoiceLanguage {
  /** The document's `<html lang>`. */
  code: InvoiceLanguageCode;
  /** How the seller's country writes a date. */
  datePattern: DatePattern;
  /** The decimal sign of a VAT rate (25,5 %); amounts are always Nordic ("12 345,67"). */
  decimalSign: '.' | ',';
  words: Readonly<Record<InvoiceWord, string>>;
  plurals: Readonly<Record<InvoicePluralWord, PluralForms>>;
}

/** A phrase's placeholders `{name}` filled in ("Net {n} days", {n: 14} → "Net 14 days"). */
export const fill = (template: string, values: Readonly<Record<string, string | number>>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

/**
 * The form for a count: "one" for exactly 1, "other" for every other whole number. That is the
 * cardinal rule of all five languages (CLDR) for whole numbers, which day counts are.
 */
export const plural = (forms: PluralForms, n: number) =>
  fill(n === 1 ? forms.one : forms.other, { n });
