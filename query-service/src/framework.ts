import {
  dayIn,
  readableRows,
  type EntityName,
  type Identity,
  type QueryName,
  type querySchemas,
} from '@nordlog/contracts';
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

/** Today's date (yyyy-MM-dd) in a time zone. */
export const todayIn = (timeZone: string, now: Date): string => dayIn(timeZone, now.toISOString());

/** Search words: lower-cased, with LIKE's wildcard characters escaped. */
export const searchWords = (phrase: string): string[] =>
  phrase
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/[\\%_]/g, (c) => `\\${c}`));

/**
 * An answer of rows the database already wrote as JSON text (a jsonb column sent `::text`), each
 * with the fields its reader's access is judged on (`keys`, the row's own values). The service
 * drops the rows the reader may not read by `keys`, as it does for parsed rows, and sends the
 * rest as they are: no parsing and writing again of megabytes the service only passes on (a
 * page of the map's day, 5,000 rows: ~55 ms of the service's CPU; docs/decisions/0027-maps.md).
 */
export class SerializedRows {
  constructor(readonly rows: readonly { keys: Record<string, unknown>; json: string }[]) {}
}

/** JSON text to send as it is (`SerializedRows` after the access check). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The rows of `answer` this reader may read (the same rule as for parsed rows), as one array. */
export function readableJson(
  identity: Identity,
  entity: EntityName,
  answer: SerializedRows,
): JsonText {
  const readable = new Set(
    readableRows(
      identity,
      entity,
      answer.rows.map((r) => r.keys),
    ),
  );
  const kept = answer.rows.filter((r) => readable.has(r.keys));
  return new JsonText(`[${kept.map((r) => r.json).join(',')}]`);
}
