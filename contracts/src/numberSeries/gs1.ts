/**
 * GS1 keys of the number series (spec §3): the GSIN (Global Shipment Identification Number, AI 402)
 * names a shipment, the SSCC (Serial Shipping Container Code, AI 00) a logistic unit (package).
 *
 * - GSIN, 17 digits: GS1 company prefix + shipper reference + check digit.
 * - SSCC, 18 digits: extension digit + GS1 company prefix + serial reference + check digit.
 *
 * With a company prefix of L digits (7 to 10) the serial part has 16 − L digits in both.
 */
export const GSIN_LENGTH = 17;
export const SSCC_LENGTH = 18;
export const COMPANY_PREFIX_PATTERN = /^\d{7,10}$/;

/**
 * The GS1 mod-10 check digit of `body` (the digits before it): from the rightmost digit leftwards
 * the weights are 3, 1, 3, 1, …; the check digit brings the weighted sum up to a multiple of 10.
 */
export function gs1CheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError(`not digits: ${body}`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the last digit of `value` is the GS1 check digit of the digits before it. */
export function hasValidGs1CheckDigit(value: string): boolean {
  if (!/^\d{2,}$/.test(value)) return false;
  return gs1CheckDigit(value.slice(0, -1)) === Number(value.at(-1));
}

/** Digits of the serial part for a company prefix (GSIN shipper reference, SSCC serial reference). */
export const serialDigits = (companyPrefix: string): number => 16 - companyPrefix.length;

/** The largest serial a company prefix leaves room for. */
export const maxSerial = (companyPrefix: string): number => 10 ** serialDigits(companyPrefix) - 1;

function serialPart(companyPrefix: string, serial: number): string {
  if (!COMPANY_PREFIX_PATTERN.test(companyPrefix))
    throw new RangeError(`a GS1 company prefix has 7 to 10 digits: ${companyPrefix}`);
  if (!Number.isSafeInteger(serial) || serial < 0 || serial > maxSerial(companyPrefix))
    throw new RangeError(`serial ${serial} does not fit prefix ${companyPrefix}`);
  return String(serial).padStart(serialDigits(companyPrefix), '0');
}

/** The 17-digit GSIN of a company prefix and shipper reference, with its check digit. */
export function formatGsin(companyPrefix: string, serial: number): string {
  const body = companyPrefix + serialPart(companyPrefix, serial);
  return body + String(gs1CheckDigit(body));
}

/** The 18-digit SSCC of an extension digit, company prefix and serial reference, with its check digit. */
export function formatSscc(extensionDigit: string, companyPrefix: string, serial: number): string {
  if (!/^\d$/.test(extensionDigit))
    throw new RangeError(`an SSCC extension digit is one digit: ${extensionDigit}`);
  const body = extensionDigit + companyPrefix + serialPart(companyPrefix, serial);
  return body + String(gs1CheckDigit(body));
}

export const isValidGsin = (value: string): boolean =>
  value.length === GSIN_LENGTH && hasValidGs1CheckDigit(value);
export const isValidSscc = (value: string): boolean =>
  value.length === SSCC_LENGTH && hasValidGs1CheckDigit(value);
