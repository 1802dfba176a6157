import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { withConnection } from './prepared.js';

/** A column of a table, with its type's name (`ARRAY` for any array type). */
export interface TableColumn {
  name: string;
  type: string;
}

/**
 * The columns of a table that take values, in their order (from the catalogue: information_schema
 * is slow). Generated columns are left out: PostgreSQL computes them and refuses a value.
 */
async function tableColumns(knex: Knex | Knex.Transaction, table: string): Promise<TableColumn[]> {
  const result = await knex.raw<{ rows: TableColumn[] }>(
    `select a.attname as name, case when t.typcategory = 'A' then 'ARRAY' else t.typname end as type
       from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = ?::regclass and a.attnum > 0 and not a.attisdropped
        and a.attgenerated = ''
      order by a.attnum`,
    [table],
  );
  return result.rows;
}

const SPECIAL = /[\\\n\r\t]/;

/** A value as COPY's text format writes it: backslash, newline, carriage return and tab escaped. */
function escape(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

/** A non-null value as text: strings as they are, objects as JSON, numbers and the like. */
const asText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'object'
      ? JSON.stringify(v)
      : `${v as number | bigint | boolean}`;

const arrayElement = (v: unknown): string =>
  v === null || v === undefined
    ? 'NULL'
    : `"${asText(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * One field in COPY's text format: `\N` for null, JSON for json columns, an array literal for
 * arrays, `t`/`f` for booleans, the text of anything else (numbers, dates as ISO text).
 */
export function copyField(value: unknown, type: string): string {
  if (value === null || value === undefined) return '\\N';
  if (type === 'jsonb' || type === 'json') {
    // JSON text holds no raw newline, carriage return or tab (JSON escapes them): only its
    // backslashes need COPY's escape.
    const json = JSON.stringify(value);
    return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (type === 'ARRAY' && Array.isArray(value))
    return escape(`{${value.map(arrayElement).join(',')}}`);
  return escape(asText(value));
}

/** Rows as COPY text, a chunk of lines at a time. */
function* copyLines(
  columns: TableColumn[],
  rows: readonly Record<string, unknown>[],
): Generator<string> {
  const chunk = 500;
  for (let start = 0; start < rows.length; start += chunk) {
    let text = '';
    for (let i = start; i < Math.min(rows.length, start + chunk); i++) {
      const row = rows[i]!;
      for (let c = 0; c < columns.length; c++) {
        if (c > 0) text += '\t';
        text += copyField(row[columns[c]!.name], columns[c]!.type);
      }
      text += '\n';
    }
    yield text;
  }
}

/** A table's rows in COPY's text format (`COPY … TO STDOUT`), for the benchmarks' floors. */
export function copyOut(knex: Knex | Knex.Transaction, table: string): Promise<Buffer> {
  return withConnection(knex, async (connection) => {
    const chunks: Buffer[] = [];
    const stream = connection.query(copyTo(`copy ${table} to stdout`));
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}

/** Writes COPY text (as `copyOut` reads it) into a table with the same columns. */
export function copyIn(knex: Knex | Knex.Transaction, table: string, text: Buffer): Promise<void> {
  return withConnection(knex, (connection) =>
    pipeline(Readable.from([text]), connection.query(copyFrom(`copy ${table} from stdin`))),
  );
}

/**
 * Inserts rows with `COPY … FROM STDIN` on the connection of the given transaction (or one of
 * the pool's): the bulk path of rebuilds. Each row is an object keyed by column name; a column
 * the object leaves out is null.
 */
export async function copyRows(
  knex: Knex | Knex.Transaction,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = await tableColumns(knex, table);
  const names = columns.map((c) => `"${c.name}"`).join(', ');
  await withConnection(knex, (connection) =>
    pipeline(
      Readable.from(copyLines(columns, rows)),
      connection.query(copyFrom(`copy ${table} (${names}) from stdin`)),
    ),
  );
}
