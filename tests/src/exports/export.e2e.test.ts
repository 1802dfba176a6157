import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSIGNMENT_GRID_TABLE, exportColumns, exportColumnsFor } from '@nordlog/contracts';
import ExcelJS from 'exceljs';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { createSlot } from '../support/planning.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  projectionsSettled,
  startTestSystem,
  type Session,
  type TestSystem,
} from '../support/system.js';

const DATE = bookingDate(2);
const LATER = bookingDate(9);
const NAME = 'Bjørn «Åse», "Ærlig" Østby';

/** A CSV file's lines as cells (RFC 4180 quoting; the file's line ends are LF, COPY's). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    }
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * The shipments export (issue 40 part 3, docs/decisions/0060): spec §7 `POST /query` with the
 * export query as CSV, and as xlsx, streamed from the grid's read model; who may; bad params.
 */
describe('the shipments export (spec §7 POST /query)', () => {
  let sys: TestSystem;
  let exporter: Session;
  const orderIds: string[] = [];

  const post = async (session: Session | null, path: string, body: unknown) =>
    fetch(`${sys.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(session ? { cookie: session.cookie, 'x-csrf-token': session.csrf } : {}),
      },
      body: JSON.stringify(body),
    });
  const csvOf = async (body: Record<string, unknown>, path = '/query', as = exporter) => {
    const res = await post(as, path, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    // UTF-8 with a byte order mark first (Excel reads Nordic letters so); text() drops it.
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parseCsv(bytes.subarray(3).toString('utf8'));
  };
  const book = async (pickupDate: string, extra: Record<string, unknown> = {}) => {
    const res = await sys.command('CREATE_ORDER', {
      departmentId: '1',
      customerId: '1',
      pickupDate,
      pickup: { ...osloAddress, name: 'Apotek Storgata', address: 'Storgata 1' },
      delivery: { ...osloAddress, name: NAME, address: 'Bogstadveien 10', zipCode: '0355' },
      measurements: [{ weight: 4.5, quantity: 2 }],
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
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
    orderIds.push(await book(DATE, { customerRef: '=HYPERLINK("http://x")' }));
    orderIds.push(await book(DATE, { customerRef: 'PO-17' }));
    orderIds.push(await book(LATER));
    const gone = await book(DATE);
    expect((await sys.command('DELETE_ORDERS', { orderIds: [gone] })).status).toBe(200);
    const slotId = await createSlot(sys, '1', DATE);
    await sys.command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [orderIds[1]], slotId });
    exporter = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_IMPORT_EXPORT'],
    });
    await projectionsSettled(sys.db.knex, 20_000);
  });
  afterAll(async () => sys.shutdown());

  it('S7-CALL-031 CSV with every column, at the spec path and under /api; a line per order of the range, deleted ones left out', async () => {
    for (const path of ['/query', '/api/query']) {
      const [header, ...lines] = await csvOf(
        { department: '1', fromDate: DATE, toDate: DATE, isRemoveControlColumnsChecked: false },
        path,
      );
      expect(header).toEqual(exportColumns.map((c) => c.name));
      const col = (name: string) => header!.indexOf(name);
      expect(lines.map((l) => l[col('orderId')]).sort()).toEqual(orderIds.slice(0, 2).sort());
      for (const line of lines) {
        expect(line[col('date')]).toBe(DATE);
        expect(line[col('deliveryName')]).toBe(NAME);
        expect(line[col('weightKg')]).toBe('9');
        expect(line[col('packageCount')]).toBe('2');
        expect(line[col('createdAt')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(line[col('packageIds')]!.split(' ')).toHaveLength(2);
      }
      const planned = lines.find((l) => l[col('orderId')] === orderIds[1])!;
      expect(planned[col('slotName')]).not.toBe('');
      expect(planned[col('customerRef')]).toBe('PO-17');
      // A reference that reads as a formula is written as text (OWASP CSV injection).
      const formula = lines.find((l) => l[col('orderId')] === orderIds[0])!;
      expect(formula[col('customerRef')]).toBe(`'=HYPERLINK("http://x")`);
    }
    const range = await csvOf({ department: '1', fromDate: DATE, toDate: LATER });
    expect(range).toHaveLength(4);
  });

  it('S7-CALL-031 isRemoveControlColumnsChecked true: the control columns are absent', async () => {
    const [header, ...lines] = await csvOf({
      department: '1',
      fromDate: DATE,
      toDate: LATER,
      isRemoveControlColumnsChecked: true,
    });
    expect(header).toEqual(exportColumnsFor(true).map((c) => c.name));
    for (const control of exportColumns.filter((c) => c.control))
      expect(header).not.toContain(control.name);
    expect(header).toContain('shipmentId');
    expect(lines).toHaveLength(3);
  });

  it('the same export as xlsx: a sheet with the header, numbers as numbers and dates as dates', async () => {
    const res = await post(exporter, '/query', {
      department: '1',
      fromDate: DATE,
      toDate: LATER,
      format: 'xlsx',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    expect(res.headers.get('content-disposition')).toContain(`shipments-1-${DATE}-${LATER}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(exportColumns.map((c) => c.name));
    expect(sheet.rowCount).toBe(4);
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name) + 1);
    expect(cell(2, 'weightKg').value).toBe(9);
    expect(cell(2, 'date').value).toEqual(new Date(`${DATE}T00:00:00Z`));
    expect(cell(4, 'date').value).toEqual(new Date(`${LATER}T00:00:00Z`));
    expect(cell(2, 'deliveryName').value).toBe(NAME);
    // In xlsx a text cell is never a formula: the reference is kept as it was typed.
    const refs = [2, 3, 4].map((r) => cell(r, 'customerRef').value);
    expect(refs).toContain('=HYPERLINK("http://x")');
  });

  it('S6-FLAG-025 who may: the import/export flag, in its departments; others are refused', async () => {
    const shipmentsOnly = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_SHIPMENTS'],
    });
    const body = { department: '1', fromDate: DATE, toDate: DATE };
    expect((await post(shipmentsOnly, '/query', body)).status).toBe(403);
    expect((await post(null, '/query', body)).status).toBe(401);
    const otherDepartment = await post(exporter, '/query', { ...body, department: '2' });
    expect(otherDepartment.status).toBe(403);
    expect((await post(exporter, '/api/query', { ...body, department: '999' })).status).toBe(403);
    expect((await post(sys.admin, '/query', { ...body, department: '999' })).status).toBe(404);
  });

  it('bad params: a clear 400 each, no file', async () => {
    const bad = [
      { department: '1', fromDate: LATER, toDate: DATE },
      { department: '1', fromDate: '2026-01-01', toDate: '2027-01-02' },
      { department: '1', fromDate: DATE, toDate: '2026-02-30' },
      { department: '1', fromDate: DATE, toDate: DATE, format: 'pdf' },
      { department: '1', fromDate: DATE, toDate: DATE, isRemoveControlColumnsChecked: 'yes' },
      { department: 'x', fromDate: DATE, toDate: DATE },
      { department: '1', fromDate: DATE, toDate: DATE, sql: 'drop table' },
    ];
    for (const body of bad) {
      const res = await post(exporter, '/query', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(((await res.json()) as { errorType: string }[])[0]!.errorType).toBe(
        'VALIDATION_ERROR',
      );
    }
  });

  it('a client that hangs up mid-file leaves every connection usable: later exports and queries answer whole', async () => {
    // Many rows of the read model (copies of a booked order's row), so the file outlasts the hang-up.
    const knex = sys.db.knex;
    await knex.raw(
      `insert into ${CONSIGNMENT_GRID_TABLE} (id, revision, department_id, customer_id, date, state,
         slot_id, updated_at_epoch, search_text, data)
       select 9000000000 + n, revision, department_id, customer_id, date, state, null,
              updated_at_epoch, search_text, data
         from ${CONSIGNMENT_GRID_TABLE}, generate_series(1, 30000) n
        where id = ?`,
      [orderIds[2]!],
    );
    for (let attempt = 0; attempt < 3; attempt++) {
      const controller = new AbortController();
      const res = await fetch(`${sys.url}/query`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          cookie: exporter.cookie,
          'x-csrf-token': exporter.csrf,
        },
        body: JSON.stringify({ department: '1', fromDate: LATER, toDate: LATER }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.read().catch(() => undefined);
    }
    // Every pooled connection answers its next query, and a whole export follows.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => sys.query('departments', {})),
    );
    for (const a of answers) expect((a as { status: number }).status).toBe(200);
    const whole = await csvOf({ department: '1', fromDate: LATER, toDate: LATER });
    expect(whole).toHaveLength(1 + 30_001);
    await knex(CONSIGNMENT_GRID_TABLE).where('id', '>', 9000000000).delete();
  });
});
