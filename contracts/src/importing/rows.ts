import type { z } from 'zod';
import { issueKey, validationMessages, isValidationKey } from '../consignments/validation.js';
import type { ImportColumn } from './columns.js';
import type { ImportRowError } from './types.js';

/**
 * A spreadsheet cell as text for its column (docs/decisions/0059-import.md): what exceljs gives for
 * a cell (text, number, Date, formula with its result, rich text, hyperlink, error) or a CSV field.
 * Dates become yyyy-MM-dd from a date cell, an Excel serial number (as number or as text) or text
 * written day first (`4.12.2026`, `04/12/2026`); times become HH:mm from a time cell, a fraction
 * of a day or text (`8.00`, `8:00`). Anything else is kept as written, for the form's rules to judge.
 */
export function cellText(value: unknown, kind: ImportColumn['kind']): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateCell(value, kind);
  if (typeof value === 'number')
    return kind === 'yesNo' ? yesNoText(String(value)) : numberCell(value, kind);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return textCell(value, kind);
  if (typeof value === 'object') {
    const v = value as {
      result?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
      richText?: { text?: string }[];
      text?: unknown;
      error?: unknown;
    };
    // A formula counts by the value it had when the file was saved.
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText(v.result, kind);
    if (Array.isArray(v.richText))
      return textCell(v.richText.map((r) => String(r.text ?? '')).join(''), kind);
    if ('text' in v) return cellText(v.text, kind);
    if ('error' in v) return '';
  }
  return '';
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const timeOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** Excel's day 0 (serial 1 is 1900-01-01; the 1900 leap-year bug makes 1899-12-30 day 0). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
/** Serial numbers of the years 1955 to 2190: anything else in a date column is no date. */
const isPlausibleSerial = (n: number) => Number.isInteger(n) && n > 20_000 && n < 106_000;

function dateCell(d: Date, kind: ImportColumn['kind']): string {
  // Rounded to the minute: Excel keeps times as fractions of a day (8:00 may be 07:59:59.999).
  const rounded = new Date(Math.round(d.getTime() / 60_000) * 60_000);
  if (kind === 'time') return timeOf(rounded);
  if (kind === 'date') return isoOf(rounded);
  // A date in a text column: its day (and the time when it has one).
  const time = timeOf(rounded);
  return time === '00:00' ? isoOf(rounded) : `${isoOf(rounded)} ${time}`;
}

function numberCell(n: number, kind: ImportColumn['kind']): string {
  if (!Number.isFinite(n)) return '';
  if (kind === 'date' && isPlausibleSerial(Math.floor(n)))
    return isoOf(new Date(EXCEL_EPOCH_MS + Math.floor(n) * DAY_MS));
  if (kind === 'time' && n >= 0 && n < 1) {
    const minutes = Math.round(n * 24 * 60);
    return minutes >= 24 * 60 ? '' : `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  return String(n);
}

function textCell(raw: string, kind: ImportColumn['kind']): string {
  const text = raw.normalize('NFC').trim();
  if (kind === 'date') return dateText(text);
  if (kind === 'time') return timeText(text);
  if (kind === 'yesNo') return yesNoText(text);
  return text;
}

/**
 * The words for yes and no in the product's languages (a downloaded file says them in its
 * language), besides true/false, 1/0 and x for yes: a yes-or-no column reads any of them.
 */
export const yesNoWords: Readonly<Record<string, readonly [yes: string, no: string]>> = {
  en: ['yes', 'no'],
  nb: ['ja', 'nei'],
  sv: ['ja', 'nej'],
  da: ['ja', 'nej'],
  fi: ['kyllä', 'ei'],
  fr: ['oui', 'non'],
};
const YES = new Set(['true', '1', 'x', ...Object.values(yesNoWords).map(([yes]) => yes)]);
const NO = new Set(['false', '0', ...Object.values(yesNoWords).map(([, no]) => no)]);

/** 'true' or 'false' from a yes-or-no cell's text, else the text (for the schema to refuse). */
export function yesNoText(text: string): string {
  const word = text.toLowerCase();
  if (YES.has(word)) return 'true';
  if (NO.has(word)) return 'false';
  return text;
}

/** yyyy-MM-dd from the ways a Nordic sender writes a day (day before month), else the text. */
export function dateText(text: string): string {
  if (/^\d{5}$/.test(text) && isPlausibleSerial(Number(text)))
    return numberCell(Number(text), 'date');
  const iso = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
  const dayFirst = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${pad(Number(dayFirst[2]))}-${pad(Number(dayFirst[1]))}`;
  return text;
}

/** HH:mm from `8:00`, `08.00`, `0800` or a fraction of a day, else the text. */
export function timeText(text: string): string {
  const hm = /^(\d{1,2})[:.](\d{2})(?::\d{2})?$/.exec(text) ?? /^(\d{2})(\d{2})$/.exec(text);
  if (hm) return `${pad(Number(hm[1]))}:${hm[2]}`;
  if (/^0?[.,]\d+$/.test(text)) return numberCell(Number(text.replace(',', '.')), 'time');
  return text;
}

/**
 * CREATE_ORDER's payload from a row's cells: each non-empty cell at its column's place; an empty
 * cell is left out, so the form's defaults apply (country NO, one package).
 */
export function rowPayload(
  columns: readonly ImportColumn[],
  values: Readonly<Record<string, string>>,
  departmentId: string,
): Record<string, unknown> {
  return fillPayload(columns, values, {
    departmentId,
    pickup: {},
    delivery: {},
    measurements: [{}],
  });
}

/**
 * `base` with each non-empty cell of the row set at its column's place (the objects and arrays
 * on the way must be in `base`); an empty cell is left out, so the schema's defaults apply.
 */
export function fillPayload(
  columns: readonly ImportColumn[],
  values: Readonly<Record<string, string>>,
  base: Record<string, unknown>,
): Record<string, unknown> {
  for (const column of columns) {
    const text = values[column.key]?.trim() ?? '';
    if (text === '' || column.lookup) continue;
    // A yes-or-no cell is a boolean once read; any other word stays text for the schema to refuse.
    const value = column.kind === 'yesNo' && /^(true|false)$/.test(text) ? text === 'true' : text;
    let at: Record<string | number, unknown> = base;
    column.path.forEach((step, i) => {
      if (i === column.path.length - 1) at[step] = value;
      else at = at[step] as Record<string | number, unknown>;
    });
  }
  return base;
}

/** The column whose field an issue path names (the nearest enclosing one), or null. */
export function columnOfPath(
  columns: readonly ImportColumn[],
  path: readonly PropertyKey[],
): string | null {
  const key = path.map(String).join('.');
  const exact = columns.find((c) => c.path.join('.') === key);
  if (exact) return exact.key;
  const inside = columns.find((c) => c.path.join('.').startsWith(`${key}.`));
  return inside?.key ?? null;
}

/** The row's refusals from the form's schema: one per column, with the form's message key. */
export function rowIssues(columns: readonly ImportColumn[], error: z.ZodError): ImportRowError[] {
  const seen = new Set<string>();
  const out: ImportRowError[] = [];
  for (const issue of error.issues) {
    const column = columnOfPath(columns, issue.path);
    const key = issueKey(issue);
    const mark = `${column ?? ''}`;
    if (seen.has(mark)) continue;
    seen.add(mark);
    out.push({ column, key, message: messageOf(key) });
  }
  return out;
}

/** A command's field refusals (`params.field`, `params.key`) as the row's refusals. */
export function commandIssues(
  columns: readonly ImportColumn[],
  items: readonly { errorType: string; description: string; params?: Record<string, unknown> }[],
): ImportRowError[] {
  return items.map((item) => {
    const field = typeof item.params?.field === 'string' ? item.params.field : null;
    const key = typeof item.params?.key === 'string' ? item.params.key : item.errorType;
    return {
      column: field === null ? null : columnOfPath(columns, field.split('.')),
      key,
      message: isValidationKey(key) ? validationMessages[key] : item.description,
    };
  });
}

export const messageOf = (key: string): string =>
  isValidationKey(key) ? validationMessages[key] : key;
