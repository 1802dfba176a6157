import Polyglot from 'node-polyglot';
import { appMessages } from './appMessages';
import type { Locale } from './locales';
import { localizeMessageOptions } from './numbers';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A translate function over the app's messages, for the pages outside react-admin (log-in). */
export function createTranslator(locale: Locale): Translate {
  const polyglot = new Polyglot({
    locale,
    phrases: appMessages[locale],
    allowMissing: true,
    onMissingKey: (key: string) => key,
  });
  return (key, options) => polyglot.t(key, localizeMessageOptions(options, locale));
}
