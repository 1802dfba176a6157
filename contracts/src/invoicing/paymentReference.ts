import type { MarketCountry } from '../common.js';

/**
 * The payment reference an invoice asks the payer to quote, by the seller's country (issue 36;
 * docs/decisions/0038-documents.md). Each is built from the invoice number, so a payment names its
 * invoice, with the check digit the country's banks verify:
 * - Norway: KID, the number and a mod-10 (Luhn) check digit;
 * - Sweden: OCR reference, the number, a length digit and a Luhn check digit;
 * - Denmark: FIK card type 71, a 15-digit payment id (14 digits and a mod-10 check digit) with the
 *   seller's creditor number, printed as the code line `+71<id+creditor<`;
 * - Finland: viitenumero, the number and a 7-3-1 check digit, printed in groups of five.
 */
export type PaymentReferenceKind = 'KID' | 'OCR' | 'FIK' | 'VIITE';

export interface PaymentReference {
  kind: PaymentReferenceKind;
  /** The reference's digits, check digit included. */
  reference: string;
  /** As printed on the invoice (the FIK code line; the Finnish number grouped). */
  printed: string;
}

/** The mod-10 (Luhn) check digit of a payload: weights 2, 1, 2, … from its rightmost digit. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  [...payload].reverse().forEach((ch, i) => {
    const v = Number(ch) * (i % 2 === 0 ? 2 : 1);
    sum += v > 9 ? v - 9 : v;
  });
  return (10 - (sum % 10)) % 10;
}

/** Finland's check digit: weights 7, 3, 1, 7, … from the rightmost digit, to the next ten. */
export function finnishCheckDigit(payload: string): number {
  const weights = [7, 3, 1];
  const sum = [...payload].reverse().reduce((s, ch, i) => s + Number(ch) * weights[i % 3]!, 0);
  return (10 - (sum % 10)) % 10;
}

/** Digits of the invoice number each reference holds at most (before its check digits). */
const maxDigits: Record<MarketCountry, number> = { NO: 24, SE: 23, DK: 14, FI: 19 };

/**
 * The reference of an invoice (its number's digits) in the seller's country; null when the
 * number is longer than the reference holds (a cut number would name another invoice) or, in
 * Denmark, without the creditor number the FIK line needs.
 */
export function paymentReference(
  country: MarketCountry,
  invoiceNumber: string,
  fikCreditorNumber = '',
): PaymentReference | null {
  const digits = invoiceNumber.replace(/\D/g, '').replace(/^0+(?=\d)/, '') || '0';
  if (digits.length > maxDigits[country]) return null;
  switch (country) {
    case 'NO': {
      const reference = `${digits}${luhnCheckDigit(digits)}`;
      return { kind: 'KID', reference, printed: reference };
    }
    case 'SE': {
      const withLength = `${digits}${(digits.length + 2) % 10}`;
      const reference = `${withLength}${luhnCheckDigit(withLength)}`;
      return { kind: 'OCR', reference, printed: reference };
    }
    case 'DK': {
      const creditor = fikCreditorNumber.replace(/\D/g, '');
      if (creditor.length !== 8) return null;
      const payload = digits.padStart(14, '0');
      const reference = `${payload}${luhnCheckDigit(payload)}`;
      return { kind: 'FIK', reference, printed: `+71<${reference}+${creditor}<` };
    }
    case 'FI': {
      // At least three digits before the check digit; at most 19.
      const payload = digits.padStart(3, '0');
      const reference = `${payload}${finnishCheckDigit(payload)}`;
      return { kind: 'VIITE', reference, printed: groupFromRight(reference, 5) };
    }
    default: {
      const never: never = country;
      return never;
    }
  }
}

const groupFromRight = (text: string, size: number) =>
  text.replace(new RegExp(`\\B(?=(\\d{${size}})+(?!\\d))`, 'g'), ' ');
