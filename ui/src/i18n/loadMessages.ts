import type { Locale } from './locales';
import type { Messages } from './messages/en';

/**
 * The app's messages of one language, each a chunk of its own: a page loads only its user's
 * language (issue 37 §5, docs/decisions/0046-web-start-up.md). `appMessages.ts` keeps all six
 * for the tests.
 */
const chunks: Record<Locale, () => Promise<{ default: Messages }>> = {
  da: () => import('./messages/da'),
  en: () => import('./messages/en'),
  fi: () => import('./messages/fi'),
  fr: () => import('./messages/fr'),
  nb: () => import('./messages/nb'),
  sv: () => import('./messages/sv'),
};

const loading = new Map<Locale, Promise<Messages>>();

/** The messages of `locale`, fetched once (a failed fetch may be asked again). */
export function loadAppMessages(locale: Locale): Promise<Messages> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = chunks[locale]().then(
      ({ default: messages }) => messages,
      (err: unknown) => {
        loading.delete(locale);
        throw err;
      },
    );
    loading.set(locale, promise);
  }
  return promise;
}

export { languageNames } from './languageNames';
