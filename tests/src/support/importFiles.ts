import { orderImportColumns } from '@nordlog/contracts';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { crc32, deflateRawSync } from 'node:zlib';
import type { Session } from './system.js';

/**
 * Files for the import's tests (docs/decisions/0059-import.md): xlsx written with exceljs (dates
 * as date cells, serial numbers and text, formulas, merged cells), CSV in the encodings Nordic
 * systems write, and hostile files (a zip bomb, a zip that is no workbook, random bytes).
 */

export type Cells = Record<string, string | number | Date | { formula: string; result?: unknown }>;

/** A workbook whose first sheet has the header `columns` and the rows given. */
export async function xlsxFile(
  rows: Cells[],
  options: { columns?: string[]; merge?: string[]; dateFormat?: boolean } = {},
): Promise<Buffer> {
  const columns = options.columns ?? orderImportColumns.map((c) => c.key);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(columns);
  for (const row of rows) {
    const added = sheet.addRow(columns.map((c) => row[c] ?? null));
    columns.forEach((c, i) => {
      if (row[c] instanceof Date) added.getCell(i + 1).numFmt = 'dd.mm.yyyy';
    });
  }
  for (const range of options.merge ?? []) sheet.mergeCells(range);
  // A second sheet is never read.
  workbook.addWorksheet('Notes').addRow(['not an order']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvQuote = (v: string) => (/[";,\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A CSV text of the rows (`;` between fields unless told). */
export function csvText(rows: Record<string, string>[], delimiter = ';', columns?: string[]) {
  const keys = columns ?? orderImportColumns.map((c) => c.key);
  return [
    keys.join(delimiter),
    ...rows.map((r) => keys.map((k) => csvQuote(r[k] ?? '')).join(delimiter)),
  ]
    .join('\r\n')
    .concat('\r\n');
}

export const csvUtf8 = (text: string) => Buffer.from(text, 'utf8');
export const csvUtf8Bom = (text: string) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
export const csvWindows1252 = (text: string) => iconv.encode(text, 'win1252');

/** A zip of the entries given (stored deflated), written by hand: no zip library needed. */
export function zipOf(entries: { name: string; data: Buffer; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A zip bomb: a workbook-looking zip whose sheet inflates to `megabytes` MB of zeros (a few
 * hundred kB packed); `lying`: its directory says the sheet is small.
 */
export function zipBomb(megabytes = 300, lying = false): Buffer {
  const zeros = Buffer.alloc(megabytes * 1024 * 1024);
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: zeros, ...(lying ? { declaredSize: 1000 } : {}) },
  ]);
}

/** A multipart body with the fields and the file given, and its content type. */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; data: Buffer; field?: string; type?: string } | null,
): { body: Buffer; contentType: string } {
  const boundary = `----nordlog${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file as the session to `path` (default the spec's `/uploadExcelOrdersV2`). */
export async function upload(
  url: string,
  session: Session,
  departmentId: string,
  file: { name: string; data: Buffer } | null,
  path = '/uploadExcelOrdersV2',
): Promise<{ status: number; body: any }> {
  const { body, contentType } = multipart({ departmentId }, file);
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: session.cookie, 'x-csrf-token': session.csrf },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}
