import { orderImportColumns } from '@nordlog/contracts';

/**
 * The order import's template (docs/decisions/0059-import.md): the header row of the documented
 * columns and one sample row. The CSV is UTF-8 with a BOM and `;` between fields, as Excel in the
 * Nordic countries reads and writes it.
 */
const quote = (v: string) => (/[";\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function orderTemplateCsv(): Buffer {
  const lines = [
    orderImportColumns.map((c) => quote(c.key)).join(';'),
    orderImportColumns.map((c) => quote(c.sample)).join(';'),
  ];
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`)]);
}

export async function orderTemplateXlsx(): Promise<Buffer> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(orderImportColumns.map((c) => c.key)).font = { bold: true };
  // Every cell as text, so a postal code keeps its leading zero and a date its writing.
  sheet.addRow(orderImportColumns.map((c) => c.sample));
  orderImportColumns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.numFmt = '@';
    column.width = Math.max(12, c.key.length + 2);
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
