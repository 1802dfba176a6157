import { marketCountries } from '../common.js';
import { normaliseOrgNumber } from '../addresses/identifiers.js';
import type { PostalAddress } from '../addresses/postalAddress.js';
import type { FieldProblem } from '../departments/seller.js';

/**
 * Why a customer's organisation number is not one (issue 36; empty: it is, or there is none).
 * With an address, the number is checked against the address's country, whose register it is
 * in; without one, it must be a valid number in one of the four countries. One rule for the
 * admin form, the create command and the update command's resulting customer.
 */
export function customerProblems(c: {
  orgNumber?: string;
  address?: PostalAddress | null;
}): FieldProblem[] {
  const orgNumber = c.orgNumber ?? '';
  if (orgNumber === '') return [];
  const country = c.address?.country;
  if (country)
    return normaliseOrgNumber(country, orgNumber) === null
      ? [{ path: 'orgNumber', message: `validation.orgNumber${country}` }]
      : [];
  return marketCountries.some((k) => normaliseOrgNumber(k, orgNumber) !== null)
    ? []
    : [{ path: 'orgNumber', message: 'validation.orgNumber' }];
}
