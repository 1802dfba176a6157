import type { MarketCountry } from '@nordlog/contracts';
import { da } from './da.js';
import { en } from './en.js';
import { fi } from './fi.js';
import { nb } from './nb.js';
import { sv } from './sv.js';
import type { InvoiceLanguage, InvoiceLanguageCode } from './types.js';

export { fill, plural } from './types.js';
export type {
  InvoiceLanguage,
  InvoiceLanguageCode,
  InvoicePluralWord,
  InvoiceWord,
  PluralForms,
} from './types.js';

/** Every language an invoice can be printed in, by its code. */
export const invoiceLanguages: Readonly<Record<InvoiceLanguageCode, InvoiceLanguage>> = {
  en,
  nb,
  sv,
  da,
  fi,
};

/** The language of a seller's country: a Nordic customer reads the seller's local invoice. */
const languageOfCountry: Readonly<Record<MarketCountry, InvoiceLanguageCode>> = {
  NO: 'nb',
  SE: 'sv',
  DK: 'da',
  FI: 'fi',
};

/**
 * The language an invoice is printed in: its seller's (the issuing department's) country's,
 * English when the seller's country is not known (an invoice issued before sellers were kept) or
 * not one of the four markets.
 */
export function invoiceLanguage(sellerCountry: string | null | undefined): InvoiceLanguage {
  const code = Object.hasOwn(languageOfCountry, sellerCountry ?? '')
    ? languageOfCountry[sellerCountry as MarketCountry]
    : 'en';
  return invoiceLanguages[code];
}
