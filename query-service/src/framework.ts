import type { Identity, QueryName, querySchemas } from '@nordlog/contracts';
import type { Geocoder, Knex } from '@nordlog/platform';
import type { z } from 'zod';

export interface QueryContext {
  knex: Knex;
  identity: Identity;
  clock: () => Date;
  /** Address lookup (docs/decisions/0015): the gazetteer by default. */
  geocoder?: Geocoder;
}

export type QueryHandler<N extends QueryName> = (
  params: z.infer<(typeof querySchemas)[N]>,
  ctx: QueryContext,
) => Promise<unknown>;
export type QueryTable = { [N in QueryName]: QueryHandler<N> };

/** The departments a caller may read among those asked for (all allowed ones when none asked). */
export function allowedDepartments(
  identity: Identity,
  asked: string[] | undefined,
): string[] | '*' {
  if (identity.departmentIds === '*') return asked && asked.length > 0 ? asked : '*';
  const allowed = identity.departmentIds;
  return asked && asked.length > 0 ? asked.filter((d) => allowed.includes(d)) : allowed;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Today's date (yyyy-MM-dd) in a time zone (one formatter per zone, created once). */
export function todayIn(timeZone: string, now: Date): string {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, format);
  }
  return format.format(now);
}

/** Search words: lower-cased, with LIKE's wildcard characters escaped. */
export const searchWords = (phrase: string): string[] =>
  phrase
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));
