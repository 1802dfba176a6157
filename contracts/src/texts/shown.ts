import type { TextLanguage, TextWordings } from './index.js';
import { textIn } from './index.js';

/**
 * Where the LABEL and BOOKING texts (0081) are shown, and how (docs/decisions/0097): pure, so the
 * command service (label pages) and the booking form fill a text the same way.
 */

/** The LABEL text every label prints (after those of its service and extras), when written. */
export const LABEL_FOOTER_KEY = 'footer';
/** The BOOKING text the booking form shows for every order, when written. */
export const BOOKING_NOTICE_KEY = 'notice';

/**
 * A wording with its `{placeholders}` filled: a known one by its value (an empty or missing
 * value prints nothing), a `{name}` without a value left as written; runs of spaces the empty
 * values leave are closed and the ends trimmed.
 */
export function fillPlaceholders(
  wording: string,
  values: Readonly<Record<string, string | null | undefined>>,
): string {
  return wording
    .replace(/\{([^{}]*)\}/g, (whole, name: string) =>
      Object.hasOwn(values, name) ? (values[name] ?? '') : whole,
    )
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/**
 * The keys of the texts that apply to an order, in the order they are shown: its service (the
 * transport article code), its concrete service code (0093) when another, each of its
 * value-added services' VAS codes, then the general key. Blank and repeated keys are dropped.
 */
export function appliedTextKeys(
  order: { serviceId?: string | null; serviceCode?: string | null; vasCodes: readonly string[] },
  generalKey: string,
): string[] {
  const keys = [order.serviceId, order.serviceCode, ...order.vasCodes, generalKey]
    .map((k) => (k ?? '').trim())
    .filter((k) => k !== '');
  return [...new Set(keys)];
}

/**
 * The filled wordings of the texts (of one group) whose keys apply, in the keys' order, each in
 * the language (else English); a key without a text is skipped, as is a wording filled to nothing.
 */
export function appliedTexts(
  texts: readonly { key: string; texts: TextWordings }[],
  keys: readonly string[],
  language: string,
  values: Readonly<Record<string, string | null | undefined>>,
): { key: string; text: string }[] {
  const byKey = new Map(texts.map((t) => [t.key, t.texts]));
  return keys.flatMap((key) => {
    const wordings = byKey.get(key);
    if (!wordings) return [];
    const text = fillPlaceholders(textIn(wordings, language), values);
    return text === '' ? [] : [{ key, text }];
  });
}

const countryLanguages: Readonly<Record<string, TextLanguage>> = {
  NO: 'nb',
  SJ: 'nb',
  SE: 'sv',
  DK: 'da',
  FO: 'da',
  GL: 'da',
  FI: 'fi',
  AX: 'sv',
  FR: 'fr',
  MC: 'fr',
};

/**
 * The language a label's texts are printed in: the delivery country's (who handles and receives
 * the parcel reads it there), English for a country without one of the six.
 */
export const labelLanguage = (countryCode: string): TextLanguage =>
  countryLanguages[countryCode.trim().toUpperCase()] ?? 'en';
