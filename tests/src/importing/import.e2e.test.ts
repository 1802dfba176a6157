import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  MAX_IMPORT_ROWS,
  createOrderSchema,
  orderImportColumns,
  rowIssues,
  rowPayload,
} from '@nordlog/contracts';
import { batchCommandId, rowCommandId } from '@nordlog/command-service';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import {
  csvText,
  csvUtf8,
  csvUtf8Bom,
  csvWindows1252,
  upload,
  xlsxFile,
  zipBomb,
  zipOf,
  type Cells,
} from '../support/importFiles.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Session,
  type TestSystem,
} from '../support/system.js';

const DATE = bookingDate(3);
const NORDIC = 'Åse Ærlig-Østbø, Säröö Öljy';

/** A valid row of the template's columns. */
const rowOf = (i: number, extra: Record<string, string> = {}): Record<string, string> => ({
  customerId: '1',
  customerRef: `R-${i}`,
  pickupDate: DATE,
  deliveryName: `${NORDIC} ${i}`,
  deliveryAddress: `Kirkegata ${i}`,
  deliveryZipCode: '0153',
  deliveryZipArea: 'Oslo',
  deliveryCountry: 'NO',
  weight: '2,5',
  ...extra,
});

/**
 * Spreadsheet import (issue 40 part 2, docs/decisions/0059-import.md) through the gateway: xlsx and
 * CSV uploads booked as orders, every bad input with its answer per row or per file, the job's
 * status and rows, a refused row fixed and booked again, a stopped job resumed without doubles,
 * and who may import.
 */
describe('spreadsheet import of orders', () => {
  let sys: TestSystem;
  let planner: Session;
  const jobCount = async () =>
    Number((await sys.db.knex('import_jobs').count<{ count: string }[]>('* as count'))[0]!.count);
  const ordersOf = async (importId: string) =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .where('type', 'OrderCreated')
          .whereRaw(`metadata->>'correlationId' = ?`, [importId])
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );
  const send = (file: { name: string; data: Buffer } | null, session = planner, dep = '1') =>
    upload(sys.url, session, dep, file);
  const status = async (importId: string, session = planner) =>
    (await sys.as(session).query('getImportStatus', { importId })).body[0];
  /** Waits until the job has no rows left to book. */
  const finished = async (importId: string) => {
    for (let i = 0; i < 600; i++) {
      const s = await status(importId);
      if (s.status !== 'RUNNING') return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`import ${importId} did not finish`);
  };
  const results = async (importId: string, session = planner) =>
    (await sys.as(session).query('getImportResults', { importId })).body as {
      row: number;
      status: string;
      errors: { column: string | null; key: string; message: string }[];
      orderId: string | null;
      shipmentId: string | null;
      values: Record<string, string>;
    }[];
  /** The form's own refusals of a row (the booking form's schema on the same cells). */
  const formIssues = (values: Record<string, string>) => {
    const parsed = createOrderSchema.safeParse(rowPayload(orderImportColumns, values, '1'));
    return parsed.success ? [] : rowIssues(orderImportColumns, parsed.error);
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await configureNumberSeries(sys);
    await sys.command('CREATE_DEPARTMENT', {
      name: 'Bergen',
      departmentType: 'courier',
      country: 'NO',
    });
    planner = await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: ['1'] });
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CALL-012 S7-CALL-026 S7-CALL-106 a valid xlsx (date cells, serial numbers, day-first text, a formula, Nordic names) is booked row by row', async () => {
    const [y, m, d] = DATE.split('-').map(Number) as [number, number, number];
    const serial = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000);
    const rows: Cells[] = [
      { ...rowOf(1), pickupDate: new Date(Date.UTC(y, m - 1, d)) },
      { ...rowOf(2), pickupDate: serial },
      { ...rowOf(3), pickupDate: `${d}.${m}.${y}`, weight: { formula: '1+1', result: 2 } },
    ];
    const res = await send({ name: 'orders.xlsx', data: await xlsxFile(rows) });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'RUNNING', format: 'xlsx', total: 3, refused: 0 });
    const done = await finished(res.body.importId);
    expect(done).toMatchObject({ status: 'DONE', total: 3, booked: 3, refused: 0, pending: 0 });
    await sys.settled();
    const rowsOut = await results(res.body.importId);
    expect(rowsOut.map((r) => [r.row, r.status, r.values.pickupDate])).toEqual([
      [2, 'BOOKED', DATE],
      [3, 'BOOKED', DATE],
      [4, 'BOOKED', DATE],
    ]);
    expect(rowsOut.every((r) => r.shipmentId)).toBe(true);
    const orders = (await sys.query('orders', { ids: rowsOut.map((r) => r.orderId) })).body;
    expect(
      orders.map((o: { order: { delivery: { name: string } } }) => o.order.delivery.name).sort(),
    ).toEqual([1, 2, 3].map((i) => `${NORDIC} ${i}`));
    const third = orders.find(
      (o: { order: { customerRef: string } }) => o.order.customerRef === 'R-3',
    );
    expect(third.order.measurements[0].weight).toBe(2);
  });

  it('CSV in UTF-8, UTF-8 with BOM and Windows-1252 keeps Nordic letters; the same call answers under /api', async () => {
    const files = [
      { name: 'utf8.csv', data: csvUtf8(csvText([rowOf(11)])), encoding: 'utf-8' },
      { name: 'bom.csv', data: csvUtf8Bom(csvText([rowOf(12)], ',')), encoding: 'utf-8-bom' },
      {
        name: 'ansi.csv',
        data: csvWindows1252(csvText([rowOf(13)], '\t')),
        encoding: 'windows-1252',
      },
    ];
    for (const [i, file] of files.entries()) {
      const res = await upload(
        sys.url,
        planner,
        '1',
        file,
        i === 0 ? '/api/uploadExcelOrdersV2' : undefined,
      );
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ format: 'csv', encoding: file.encoding, refused: 0 });
      expect(await finished(res.body.importId)).toMatchObject({ booked: 1 });
      const [row] = await results(res.body.importId);
      // The order holds the recipient's name with its letters; the import keeps no copy of it.
      const [order] = (await sys.query('orders', { ids: [row!.orderId] })).body as {
        order: { delivery: { name: string } };
      }[];
      expect(order!.order.delivery.name).toBe(`${NORDIC} ${11 + i}`);
      expect(row!.values.deliveryName).toBeUndefined();
      expect(row!.values.deliveryZipCode).toBeDefined();
    }
  });

  it("bad rows are refused with their row, column and the booking form's message; the others are booked", async () => {
    await sys.command('CREATE_ORDER', {
      ...rowPayload(orderImportColumns, rowOf(0, { customerRef: 'BOOKED-1' }), '1'),
    });
    await sys.settled();
    const rows = [
      rowOf(21),
      rowOf(22, { deliveryZipCode: 'ABC' }),
      rowOf(23, { deliveryZipCode: '0000' }),
      rowOf(24, { customerRef: 'R-21' }),
      rowOf(25, { customerRef: 'BOOKED-1' }),
      rowOf(26, { pickupDate: '2020-01-01' }),
      rowOf(27, { pickupDate: 'next tuesday', weight: '-3', deliveryPhone: '12' }),
      rowOf(28, { customerId: '' }),
    ];
    const res = await send({ name: 'mixed.csv', data: csvUtf8(csvText(rows)) });
    expect(res.status).toBe(202);
    const done = await finished(res.body.importId);
    expect(done).toMatchObject({ total: 8, booked: 1, refused: 7, pending: 0 });
    const out = await results(res.body.importId);
    const byRow = new Map(out.map((r) => [r.row, r]));
    expect(byRow.get(2)!.status).toBe('BOOKED');
    expect(byRow.get(3)!.errors).toEqual([
      {
        column: 'deliveryZipCode',
        key: 'validation.zipCodeNO',
        message: 'postal code must be 4 digits in Norway',
      },
    ]);
    expect(byRow.get(4)!.errors).toEqual([
      {
        column: 'deliveryZipCode',
        key: 'validation.zipCodeUnknown',
        message: 'no such postal code in this country',
      },
    ]);
    expect(byRow.get(5)!.errors[0]).toMatchObject({
      column: 'customerRef',
      key: 'validation.duplicateReference',
    });
    expect(byRow.get(6)!.errors[0]).toMatchObject({
      column: 'customerRef',
      key: 'validation.duplicateReference',
    });
    // The clock rule is the command's own, answered as the form shows it.
    expect(byRow.get(7)!.errors).toEqual([
      { column: 'pickupDate', key: 'validation.future', message: 'must be in the future' },
    ]);
    // Every rule of the form at once, as the form's schema gives them.
    expect(byRow.get(8)!.errors).toEqual(formIssues(rows[6]!));
    expect(
      byRow
        .get(8)!
        .errors.map((e) => e.column)
        .sort(),
    ).toEqual(['deliveryPhone', 'pickupDate', 'weight']);
    expect(byRow.get(9)!.errors).toEqual(formIssues(rows[7]!));
    expect(byRow.get(9)!.errors[0]!.column).toBe('customerId');
    expect(await ordersOf(res.body.importId)).toBe(1);
  });

  it('a row names its customer by number and sub-customer instead of its id; a number no customer has is refused on its column', async () => {
    const numbered = await sys.command('CREATE_CUSTOMER', {
      name: 'Nummerert AS',
      alystraId: '55501',
      alystraSubcustomer: '2',
      departmentId: '1',
    });
    const customerId = numbered.body.ids[0] as string;
    await sys.settled();
    const rows = [
      rowOf(61, { customerId: '', customerNumber: '55501', subcustomer: '2' }),
      rowOf(62, { customerId: '', customerNumber: '55501' }),
      rowOf(63, { customerId: '', customerNumber: '99999', subcustomer: '2' }),
    ];
    const res = await send({ name: 'numbers.csv', data: csvUtf8(csvText(rows)) });
    expect(res.status).toBe(202);
    expect(await finished(res.body.importId)).toMatchObject({ booked: 1, refused: 2 });
    const byRow = new Map((await results(res.body.importId)).map((r) => [r.row, r]));
    const [order] = (await sys.query('orders', { ids: [byRow.get(2)!.orderId] })).body as {
      customerId: string;
    }[];
    expect(order!.customerId).toBe(customerId);
    // Without its sub-customer the number names another customer (none here).
    for (const row of [3, 4])
      expect(byRow.get(row)!.errors).toEqual([
        { column: 'customerNumber', key: 'validation.unknownId', message: 'does not exist' },
      ]);
  });

  it('merged cells: the value belongs to the first cell, the rows under it are refused as missing it', async () => {
    // The delivery name's column, as a letter (A is the first).
    const at = String.fromCharCode(
      65 + orderImportColumns.findIndex((c) => c.key === 'deliveryName'),
    );
    const data = await xlsxFile([rowOf(31), rowOf(32)], { merge: [`${at}2:${at}3`] });
    const res = await send({ name: 'merged.xlsx', data });
    expect(res.status).toBe(202);
    await finished(res.body.importId);
    const out = await results(res.body.importId);
    expect(out[0]).toMatchObject({ row: 2, status: 'BOOKED' });
    expect(out[1]).toMatchObject({
      row: 3,
      status: 'REFUSED',
      errors: [{ column: 'deliveryName', key: 'validation.required', message: 'required' }],
    });
  });

  it('bad files are answered whole with a clear 4xx, and nothing is stored', async () => {
    const before = await jobCount();
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
      'hex',
    );
    const cases: [string, { name: string; data: Buffer } | null, number, string | null][] = [
      ['not a spreadsheet', { name: 'photo.xlsx', data: png }, 415, 'import.notSpreadsheet'],
      [
        'Excel 97',
        {
          name: 'old.xls',
          data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]),
        },
        415,
        'import.oldExcel',
      ],
      [
        'a zip that is no workbook',
        { name: 'x.xlsx', data: zipOf([{ name: 'a.txt', data: Buffer.from('hi') }]) },
        415,
        'import.notSpreadsheet',
      ],
      ['a zip bomb', { name: 'bomb.xlsx', data: zipBomb(250) }, 415, 'import.zipBomb'],
      [
        'a zip bomb that lies about its size',
        { name: 'liar.xlsx', data: zipBomb(250, true) },
        415,
        null,
      ],
      [
        '50 MB',
        { name: 'big.csv', data: Buffer.alloc(50 * 1024 * 1024, 'a') },
        413,
        'import.tooLarge',
      ],
      ['no header', { name: 'h.csv', data: csvUtf8('a;b;c\r\n1;2;3\r\n') }, 400, 'import.noHeader'],
      ['empty', { name: 'e.csv', data: Buffer.alloc(0) }, 415, 'import.empty'],
      ['no file', null, 400, 'validation.required'],
    ];
    for (const [label, file, code, key] of cases) {
      const res = await send(file);
      expect({ label, status: res.status }).toEqual({ label, status: code });
      if (key) expect({ label, key: res.body[0].params?.key }).toEqual({ label, key });
      expect(typeof res.body[0].description).toBe('string');
    }
    // 100,000 rows: refused whole (the limit is MAX_IMPORT_ROWS), not booked in part.
    const many = Array.from({ length: 100_000 }, (_, i) => `1;X${i};${DATE};;;;;;;;;;;;;N;A;0153`);
    const res = await send({
      name: 'many.csv',
      data: csvUtf8(`${csvText([]).trim()}\r\n${many.join('\r\n')}`),
    });
    expect(res.status).toBe(413);
    expect(res.body[0]).toMatchObject({
      errorType: 'PAYLOAD_TOO_LARGE',
      params: { key: 'import.tooManyRows', max: MAX_IMPORT_ROWS },
    });
    // Not multipart, and another department's upload.
    const json = await sys.as(planner).post('/api/uploadExcelOrdersV2', { departmentId: '1' });
    expect(json.status).toBe(415);
    expect(
      (await send({ name: 'o.csv', data: csvUtf8(csvText([rowOf(41)])) }, planner, '2')).status,
    ).toBe(403);
    expect(await jobCount()).toBe(before);
  }, 120_000);

  it('a refused row fixed in place is booked again; a booked row is not booked twice', async () => {
    const res = await send({
      name: 'fix.csv',
      data: csvUtf8(csvText([rowOf(51), rowOf(52, { deliveryZipCode: '01' })])),
    });
    const importId = res.body.importId as string;
    await finished(importId);
    const fix = (row: number, values: Record<string, string>) =>
      sys.as(planner).post('/api/importRow', { importId, row, values });
    const still = await fix(3, { deliveryZipCode: 'X1' });
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({
      status: 'REFUSED',
      errors: [{ column: 'deliveryZipCode', key: 'validation.zipCodeNO' }],
    });
    const fixed = await fix(3, { deliveryZipCode: '0154' });
    expect(fixed.body).toMatchObject({ row: 3, status: 'BOOKED', errors: [] });
    expect(fixed.body.orderId).toMatch(/^\d+$/);
    expect((await fix(3, { deliveryZipCode: '0155' })).status).toBe(409);
    expect((await fix(2, {})).status).toBe(409);
    expect(await status(importId)).toMatchObject({ booked: 2, refused: 0 });
    const out = await results(importId);
    expect(out[1]).toMatchObject({
      status: 'BOOKED',
      values: { deliveryZipCode: '0154' },
      orderId: fixed.body.orderId,
    });
    expect(await ordersOf(importId)).toBe(2);
  });

  it('an import stopped in the middle is reported as running and resumes on start without booking any row twice', async () => {
    await sys.imports.stop();
    const rows = Array.from({ length: 120 }, (_, i) => rowOf(100 + i));
    const res = await send({ name: 'resume.csv', data: csvUtf8(csvText(rows)) });
    const importId = res.body.importId as string;
    expect(await status(importId)).toMatchObject({ status: 'RUNNING', pending: 120, booked: 0 });
    // A crash after the first batch (rows 2 to 51) was appended but before its rows were saved.
    const first = rows.slice(0, 50);
    const early = await sys.as(planner).command(
      'CREATE_ORDERS',
      { orders: first.map((r) => rowPayload(orderImportColumns, r, '1')) },
      {
        commandId: batchCommandId(
          importId,
          first.map((_r, i) => ({ row: i + 2, attempts: 0 })),
        ),
        correlationId: importId,
      },
    );
    expect(early.status).toBe(200);
    expect(await ordersOf(importId)).toBe(50);
    await sys.imports.start();
    expect(await finished(importId)).toMatchObject({ status: 'DONE', booked: 120, pending: 0 });
    expect(await ordersOf(importId)).toBe(120);
    const out = await results(importId);
    expect(out[0]!.orderId).toBe(early.body.ids[0]);
    expect(new Set(out.map((r) => r.orderId)).size).toBe(120);
  }, 120_000);

  it('a batch refused for one row goes on row by row; stopped in the middle, those rows resume without doubles', async () => {
    await sys.imports.stop();
    const rows = [rowOf(301), rowOf(302, { pickupDate: '2020-01-01' }), rowOf(303)];
    const res = await send({ name: 'single.csv', data: csvUtf8(csvText(rows)) });
    const importId = res.body.importId as string;
    // A crash after the batch was refused and row 2 was booked on its own, before it was saved.
    await sys.db.knex('import_rows').where({ import_id: importId }).update({ single: true });
    const early = await sys
      .as(planner)
      .command('CREATE_ORDER', rowPayload(orderImportColumns, rows[0]!, '1'), {
        commandId: rowCommandId(importId, 2, 0),
        correlationId: importId,
      });
    expect(early.status).toBe(200);
    await sys.imports.start();
    const ended = await finished(importId);
    expect(ended).toMatchObject({ booked: 2, refused: 1 });
    const out = await results(importId);
    expect(out.map((r) => r.status)).toEqual(['BOOKED', 'REFUSED', 'BOOKED']);
    expect(out[0]!.orderId).toBe(early.body.ids[0]);
    expect(await ordersOf(importId)).toBe(2);
  });

  it('S6-FLAG-025 S6-FLAG-026 who may import: the import flags; read-only planners and planners without them are refused', async () => {
    const onlyImport = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_IMPORT_EXPORT'],
    });
    const extended = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_IMPORT_EXPORT_EXTENDED'],
    });
    const noImport = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_BOOKING'],
    });
    const readOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'READ_ONLY_PLANNER',
      departmentIds: ['1'],
    });
    const other = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['2'],
    });
    const file = (i: number) => ({ name: 'a.csv', data: csvUtf8(csvText([rowOf(i)])) });
    const mine = await send(file(61), onlyImport);
    expect(mine.status).toBe(202);
    expect(await finished(mine.body.importId)).toMatchObject({ booked: 1 });
    expect((await send(file(62), extended)).status).toBe(202);
    for (const session of [noImport, readOnly]) {
      const res = await send(file(63), session);
      expect(res.status).toBe(403);
      expect(res.body[0].errorType).toBe('NO_ACCESS');
    }
    expect((await sys.as(noImport).query('getImportStatus', {})).status).toBe(403);
    expect(
      (await sys.as(noImport).query('getImportResults', { importId: mine.body.importId })).status,
    ).toBe(403);
    expect(
      (await sys.as(readOnly).query('getImportResults', { importId: mine.body.importId })).status,
    ).toBe(200);
    // Another department's planner does not see the import.
    expect(
      (await sys.as(other).query('getImportResults', { importId: mine.body.importId })).status,
    ).toBe(404);
    expect(
      (await sys.as(other).query('getImportStatus', { importId: mine.body.importId })).body,
    ).toEqual([]);
    expect((await sys.as(planner).query('getImportResults', {})).status).toBe(400);
    // Without a session, nothing.
    expect((await upload(sys.url, { cookie: '', csrf: '' }, '1', file(64))).status).toBe(401);
  });

  it('the templates (xlsx and csv) list the documented columns, and the xlsx template imports as it is', async () => {
    const get = (file: string) =>
      fetch(`${sys.url}/api/importTemplate/${file}`, { headers: { cookie: planner.cookie } });
    const csv = await get('orders.csv');
    expect(csv.status).toBe(200);
    const bytes = Buffer.from(await csv.arrayBuffer());
    // UTF-8 with a BOM, `;` between fields: what Excel in the Nordic countries opens as columns.
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      orderImportColumns.map((c) => c.key).join(';'),
    );
    const xlsx = await get('orders.xlsx');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const data = Buffer.from(await xlsx.arrayBuffer());
    const res = await send({ name: 'template.xlsx', data });
    expect(res.status).toBe(202);
    expect(await finished(res.body.importId)).toMatchObject({ total: 1, booked: 1 });
    expect((await get('other.xlsx')).status).toBe(404);
  });
});
