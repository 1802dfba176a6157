import type { CsvValue } from '@nordlog/contracts';
import type { Workbook } from 'exceljs';

/** The xlsx file type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A sheet's name: at most 31 characters, none of `[]:*?/\` (Excel's rules). */
export const sheetName = (title: string): string =>
  title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report';

/**
 * A report's table (`reportTable`: a header, the rows, the totals last) as a workbook of one sheet
 * (docs/decisions/0082): the header bold and frozen, the totals bold, the counts as numbers, the
 * on-time rate (column `rateColumn`, whole percent in the table; the route figures' load factors,
 * 0090: several columns) as a percent, nothing (no rate, no reasons) an empty cell. Strings are
 * written as text, never as formulas.
 */
export function fillWorkbook(
  workbook: Workbook,
  title: string,
  table: readonly (readonly CsvValue[])[],
  rateColumn: number | readonly number[],
): Workbook {
  const rates: readonly number[] = typeof rateColumn === 'number' ? [rateColumn] : rateColumn;
  const sheet = workbook.addWorksheet(sheetName(title), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  for (const line of table) {
    sheet.addRow(
      line.map((cell, i) =>
        rates.includes(i) && typeof cell === 'number' ? cell / 100 : cell === '' ? null : cell,
      ),
    );
  }
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(table.length).font = { bold: true };
  for (const rate of rates) sheet.getColumn(rate + 1).numFmt = '0%';
  sheet.columns.forEach((column, i) => {
    const longest = Math.max(...table.map((line) => String(line[i] ?? '').length));
    column.width = Math.min(60, Math.max(8, longest + 2));
  });
  return workbook;
}

/**
 * The workbook as a file: exceljs is loaded only now (a chunk of its own, about 250 kB gzip, that
 * no page loads before a user asks for a spreadsheet).
 */
export async function xlsxBlob(
  title: string,
  table: readonly (readonly CsvValue[])[],
  rateColumn: number | readonly number[],
): Promise<Blob> {
  const mod = await import('exceljs');
  // The browser build is a UMD bundle: its exports are the module's default.
  const ExcelJS = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const workbook = fillWorkbook(new ExcelJS.Workbook(), title, table, rateColumn);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: XLSX_TYPE });
}
