import {
  addressLines,
  isIban,
  normaliseBankAccount,
  normaliseOrgNumber,
  vatNumber,
  type Invoice,
  type InvoiceSellerSnapshot,
  type MarketCountry,
} from '@nordlog/contracts';

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

/** The payment instructions: the account paid to and the reference to quote. */
export interface PaymentText {
  /** "IBAN …", "Account …", "Bankgiro …"; null when the seller has none. */
  account: string | null;
  /** The reference's label and its text as the payer types it; null when none. */
  reference: { label: string; text: string } | null;
}

/** Norway's organisation number in groups of three (974 760 673), as the register prints it. */
const orgNumberText = (country: MarketCountry, orgNumber: string) => {
  const n = normaliseOrgNumber(country, orgNumber) ?? orgNumber;
  return country === 'NO' ? n.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3') : n;
};

/**
 * The seller's identity lines by country (issue 36): Norway prints "MVA" after a VAT-registered
 * seller's organisation number; Sweden, Denmark and Finland their register's number and, when
 * registered, the VAT number (SE…01, DK…, FI…).
 */
function sellerIdentity(s: InvoiceSellerSnapshot): string[] {
  if (s.orgNumber === '') return [];
  const number = orgNumberText(s.country, s.orgNumber);
  switch (s.country) {
    case 'NO':
      return [`Org. no. ${number}${s.vatRegistered ? ' MVA' : ''}`];
    case 'SE':
      return [
        `Org. no. ${number}`,
        ...(s.vatRegistered ? [`VAT no. ${vatNumber('SE', number)}`] : []),
      ];
    case 'DK':
      return [
        `CVR no. ${number}`,
        ...(s.vatRegistered ? [`VAT no. ${vatNumber('DK', number)}`] : []),
      ];
    case 'FI':
      return [
        `Business ID ${number}`,
        ...(s.vatRegistered ? [`VAT no. ${vatNumber('FI', number)}`] : []),
      ];
    default: {
      const never: never = s.country;
      return never;
    }
  }
}

/** The seller as the invoice prints it: the one kept on the invoice, else the configured one. */
export function sellerText(invoice: Invoice, fallback: InvoiceSeller): PartyText {
  const s = invoice.seller;
  if (!s)
    return {
      name: fallback.name,
      address: fallback.address.split(/\r?\n/).filter(Boolean),
      identity: fallback.orgNumber ? [`Org. no. ${fallback.orgNumber}`] : [],
    };
  return {
    name: s.name,
    address: s.address ? addressLines(s.address, s.address.country !== s.country) : [],
    identity: sellerIdentity(s),
  };
}

/** The customer as billed: name, address (with its country when abroad), organisation number. */
export function customerText(invoice: Invoice): PartyText {
  const a = invoice.customerAddress ?? null;
  const sellerCountry = invoice.seller?.country;
  return {
    name: invoice.customerName,
    address: a ? addressLines(a, sellerCountry !== undefined && a.country !== sellerCountry) : [],
    identity: invoice.customerOrgNumber ? [`Org. no. ${invoice.customerOrgNumber}`] : [],
  };
}

const referenceLabels = {
  KID: 'KID',
  OCR: 'OCR reference',
  FIK: 'FIK',
  VIITE: 'Reference number',
} as const;

/** Where and how to pay: the seller's account and the invoice's payment reference. */
export function paymentText(invoice: Invoice): PaymentText {
  const s = invoice.seller;
  let account: string | null = null;
  if (s && s.bankAccount !== '') {
    const printed = normaliseBankAccount(s.country, s.bankAccount) ?? s.bankAccount;
    account = isIban(s.bankAccount)
      ? `IBAN ${printed}`
      : s.country === 'SE'
        ? `Bankgiro ${printed}`
        : `Account ${printed}`;
  }
  const ref = invoice.paymentReference ?? null;
  return {
    account,
    reference: ref ? { label: referenceLabels[ref.kind], text: ref.printed } : null,
  };
}
