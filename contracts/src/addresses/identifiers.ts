import type { MarketCountry } from '../common.js';

/**
 * National identifiers a seller prints on an invoice (issue 36): organisation numbers and bank
 * accounts, each with the check its register defines. Pure functions of the text typed; spaces,
 * dashes and dots between digits are allowed and ignored.
 */

const digitsOf = (text: string) => text.replace(/[\s.-]/g, '');
const digitList = (text: string) => [...text].map(Number);

/** Σ digit × weight over the digits (as many as there are weights). */
const weighted = (digits: string, weights: readonly number[]) =>
  weights.reduce((sum, w, i) => sum + Number(digits[i]) * w, 0);

/** The mod-11 check digit of Norway's registers (11 → 0; 10: no number has it). */
function mod11NO(digits: string, weights: readonly number[]): number | null {
  const r = 11 - (weighted(digits, weights) % 11);
  return r === 11 ? 0 : r === 10 ? null : r;
}

/** Whether the digits pass the Luhn check (the last digit is the check digit). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  digitList(digits)
    .reverse()
    .forEach((d, i) => {
      const v = i % 2 === 1 ? d * 2 : d;
      sum += v > 9 ? v - 9 : v;
    });
  return sum % 10 === 0;
}

/** The organisation number's digits in the form its country writes it, or null when invalid. */
export function normaliseOrgNumber(country: MarketCountry, typed: string): string | null {
  const raw = digitsOf(typed);
  switch (country) {
    case 'NO': {
      // Enhetsregisteret: 9 digits, weights 3 2 7 6 5 4 3 2, mod 11.
      if (!/^\d{9}$/.test(raw)) return null;
      return mod11NO(raw, [3, 2, 7, 6, 5, 4, 3, 2]) === Number(raw[8]) ? raw : null;
    }
    case 'SE': {
      // Organisationsnummer: 10 digits (NNNNNN-NNNN), the last a Luhn check digit.
      if (!/^\d{10}$/.test(raw) || !passesLuhn(raw)) return null;
      return `${raw.slice(0, 6)}-${raw.slice(6)}`;
    }
    case 'DK': {
      // CVR: 8 digits, weights 2 7 6 5 4 3 2 1, the sum divisible by 11.
      if (!/^\d{8}$/.test(raw) || raw.startsWith('0')) return null;
      return weighted(raw, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0 ? raw : null;
    }
    case 'FI': {
      // Y-tunnus: 7 digits, a dash and a check digit (weights 7 9 10 5 8 4 2; remainder 1: none).
      if (!/^\d{8}$/.test(raw)) return null;
      const r = weighted(raw, [7, 9, 10, 5, 8, 4, 2]) % 11;
      if (r === 1) return null;
      return (r === 0 ? 0 : 11 - r) === Number(raw[7]) ? `${raw.slice(0, 7)}-${raw[7]}` : null;
    }
    default: {
      const never: never = country;
      return never;
    }
  }
}

/** The VAT number the EU (and Norway's "MVA") print for a registered seller's org number. */
export function vatNumber(country: MarketCountry, orgNumber: string): string {
  const digits = digitsOf(orgNumber);
  switch (country) {
    case 'NO':
      return `NO ${digits} MVA`;
    case 'SE':
      return `SE${digits}01`;
    case 'DK':
      return `DK${digits}`;
    case 'FI':
      return `FI${digits}`;
    default: {
      const never: never = country;
      return never;
    }
  }
}

/** IBAN lengths of the four markets; other countries' IBANs are 15 to 34 characters. */
const ibanLengths: Record<string, number> = { NO: 15, SE: 24, DK: 18, FI: 18 };

/** Whether a text is an IBAN: country, two check digits, the account; mod 97 of it is 1. */
export function isIban(typed: string): boolean {
  const iban = typed.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = ibanLengths[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const numeric = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const ch of numeric) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

/** Whether a Norwegian account number is valid: 11 digits, weights 5 4 3 2 7 6 5 4 3 2, mod 11. */
export function isNorwegianAccount(typed: string): boolean {
  const raw = digitsOf(typed);
  return /^\d{11}$/.test(raw) && mod11NO(raw, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) === Number(raw[10]);
}

/** Whether a Swedish bankgiro number is valid: 7 or 8 digits, the last a Luhn check digit. */
export function isBankgiro(typed: string): boolean {
  const raw = digitsOf(typed);
  return /^\d{7,8}$/.test(raw) && passesLuhn(raw);
}

/**
 * The bank account as printed, or null when it is none the seller's country pays to: an IBAN
 * anywhere; in Norway an 11-digit account (NNNN NN NNNNN); in Sweden a bankgiro (NNN-NNNN).
 */
export function normaliseBankAccount(country: MarketCountry, typed: string): string | null {
  if (isIban(typed))
    return typed
      .replace(/\s/g, '')
      .toUpperCase()
      .replace(/(.{4})(?=.)/g, '$1 ');
  const raw = digitsOf(typed);
  if (country === 'NO' && isNorwegianAccount(raw))
    return `${raw.slice(0, 4)} ${raw.slice(4, 6)} ${raw.slice(6)}`;
  if (country === 'SE' && isBankgiro(raw)) return `${raw.slice(0, -4)}-${raw.slice(-4)}`;
  return null;
}

/** Whether a Danish FIK creditor number (kreditornummer) is well formed: 8 digits. */
export const isFikCreditor = (typed: string) => /^\d{8}$/.test(digitsOf(typed));
