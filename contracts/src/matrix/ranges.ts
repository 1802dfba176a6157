import { postalCodeProblem } from '../addresses/postalAddress.js';
import type { MarketCountry } from '../common.js';
import type { Issue } from '../timeWindows/hours.js';

/**
 * The rules of a department matrix entry's postal-code range (docs/decisions/0079): pure, shared
 * by the command's schema, the decider (which knows the department's country) and the readers.
 */

interface Range {
  postalCodeFrom: string;
  postalCodeTo: string;
}

/** Whether a postal code (digits) lies in a range; codes of another length never do. */
export const inRange = (range: Range, postalCode: string): boolean =>
  postalCode.length === range.postalCodeFrom.length &&
  range.postalCodeFrom <= postalCode &&
  postalCode <= range.postalCodeTo;

/** Whether two ranges share a postal code (both ends inclusive). */
export const rangesOverlap = (a: Range, b: Range): boolean =>
  a.postalCodeFrom.length === b.postalCodeFrom.length &&
  a.postalCodeFrom <= b.postalCodeTo &&
  b.postalCodeFrom <= a.postalCodeTo;

/** A range's own rules: both ends of one length, the last not before the first. */
export function rangeIssues(range: Range): Issue[] {
  const { postalCodeFrom: from, postalCodeTo: to } = range;
  // A code that is not digits has its own issue.
  if (!/^\d+$/.test(from) || !/^\d+$/.test(to)) return [];
  if (from.length !== to.length || to < from)
    return [{ path: ['postalCodeTo'], message: 'validation.postalCodeRange' }];
  return [];
}

/** Both ends in the department's country's format (`validation.zipCodeNO` …). */
export function rangeCountryIssues(range: Range, country: MarketCountry): Issue[] {
  const issues: Issue[] = [];
  for (const field of ['postalCodeFrom', 'postalCodeTo'] as const) {
    const problem = postalCodeProblem(country, range[field]);
    if (problem) issues.push({ path: [field], message: problem });
  }
  return issues;
}

/** Service codes named twice in one entry: the later ones' indexes. */
export function repeatedServiceIssues(serviceCodes: readonly string[]): Issue[] {
  return serviceCodes.flatMap((code, i) =>
    serviceCodes.indexOf(code) < i
      ? [{ path: ['serviceCodes', i], message: 'validation.serviceRepeated' as const }]
      : [],
  );
}

/**
 * Another entry of the department that offers one of the entry's services on a shared postal
 * code, with the first service they share; null when there is none.
 */
export function clashOf<
  E extends Range & { id: string; departmentId: string; serviceCodes: readonly string[] },
>(entry: E, others: Iterable<E>): { other: E; serviceCode: string } | null {
  for (const other of others) {
    if (other.id === entry.id || other.departmentId !== entry.departmentId) continue;
    if (!rangesOverlap(entry, other)) continue;
    const serviceCode = entry.serviceCodes.find((c) => other.serviceCodes.includes(c));
    if (serviceCode !== undefined) return { other, serviceCode };
  }
  return null;
}
