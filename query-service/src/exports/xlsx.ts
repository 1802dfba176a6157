import type { ExportColumn } from '@nordlog/contracts';
import type ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Rows read per page: a page is in memory at a time, never the whole export. */
export const XLSX_PAGE_ROWS = 2_000;

/** A page of rows after a key (`__date`, `__id` in each row), at most `limit` of them. */
export type PageReader = (
  after: { date: string; id: string } | null,
  limit: number,
) => Promise<Record<string, unknown>[]>;

const formats: Record<ExportColumn['kind'], string | undefined> = {
  text: '@',
  number: undefined,
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
};

/**
 * A cell's value as the spreadsheet should hold it: numbers as numbers, dates and date-times as
 * dates (the wall-clock time of the department, as the CSV writes it), text as text. A text cell
 * is never a formula in xlsx (the file says which cells are strings), so no guard is needed.
 */
export function cellValue(kind: ExportColumn['kind'], value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  switch (kind) {
    case 'number': {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    case 'date':
      return new Date(`${text}T00:00:00Z`);
    case 'dateTime':
      return new Date(`${text.replace(' ', 'T')}:00Z`);
    case 'text':
      return text;
  }
}

/**
 * Writes the rows as one sheet of an xlsx file to `sink` (exceljs' streaming writer: each row is
 * committed and leaves memory), a page at a time, waiting for the sink to drain between pages.
 * Answers the number of rows written.
 */
export async function writeXlsx(
  sink: Writable,
  columns: readonly ExportColumn[],
  readPage: PageReader,
  sheetName = 'Shipments',
): Promise<number> {
  const { stream } = (await import('exceljs')).default;
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.max(10, Math.min(40, c.name.length + 4)),
    style: formats[c.kind] ? { numFmt: formats[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  let after: { date: string; id: string } | null = null;
  let written = 0;
  for (;;) {
    const rows = await readPage(after, XLSX_PAGE_ROWS);
    for (const row of rows)
      sheet.addRow(columns.map((c) => cellValue(c.kind, row[c.name]))).commit();
    written += rows.length;
    if (rows.length < XLSX_PAGE_ROWS) break;
    const last = rows[rows.length - 1]!;
    after = { date: String(last.__date), id: String(last.__id) };
    if (sink.writableNeedDrain && !sink.destroyed)
      await Promise.race([once(sink, 'drain'), once(sink, 'close')]);
    if (sink.destroyed) throw new Error('The receiver went away before the end');
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
