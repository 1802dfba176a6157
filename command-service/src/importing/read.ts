import { AppError, MAX_IMPORT_ROWS } from '@nordlog/contracts';
import { parse as parseCsv } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';

/**
 * Reading an uploaded spreadsheet (docs/decisions/0059-import.md): xlsx with exceljs's streaming
 * WorkbookReader (rows one at a time; the first worksheet), CSV with csv-parse in the encodings a
 * Nordic sender's system writes (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252). A
 * file that is none of these, a zip that inflates beyond `MAX_INFLATED_BYTES`, or a sheet of
 * more than MAX_IMPORT_ROWS rows is refused whole, before anything is stored.
 */

/** A sheet's row: its number in the sheet (1-based) and its cells, left to right. */
export interface SheetRow {
  row: number;
  cells: unknown[];
}

export interface Sheet {
  format: 'xlsx' | 'csv';
  /** For CSV: the encoding it was read in. */
  encoding?: string;
  rows: SheetRow[];
}

/** The most an xlsx may inflate to (all its parts): far above 10,000 rows of the template. */
export const MAX_INFLATED_BYTES = 200 * 1024 * 1024;

const refuse = (key: string, description: string) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', description, { key });
const tooMany = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file has more than ${MAX_IMPORT_ROWS} rows: split it into files of at most ${MAX_IMPORT_ROWS} rows`,
    { key: 'import.tooManyRows', max: MAX_IMPORT_ROWS },
  );

const isZip = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const isOle = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(OLE_MAGIC);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The rows of an uploaded file, whatever its name says: its bytes decide. */
export async function readSheet(file: Buffer): Promise<Sheet> {
  if (file.length === 0) throw refuse('import.empty', 'The file is empty');
  if (isOle(file))
    throw refuse(
      'import.oldExcel',
      'An Excel 97-2003 file (.xls) is not read: save it as .xlsx or .csv',
    );
  if (isZip(file)) return { format: 'xlsx', rows: await readXlsx(file) };
  return readCsv(file);
}

/**
 * Inflates every part of the zip once, counting (yauzl checks each part's real size against the
 * size it declares), so a zip bomb is refused before exceljs sees it.
 */
async function assertSafeZip(file: Buffer): Promise<string[]> {
  const zip = await yauzl
    .fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true })
    .catch(() => {
      throw refuse('import.notSpreadsheet', 'The file is not a spreadsheet (xlsx or csv)');
    });
  const names: string[] = [];
  let inflated = 0;
  const bomb = () =>
    refuse(
      'import.zipBomb',
      `The file inflates to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB: it is not taken`,
    );
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) break;
      names.push(entry.fileName);
      if (inflated + entry.uncompressedSize > MAX_INFLATED_BYTES) throw bomb();
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > MAX_INFLATED_BYTES) {
          stream.destroy();
          throw bomb();
        }
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse('import.notSpreadsheet', 'The file is a damaged zip, not a spreadsheet');
  } finally {
    zip.close();
  }
  return names;
}

async function readXlsx(file: Buffer): Promise<SheetRow[]> {
  const names = await assertSafeZip(file);
  if (!names.includes('xl/workbook.xml'))
    throw refuse('import.notSpreadsheet', 'The zip holds no Excel workbook (xlsx)');
  const { stream } = (await import('exceljs')).default;
  const reader = new stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell a date cell from a number cell.
    styles: 'cache',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1);
        if (values.every(isBlank)) continue;
        if (rows.length > MAX_IMPORT_ROWS) throw tooMany();
        rows.push({ row: row.number, cells: values });
      }
      // The first worksheet is the import; others (notes, lists) are not read.
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse('import.notSpreadsheet', 'The workbook could not be read as xlsx');
  }
  return rows;
}

const isBlank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The text of a CSV file and the encoding it was in. */
export function decodeText(file: Buffer): { text: string; encoding: string } {
  if (file[0] === 0xef && file[1] === 0xbb && file[2] === 0xbf)
    return { text: file.subarray(3).toString('utf8'), encoding: 'utf-8-bom' };
  if (file[0] === 0xff && file[1] === 0xfe)
    return { text: iconv.decode(file.subarray(2), 'utf16le'), encoding: 'utf-16le' };
  if (file[0] === 0xfe && file[1] === 0xff)
    return { text: iconv.decode(file.subarray(2), 'utf16be'), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(file), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1252, what Excel and older Nordic systems write (æ ø å ä ö as one byte).
    return { text: iconv.decode(file, 'win1252'), encoding: 'windows-1252' };
  }
}

/** Control characters no text file holds (a binary file read as text has them). */
// eslint-disable-next-line no-control-regex
const BINARY = /[\x00-\x08\x0e-\x1a\x1c-\x1f]/;

function readCsv(file: Buffer): Sheet {
  const { text, encoding } = decodeText(file);
  if (BINARY.test(text.slice(0, 64 * 1024)))
    throw refuse('import.notSpreadsheet', 'The file is not a spreadsheet (xlsx or csv)');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  let records: string[][];
  try {
    const parsed: unknown = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      info: false,
    });
    records = parsed as string[][];
  } catch (err) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The CSV file could not be read: ${(err as Error).message}`,
      { key: 'import.badCsv' },
    );
  }
  const rows: SheetRow[] = [];
  records.forEach((cells, i) => {
    if (cells.every(isBlank)) return;
    if (rows.length > MAX_IMPORT_ROWS) throw tooMany();
    rows.push({ row: i + 1, cells });
  });
  return { format: 'csv', encoding, rows };
}
