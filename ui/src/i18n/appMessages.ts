import type { Locale } from './locales';
import da from './messages/da';
import en, { type Messages } from './messages/en';
import fi from './messages/fi';
import fr from './messages/fr';
import nb from './messages/nb';
import sv from './messages/sv';

/** The app's own messages (no react-admin keys): small enough for the log-in page's bundle. */
export const appMessages: Record<Locale, Messages> = { da, en, fi, fr, nb, sv };
