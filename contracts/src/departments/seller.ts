import { z } from 'zod';
import type { MarketCountry } from '../common.js';
import type { ValidationKey } from '../consignments/validation.js';
import {
  isFikCreditor,
  normaliseBankAccount,
  normaliseOrgNumber,
} from '../addresses/identifiers.js';
import { postalAddressSchema, type PostalAddress } from '../addresses/postalAddress.js';

/**
 * What a department (the seller on its invoices) prints about itself (issue 36): its address,
 * organisation number, VAT registration, the account it is paid to and, in Denmark, the FIK
 * creditor number of its payment line. Empty until set; checked against the department's country.
 */
export const sellerFields = {
  address: postalAddressSchema.nullable().default(null),
  /** Organisation number in the country's register (NO 9 digits, SE 10, DK CVR 8, FI Y-tunnus). */
  orgNumber: z.string().trim().max(30).default(''),
  /** Registered for VAT: Norway prints "MVA" after the number, the others their VAT number. */
  vatRegistered: z.boolean().default(false),
  /** Account payments go to: an IBAN, a Norwegian 11-digit account, or a Swedish bankgiro. */
  bankAccount: z.string().trim().max(42).default(''),
  /** Denmark: the creditor number (kreditornummer, 8 digits) of the FIK +71 payment line. */
  fikCreditorNumber: z.string().trim().max(12).default(''),
};

/** The seller fields of a department created before they existed (read models fill them in). */
export const sellerDefaults = {
  address: null,
  orgNumber: '',
  vatRegistered: false,
  bankAccount: '',
  fikCreditorNumber: '',
} as const;

export interface SellerIdentity {
  country: MarketCountry;
  address?: PostalAddress | null;
  orgNumber?: string;
  vatRegistered?: boolean;
  bankAccount?: string;
  fikCreditorNumber?: string;
}

export interface FieldProblem {
  path: string;
  /** A `validation.*` key: the form and the server's 400 say it in the user's language. */
  message: ValidationKey;
}

/**
 * Why a department's seller fields do not fit its country (empty: they do). One rule for the
 * admin form, the create command's schema and the update command's resulting department.
 */
export function sellerProblems(d: SellerIdentity): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const orgNumber = d.orgNumber ?? '';
  const bankAccount = d.bankAccount ?? '';
  const fik = d.fikCreditorNumber ?? '';
  if (orgNumber !== '' && normaliseOrgNumber(d.country, orgNumber) === null)
    problems.push({ path: 'orgNumber', message: `validation.orgNumber${d.country}` });
  if (d.vatRegistered === true && orgNumber === '')
    problems.push({ path: 'orgNumber', message: 'validation.vatNeedsOrgNumber' });
  if (bankAccount !== '' && normaliseBankAccount(d.country, bankAccount) === null)
    problems.push({
      path: 'bankAccount',
      message:
        d.country === 'NO'
          ? 'validation.bankAccountNO'
          : d.country === 'SE'
            ? 'validation.bankAccountSE'
            : 'validation.iban',
    });
  if (fik !== '' && (d.country !== 'DK' || !isFikCreditor(fik)))
    problems.push({ path: 'fikCreditorNumber', message: 'validation.fikCreditor' });
  return problems;
}
