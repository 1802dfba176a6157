/**
 * Phone numbers (spec §5): digits, spaces, dashes and a leading plus; a prefix starts with + or 00;
 * a number without a + or 00 prefix gets +47 (the default market) added. Past the characters a
 * number needs as many digits as numbers of its country have (docs/decisions/0015): `+47 12` is
 * no phone number. One rule for users, the login form and the order's address blocks.
 */
const PHONE = /^\+?[\d -]+$/;
const PREFIX = /^(\+|00)\d{1,4}$/;

/**
 * Digits after the country code in the four markets (a Swedish or Finnish trunk 0, as in 070… or
 * 040…, is dropped first): NO and DK 8; SE 7 to 9; FI 5 to 12.
 */
export const marketPhoneRules = {
  NO: { prefix: '+47', min: 8, max: 8 },
  SE: { prefix: '+46', min: 7, max: 9 },
  DK: { prefix: '+45', min: 8, max: 8 },
  FI: { prefix: '+358', min: 5, max: 12 },
} as const;
export type PhoneMarket = keyof typeof marketPhoneRules;
const markets = Object.keys(marketPhoneRules) as PhoneMarket[];

/** Other countries (E.164): at most 15 digits with the country code; fewer than 8 reach nobody. */
export const INTERNATIONAL_PHONE_DIGITS = { min: 8, max: 15 } as const;

/** What is wrong with a phone number: its characters or length (`format`), or a market's length. */
export type PhoneProblem = 'format' | PhoneMarket;

/** The market whose country code a stored number (`+` and digits) starts with, if any. */
export const phoneMarket = (stored: string): PhoneMarket | undefined =>
  markets.find((m) => stored.startsWith(marketPhoneRules[m].prefix));

/** Why a phone number is not valid, or null when it is. */
export function phoneProblem(value: string): PhoneProblem | null {
  if (!PHONE.test(value.trim()) || !/\d/.test(value)) return 'format';
  const stored = normalisePhone(value);
  const market = phoneMarket(stored);
  if (market) {
    const rule = marketPhoneRules[market];
    const digits = stored.length - rule.prefix.length;
    return digits >= rule.min && digits <= rule.max ? null : market;
  }
  const digits = stored.length - 1;
  const { min, max } = INTERNATIONAL_PHONE_DIGITS;
  return /^\+[1-9]/.test(stored) && digits >= min && digits <= max ? null : 'format';
}

export const isValidPhone = (value: string): boolean => phoneProblem(value) === null;
export const isValidPhonePrefix = (value: string): boolean => PREFIX.test(value.trim());

/** The stored form: `+` and digits only, without a Swedish or Finnish trunk 0 after the code. */
export function normalisePhone(value: string): string {
  const compact = value.trim().replace(/[ -]/g, '');
  const international = compact.startsWith('+')
    ? compact
    : compact.startsWith('00')
      ? `+${compact.slice(2)}`
      : `+47${compact}`;
  return international.replace(/^(\+46|\+358)0+/, '$1');
}

/** Spec §5 "empty pickup block": the default phone prefix per market counts as empty. */
export const defaultPhonePrefix: Record<string, string> = {
  NO: '+47',
  SE: '+46',
  DK: '+45',
  FI: '+358',
};
