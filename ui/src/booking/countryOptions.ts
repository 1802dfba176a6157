import { addressCountries } from '@nordlog/contracts';

/**
 * The address block's country choices (spec §1 "a larger country list" than the four markets,
 * §9 address country list): every address country, named in the user's language with its code.
 */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale === 'nb' ? 'nb' : locale], { type: 'region' });
  return addressCountries.map((c) => ({ value: c, label: `${names.of(c) ?? c} (${c})` }));
}
