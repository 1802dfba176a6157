import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import type { TranslationMessages } from 'react-admin';
import { enumMessages } from './enums';
import { languageNames, loadAppMessages } from './loadMessages';
import { locales, normalizeLocale, storedLocale, storeLocale, type Locale } from './locales';
import type { Messages } from './messages/en';
import { localizeMessageOptions } from './numbers';
import raDa from './ra/da';
import raFi from './ra/fi';
import frSupplement from './ra/fr-supplement';
import raNb from './ra/nb';
import raSv from './ra/sv';

/** react-admin's own messages per language (ours for the four it does not ship). */
export const raMessages: Record<Locale, TranslationMessages> = {
  da: raDa,
  en: englishMessages,
  fi: raFi,
  fr: deepMerge(frenchMessages, frSupplement),
  nb: raNb,
  sv: raSv,
};

function deepMerge<T extends object>(base: T, extra: object): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(extra)) {
    const current = out[k];
    out[k] =
      v && typeof v === 'object' && current && typeof current === 'object'
        ? deepMerge(current, v as object)
        : v;
  }
  return out as T;
}

export const allMessages = (locale: Locale, app: Messages): TranslationMessages => ({
  ...raMessages[locale],
  ...app,
  enums: enumMessages[locale] as unknown as TranslationMessages,
});

/**
 * react-admin's i18n provider: all six languages, English by default, the choice kept. `messages`
 * are the app's messages of the stored language (loaded at start-up); another language's are
 * loaded when the user picks it.
 */
export function createI18nProvider(messages: Messages) {
  const initial = storedLocale();
  const provider = polyglotI18nProvider(
    (code) => {
      const locale = normalizeLocale(code);
      return locale === initial
        ? allMessages(locale, messages)
        : loadAppMessages(locale).then((app) => allMessages(locale, app));
    },
    initial,
    locales.map((locale) => ({ locale, name: languageNames[locale] })),
    { allowMissing: false },
  );
  return {
    ...provider,
    /** Numbers a message interpolates are written in the language (`numbers.ts`). */
    translate: (key: string, options?: Record<string, unknown>) =>
      provider.translate(key, localizeMessageOptions(options, provider.getLocale())),
    changeLocale: (locale: string) => {
      const l = normalizeLocale(locale);
      storeLocale(l);
      document.documentElement.lang = l;
      return provider.changeLocale(l);
    },
  };
}
