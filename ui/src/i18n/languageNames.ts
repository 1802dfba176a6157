import type { Locale } from './locales';

/** Each language's name in itself, for the language menus (every language's `languages` messages are these). */
export const languageNames: Record<Locale, string> = {
  da: 'Dansk',
  en: 'English',
  fi: 'Suomi',
  fr: 'Français',
  nb: 'Norsk bokmål',
  sv: 'Svenska',
};
