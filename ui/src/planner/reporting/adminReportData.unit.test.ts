import { describe, expect, it } from '@jest/globals';
import { emptyCounts } from '@nordlog/contracts';
import ExcelJS from 'exceljs';
import { adminReportPath, parseAdminReportView } from './adminReportData';
import { reportTable } from './reportData';
import { fillWorkbook, sheetName } from './reportXlsx';

describe('the admin report screen (docs/decisions/0082)', () => {
  it('S2-ROUTE-027 keeps the dates and the type in the address: this month per department by default', () => {
    expect(parseAdminReportView('', '2026-12-04')).toEqual({
      fromDate: '2026-12-01',
      toDate: '2026-12-04',
      type: 'departments',
    });
    expect(parseAdminReportView('2026-11-01/2026-11-30/customers', '2026-12-04')).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      type: 'customers',
    });
    // A from date alone is that day; a to date before it, or an unknown type, falls back.
    expect(parseAdminReportView('2026-11-10', 'x')).toEqual({
      fromDate: '2026-11-10',
      toDate: '2026-11-10',
      type: 'departments',
    });
    expect(parseAdminReportView('2026-11-10/2026-11-01/kilometres', 'x').toDate).toBe('2026-11-10');
    const view = { fromDate: '2026-11-01', toDate: '2026-11-30', type: 'days' } as const;
    expect(adminReportPath(view)).toBe('/admin/report/2026-11-01/2026-11-30/days');
    expect(parseAdminReportView(adminReportPath(view).slice('/admin/report/'.length), 'x')).toEqual(
      view,
    );
  });

  it('writes the table as xlsx: header and totals bold, counts as numbers, the rate as a percent, text never a formula', async () => {
    const row = {
      ...emptyCounts(),
      key: '5',
      label: '=Oslo',
      booked: 4,
      delivered: 3,
      onTime: 2,
      late: 1,
      deviated: 1,
      reasons: { NOT_HOME: 1 },
    };
    const table = reportTable(
      { rows: [row], totals: row },
      {
        group: 'Department',
        counts: ['B', 'P', 'S', 'C', 'D', 'OT', 'L', 'DV', 'R'],
        rate: 'Rate',
        reasons: 'Reasons',
        total: 'Total',
      },
      (r) => r.label ?? '',
    );
    const book = fillWorkbook(new ExcelJS.Workbook(), 'Company report: [Nov]', table, 10);
    // Read back what a spreadsheet program reads.
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(await book.xlsx.writeBuffer());
    const sheet = read.worksheets[0]!;
    expect(sheet.name).toBe('Company report   Nov ');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Department',
      'B',
      'P',
      'S',
      'C',
      'D',
      'OT',
      'L',
      'DV',
      'R',
      'Rate',
      'Reasons',
    ]);
    expect(values(2)).toEqual(['=Oslo', 4, 0, 0, 0, 3, 2, 1, 1, 0, 0.67, 'NOT_HOME: 1']);
    expect(values(3)[0]).toBe('Total');
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('K2').numFmt).toBe('0%');
    expect([sheet.getRow(1).font?.bold, sheet.getRow(3).font?.bold]).toEqual([true, true]);
    expect(sheetName('')).toBe('Report');
  });
});
