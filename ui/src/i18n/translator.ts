import Polyglot from 'node-polyglot';
import type { Locale } from './locales';
import type { Messages } from './messages/en';
import { localizeMessageOptions } from './numbers';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A translate function over the app's messages of `locale` (loaded with `loadAppMessages`), for
 * the pages outside react-admin (log-in).
 */
export function createTranslator(locale: Locale, messages: Messages): Translate {
  const polyglot = new Polyglot({
    locale,
    phrases: messages,
    allowMissing: true,
    onMissingKey: (key: string) => key,
  });
  return (key, options) => polyglot.t(key, localizeMessageOptions(options, locale));
}
