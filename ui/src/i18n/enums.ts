import type { Locale } from './locales';
import type { EnumMessages } from './enumTables/shape';
import { da } from './enumTables/da';
import { en } from './enumTables/en';
import { fi } from './enumTables/fi';
import { fr } from './enumTables/fr';
import { nb } from './enumTables/nb';
import { sv } from './enumTables/sv';

export type { EnumMessages } from './enumTables/shape';

/** The labels of the contracts' enums in each language (a table a language: enumTables/). */
export const enumMessages: Record<Locale, EnumMessages> = { da, en, fi, fr, nb, sv };

export type EnumName = keyof EnumMessages;

/** The message key of an enum value, e.g. `enums.role.ADMIN`. */
export const enumKey = (name: EnumName, value: string): string => `enums.${name}.${value}`;
