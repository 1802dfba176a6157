/** How the invoice document writes numbers and dates (amounts in minor units, ISO dates). */

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * Minor units as a Nordic amount: 2 decimals after a comma, thousands apart by a space
 * (1234567 → "12 345,67"). Integer arithmetic only, so no amount is ever off by a rounding.
 */
export function formatMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const abs = Math.abs(minor);
  const cents = abs % 100;
  const major = (abs - cents) / 100;
  return `${minor < 0 ? '-' : ''}${groupThousands(String(major))},${String(cents).padStart(2, '0')}`;
}

/** An amount with its currency code (1234567, NOK → "12 345,67 NOK"). */
export const formatMoney = (minor: number, currency: string) => `${formatMinor(minor)} ${currency}`;

/** A quantity (kg and dm³ may have decimals): at most 3 decimals, Nordic comma, grouped. */
export function formatQuantity(quantity: number): string {
  const text = Math.abs(quantity)
    .toFixed(3)
    .replace(/\.?0+$/, '');
  const [whole = '0', decimals] = text.split('.');
  const sign = quantity < 0 && /[1-9]/.test(text) ? '-' : '';
  return `${sign}${groupThousands(whole)}${decimals ? `,${decimals}` : ''}`;
}

/**
 * A VAT rate in basis points as a percentage, with the language's decimal sign (2500 → "25 %";
 * 2550 → "25.5 %", or "25,5 %" with a comma as Finnish writes it).
 */
export function formatVatRate(basisPoints: number, decimalSign: '.' | ',' = '.'): string {
  const hundredths = basisPoints % 100;
  const whole = (basisPoints - hundredths) / 100;
  const decimals = String(hundredths).padStart(2, '0').replace(/0$/, '');
  return `${whole}${hundredths === 0 ? '' : `${decimalSign}${decimals}`} %`;
}

/** The date patterns in use: Norway and Denmark, Finland (no leading zeros), Sweden and ISO. */
export type DatePattern = 'dd.MM.yyyy' | 'd.M.yyyy' | 'yyyy-MM-dd';

/**
 * An ISO date (yyyy-MM-dd) in a country's usual pattern ("2026-02-01" → "01.02.2026",
 * "1.2.2026", "2026-02-01"). A text that is not an ISO date is printed as it is.
 */
export function formatDate(iso: string, pattern: DatePattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match as unknown as [string, string, string, string];
  switch (pattern) {
    case 'dd.MM.yyyy':
      return `${day}.${month}.${year}`;
    case 'd.M.yyyy':
      return `${Number(day)}.${Number(month)}.${year}`;
    case 'yyyy-MM-dd':
      return iso;
    default: {
      const never: never = pattern;
      return never;
    }
  }
}
