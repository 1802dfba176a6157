import { z } from 'zod';
import { marketCountries, nonEmptyText, type MarketCountry } from '../common.js';
import type { ValidationKey } from '../consignments/validation.js';

/** Digits of a postal code per country (Sweden's `123 45` is five digits with a space). */
export const postalCodeDigits: Readonly<Record<MarketCountry, number>> = {
  NO: 4,
  DK: 4,
  SE: 5,
  FI: 5,
};

/** A postal code as stored: its digits only ("114 55" → "11455"). */
export const postalCodeOf = (typed: string) => typed.replace(/[\s-]/g, '');

/** Why a postal code does not fit its country (a `validation.*` key), or null when it does. */
export function postalCodeProblem(country: MarketCountry, typed: string): ValidationKey | null {
  const digits = postalCodeOf(typed);
  const n = postalCodeDigits[country];
  return new RegExp(`^\\d{${n}}$`).test(digits) ? null : `validation.zipCode${country}`;
}

/** A postal code as printed: Sweden's in two groups ("114 55"), the others as their digits. */
export const formatPostalCode = (country: MarketCountry, code: string) => {
  const digits = postalCodeOf(code);
  return country === 'SE' && digits.length === 5
    ? `${digits.slice(0, 3)} ${digits.slice(3)}`
    : digits;
};

/**
 * A postal address in one of the four markets (customer and department, issue 36): street and
 * house number, postal code (its digits, checked against the country), town and country. The same
 * schema checks the admin form and the command.
 */
export const postalAddressSchema = z
  .object({
    street: nonEmptyText.max(200),
    postalCode: z.string().trim().max(10).transform(postalCodeOf),
    town: nonEmptyText.max(100),
    country: z.enum(marketCountries),
  })
  .superRefine((a, ctx) => {
    const problem = postalCodeProblem(a.country, a.postalCode);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['postalCode'] });
  });
export type PostalAddress = z.output<typeof postalAddressSchema>;

/** The address's lines as a letter shows them ("Tvetenveien 150", "0671 Oslo"). */
export const addressLines = (a: PostalAddress, withCountry = false): string[] => [
  a.street,
  `${formatPostalCode(a.country, a.postalCode)} ${a.town}`,
  ...(withCountry ? [countryNames[a.country]] : []),
];

export const countryNames: Record<MarketCountry, string> = {
  NO: 'Norway',
  SE: 'Sweden',
  DK: 'Denmark',
  FI: 'Finland',
};
