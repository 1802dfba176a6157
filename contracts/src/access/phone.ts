/**
 * Phone numbers (spec §5): digits, spaces, dashes and a leading plus; a prefix starts with + or 00;
 * a number without a + or 00 prefix gets +47 (the default market) added.
 */
const PHONE = /^\+?[\d -]+$/;
const PREFIX = /^(\+|00)\d{1,4}$/;

export const isValidPhone = (value: string): boolean =>
  PHONE.test(value.trim()) && /\d/.test(value);
export const isValidPhonePrefix = (value: string): boolean => PREFIX.test(value.trim());

/** The stored form: `+` and digits only. */
export function normalisePhone(value: string): string {
  const compact = value.trim().replace(/[ -]/g, '');
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  return `+47${compact}`;
}

/** Spec §5 "empty pickup block": the default phone prefix per market counts as empty. */
export const defaultPhonePrefix: Record<string, string> = {
  NO: '+47',
  SE: '+46',
  DK: '+45',
  FI: '+358',
};
