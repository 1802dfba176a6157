import { isValidationKey, toNumber } from '@nordlog/contracts';

/** Numbers typed in the invoicing forms: their problems as message keys, their values. */

// ------------------------------------------------------------------ numbers in forms

/** The message key of a number field's problem: empty, not a number, or out of range. */
export function numberIssue(
  raw: string,
  issue: { code: string; message: string; input?: unknown },
  options: { integer: boolean; positive?: boolean },
): string {
  if (raw.trim() === '') return 'validation.required';
  const n = toNumber(raw);
  if (!Number.isFinite(n)) return 'validation.number';
  if (options.positive && (n <= 0 || !Number.isInteger(n))) return 'validation.positiveInteger';
  if (options.integer && !Number.isInteger(n)) return 'validation.integer';
  if (issue.code === 'too_small') return 'validation.notNegative';
  if (isValidationKey(issue.message)) return issue.message;
  return 'validation.invalid';
}

/** A number field's text as a payload takes it: empty is no value, garbage is NaN. */
export const numberOf = (raw: string): number | undefined =>
  raw.trim() === '' ? undefined : toNumber(raw);

/** A form's problems by field: a message key each. */
export type Issues<F extends string> = Partial<Record<F, string>>;
