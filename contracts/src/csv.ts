/**
 * CSV text (RFC 4180), written alike by the server's exports (route lists, returns) and the
 * screens that save what they show (the reports, docs/decisions/0080). Pure: no I/O.
 */

/** A cell: text is quoted as needed and guarded; a number is written as it is. */
export type CsvValue = string | number | null;

/** The byte order mark that makes Excel read the file as UTF-8 (Nordic letters). */
export const UTF8_BOM = '\uFEFF';

/**
 * Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"): =, +, -
 * and @, and the tab and carriage return some programs strip before they look.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). Text that starts like a formula gets a leading apostrophe, so a
 * spreadsheet shows it as text and never runs it; text with a comma, quote or line break is
 * quoted, inner quotes doubled. Numbers are not guarded: a negative coordinate stays a number.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text: comma-separated, CRLF line ends (RFC 4180), a BOM first. */
export function csvText(rows: readonly (readonly CsvValue[])[]): string {
  return UTF8_BOM + rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
