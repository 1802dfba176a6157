import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addressColumns, type AddressRow, type PersonalDataAnswer } from '@nordlog/contracts';
import ExcelJS from 'exceljs';
import { csvText, csvUtf8Bom, csvWindows1252, multipart, zipBomb } from '../support/importFiles.js';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Session,
  type TestSystem,
} from '../support/system.js';

const keys = addressColumns.map((c) => c.key);
const place = {
  name: 'Apotek 1 Storgata',
  address: 'Storgata 1',
  zipCode: '0155',
  zipArea: 'Oslo',
  countryCode: 'NO',
};

/**
 * The address book (issue 40, issue 43 §3; docs/decisions/0061-address-book.md) through the
 * gateway: saved addresses placed on the map once, the query and its scope, the upload of a
 * spreadsheet all or none, the download that goes back up as it is, and a deletion erasing the
 * people in it.
 */
describe('address book', () => {
  let sys: TestSystem;
  let planner: Session;
  let bergenPlanner: Session;
  let bergen: string;
  let bok: string;

  const send = async (
    file: { name: string; data: Buffer } | null,
    fields: Record<string, string> = {},
    session = planner,
    path = '/uploadExcelAddresses',
  ) => {
    const { body, contentType } = multipart(fields, file);
    const res = await fetch(`${sys.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
      },
      body,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const addresses = async (params: Record<string, unknown>, session = planner) => {
    await sys.settled();
    const res = await sys.as(session).query('addresses', params);
    expect(res.status).toBe(200);
    return res.body as AddressRow[];
  };
  const download = async (params: Record<string, unknown>, session = planner) =>
    fetch(`${sys.url}/downloadCustomerAddresses`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
      },
      body: JSON.stringify({ params }),
    });
  const sheetOf = async (res: Response) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) =>
      // Every cell the download writes is text.
      rows.push((row.values as (string | null)[]).slice(1).map((v) => v ?? '')),
    );
    return rows;
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    await sys.command('UPDATE_CUSTOMER', { id: '1', alystraId: '10001', departmentId: '1' });
    bergen = (
      await sys.command('CREATE_DEPARTMENT', {
        name: 'Bergen',
        departmentType: 'courier',
        country: 'NO',
      })
    ).body.ids[0];
    bok = (
      await sys.command('CREATE_CUSTOMER', {
        name: 'Bok Bryggen',
        alystraId: '20002',
        alystraSubcustomer: '7',
        departmentId: bergen,
      })
    ).body.ids[0];
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_ADDRESSES'],
    });
    bergenPlanner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [bergen],
      access: ['PLANNER_ADDRESSES'],
    });
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('a saved address is placed on the map once when saved, found by a phrase and kept when the same place is sent again', async () => {
    const created = await sys.as(planner).command('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      usage: 'DELIVERY',
      code: 'A-1',
      block: { ...place, phone: '91234567', contactPerson: 'Kari Nordmann' },
    });
    expect(created.status).toBe(200);
    const id = created.body.ids[0] as string;
    const [row] = await addresses({ ids: [id] });
    expect(row).toMatchObject({ id, usage: 'DELIVERY', code: 'A-1', customerId: '1' });
    // The phone as the booking form stores it; the place found by the local gazetteer.
    expect(row!.block.phone).toBe('+4791234567');
    expect(row!.block.lat).toEqual(expect.any(Number));
    expect(row!.block.resolvedBy).toBe('DATABASE_LOOKUP');
    expect((await addresses({ searchPhrase: 'kari storg' })).map((a) => a.id)).toEqual([id]);
    expect(await addresses({ searchPhrase: 'bryggen' })).toEqual([]);
    // Offered for deliveries, not for pickups.
    expect((await addresses({ usage: 'DELIVERY' })).map((a) => a.id)).toContain(id);
    expect((await addresses({ usage: 'PICKUP' })).map((a) => a.id)).not.toContain(id);
    // A point set by hand stays when the same place is saved again without one.
    const moved = { ...row!.block, lat: 59.91, lng: 10.75 };
    expect((await sys.as(planner).command('UPDATE_ADDRESS', { id, block: moved })).status).toBe(
      200,
    );
    const { lat: _lat, lng: _lng, ...withoutPoint } = moved;
    expect(
      (
        await sys
          .as(planner)
          .command('UPDATE_ADDRESS', { id, block: { ...withoutPoint, instructions: 'Back door' } })
      ).status,
    ).toBe(200);
    const [after] = await addresses({ ids: [id] });
    expect(after!.block).toMatchObject({ lat: 59.91, lng: 10.75, instructions: 'Back door' });
  });

  it('the address form’s rules on the server: a place without a name, street or valid postal code is refused with the field', async () => {
    const res = await sys.as(planner).command('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      block: { name: '', address: 'Storgata 1', zipCode: '155', countryCode: 'NO' },
    });
    expect(res.status).toBe(400);
    const fields = (res.body as { params?: { field?: string } }[]).map((i) => i.params?.field);
    expect(fields).toEqual(expect.arrayContaining(['block.name', 'block.zipCode']));
  });

  it('S6-FLAG-038 a planner reads and keeps the address book of its own departments only; without PLANNER_ADDRESSES the calls are refused', async () => {
    const theirs = await sys.command('CREATE_ADDRESS', {
      departmentId: bergen,
      customerId: bok,
      block: { name: 'Bok Bryggen', address: 'Bryggen 5', zipCode: '5003', zipArea: 'Bergen' },
    });
    expect(theirs.status).toBe(200);
    const theirId = theirs.body.ids[0] as string;
    expect((await addresses({})).map((a) => a.id)).not.toContain(theirId);
    expect((await addresses({}, bergenPlanner)).map((a) => a.id)).toContain(theirId);
    // Another department's address is not found for an update, as for a read.
    const foreign = await sys.as(planner).command('UPDATE_ADDRESS', { id: theirId, code: 'X' });
    expect(foreign.status).toBe(404);
    const without = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
      access: ['PLANNER_LIVE'],
    });
    expect((await sys.as(without).query('addresses', {})).status).toBe(403);
    expect(
      (
        await sys.as(without).command('CREATE_ADDRESS', {
          departmentId: '1',
          customerId: '1',
          block: place,
        })
      ).status,
    ).toBe(403);
    expect(
      (await send({ name: 'a.csv', data: Buffer.from('name\r\nX\r\n') }, {}, without)).status,
    ).toBe(403);
    expect((await download({ customerNumber: '10001' }, without)).status).toBe(403);
  });

  it('S7-CALL-027 an xlsx upload with customerId saves every row as an address of that customer; the same file again saves nothing twice', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Adresser');
    // Norwegian headers, as a download in Norwegian writes them.
    sheet.addRow(addressColumns.map((c) => c.labels!.nb));
    const row = (code: string, name: string, street: string, zip: string) =>
      addressColumns.map(
        (c) =>
          ({ code, name, address: street, zipCode: zip, zipArea: 'Oslo', usage: 'pickup' })[
            c.key
          ] ?? '',
      );
    sheet.addRow(row('L-1', 'Lager Økern', 'Økernveien 9', '0580'));
    sheet.addRow(row('L-2', 'Lager Alnabru', 'Alnabruveien 15', '1081'));
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const first = await send(
      { name: 'adresser.xlsx', data },
      { customerId: '1', departmentId: '1' },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      total: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: [],
    });
    const saved = (await addresses({ customerIds: ['1'], usage: 'PICKUP' })).filter((a) =>
      a.code.startsWith('L-'),
    );
    expect(saved.map((a) => [a.code, a.block.name, a.usage])).toEqual([
      ['L-2', 'Lager Alnabru', 'PICKUP'],
      ['L-1', 'Lager Økern', 'PICKUP'],
    ]);
    expect(saved.every((a) => a.block.lat != null)).toBe(true);
    const again = await send(
      { name: 'adresser.xlsx', data },
      { customerId: '1', departmentId: '1' },
    );
    expect(again.body).toMatchObject({ total: 2, created: 0, updated: 0, unchanged: 2 });
    expect(
      (await addresses({ customerIds: ['1'] })).filter((a) => a.code.startsWith('L-')),
    ).toHaveLength(2);
  });

  it('S7-CALL-027 a CSV upload without customerId finds each row’s customer by number and sub-customer, in Windows-1252 and UTF-8 with a BOM; a changed row updates its address', async () => {
    const rows = [
      {
        customerNumber: '10001',
        code: 'C-1',
        name: 'Kjøpesenter Sørli',
        address: 'Sørligata 2',
        zipCode: '0577',
        zipArea: 'Oslo',
      },
    ];
    const windows = await send({ name: 'a.csv', data: csvWindows1252(csvText(rows, ';', keys)) });
    expect(windows.status).toBe(200);
    expect(windows.body).toMatchObject({ created: 1, encoding: 'windows-1252' });
    await sys.settled();
    const changed = [{ ...rows[0]!, instructions: 'Varemottak bak' }];
    const bom = await send({ name: 'a.csv', data: csvUtf8Bom(csvText(changed, ';', keys)) });
    expect(bom.body).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const [row] = (await addresses({ customerIds: ['1'] })).filter((a) => a.code === 'C-1');
    expect(row!.block).toMatchObject({ name: 'Kjøpesenter Sørli', instructions: 'Varemottak bak' });
    expect(row!.departmentId).toBe('1');
  });

  it('a pickup point is a yes-or-no column in any language: saved from the file, written in the download’s language, kept when a file leaves it empty, an unknown word refused', async () => {
    const base = {
      customerNumber: '10001',
      name: 'Kiosk Grünerløkka',
      address: 'Thorvald Meyers gate 40',
      zipCode: '0555',
      zipArea: 'Oslo',
    };
    const rows = [
      { ...base, code: 'P-1', pickupPoint: 'Ja' },
      { ...base, code: 'P-2', name: 'Butikk Tøyen', address: 'Tøyengata 10', pickupPoint: 'non' },
    ];
    const csv = (r: Record<string, string>[]) => csvUtf8Bom(csvText(r, ';', keys));
    const up = await send({ name: 'p.csv', data: csv(rows) });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ created: 2 });
    const flags = async () =>
      Object.fromEntries(
        (await addresses({ customerIds: ['1'] }))
          .filter((a) => a.code.startsWith('P-'))
          .map((a) => [a.code, a.pickupPoint]),
      );
    expect(await flags()).toEqual({ 'P-1': true, 'P-2': false });
    const finnish = await sheetOf(await download({ customerNumber: '10001', language: 'fi' }));
    const at = keys.indexOf('pickupPoint');
    expect(finnish.find((r) => r.includes('P-1'))![at]).toBe('kyllä');
    expect(finnish.find((r) => r.includes('P-2'))![at]).toBe('ei');
    // A file that says nothing of pickup points (an older download) leaves the flags as they are.
    const silent = rows.map(({ pickupPoint: _, ...r }) => ({
      ...r,
      instructions: 'Inngang fra gården',
    }));
    expect((await send({ name: 'p.csv', data: csv(silent) })).body).toMatchObject({ updated: 2 });
    expect(await flags()).toEqual({ 'P-1': true, 'P-2': false });
    const unknown = await send({
      name: 'p.csv',
      data: csv([{ ...rows[0]!, pickupPoint: 'kanskje' }]),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body[0].params.rows).toEqual([
      expect.objectContaining({ row: 2, column: 'pickupPoint' }),
    ]);
  });

  it('a file with refused rows saves nothing and names each row, column and message; hostile files get a clear answer', async () => {
    const before = (await addresses({ customerIds: ['1'] })).length;
    const rows: Record<string, string>[] = [
      { customerNumber: '10001', code: 'D-1', name: 'Ok', address: 'Storgata 1', zipCode: '0155' },
      { customerNumber: '10001', code: 'D-2', name: '', address: 'Storgata 2', zipCode: '0155' },
      { customerNumber: '99999', code: 'D-3', name: 'Nobody', address: 'Gate 3', zipCode: '0155' },
      {
        customerNumber: '10001',
        code: 'D-1',
        name: 'Twice',
        address: 'Storgata 4',
        zipCode: '015',
      },
      // Another department's customer (Bergen): not this planner's.
      {
        customerNumber: '20002',
        subcustomer: '7',
        code: 'D-5',
        name: 'B',
        address: 'B 1',
        zipCode: '5003',
      },
    ];
    const res = await send({ name: 'bad.csv', data: csvUtf8Bom(csvText(rows, ';', keys)) });
    expect(res.status).toBe(400);
    const problems = res.body[0].params.rows as {
      row: number;
      column: string | null;
      key: string;
    }[];
    expect(res.body[0].params.refused).toBe(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'name', key: 'validation.required' }),
        expect.objectContaining({ row: 4, column: 'customerNumber', key: 'validation.unknownId' }),
        expect.objectContaining({ row: 5, column: 'zipCode', key: 'validation.zipCodeNO' }),
        expect.objectContaining({ row: 6, column: 'customerNumber', key: 'validation.unknownId' }),
      ]),
    );
    expect((await addresses({ customerIds: ['1'] })).length).toBe(before);
    // A code twice in one file.
    const twice = [rows[0]!, { ...rows[0]!, name: 'Again' }];
    const dup = await send({ name: 'dup.csv', data: csvUtf8Bom(csvText(twice, ';', keys)) });
    expect(dup.body[0].params.rows).toEqual([
      expect.objectContaining({ row: 3, column: 'code', key: 'validation.duplicateCode' }),
    ]);
    // Not a spreadsheet, a zip bomb, no header the book knows, no file at all.
    const random = await send({
      name: 'x.xlsx',
      data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2]),
    });
    expect(random.status).toBe(415);
    expect((await send({ name: 'bomb.xlsx', data: zipBomb() })).status).toBe(415);
    const noHeader = await send({ name: 'n.csv', data: Buffer.from('foo;bar\r\n1;2\r\n') });
    expect(noHeader.status).toBe(400);
    expect((await send(null)).status).toBe(400);
    expect((await addresses({ customerIds: ['1'] })).length).toBe(before);
  });

  it('S7-CALL-028 the download is an xlsx of the customer’s addresses headed in the language asked, and goes back up unchanged', async () => {
    const res = await download({ customerNumber: '10001', subcustomer: '', language: 'sv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain('addresses-10001.xlsx');
    const bytes = Buffer.from(await res.clone().arrayBuffer());
    const rows = await sheetOf(res);
    expect(rows[0]).toEqual(addressColumns.map((c) => c.labels!.sv));
    const mine = (await addresses({ customerIds: ['1'] })).length;
    expect(rows.length - 1).toBe(mine);
    const kjop = rows.find((r) => r.includes('Kjøpesenter Sørli'))!;
    expect(kjop[keys.indexOf('customerNumber')]).toBe('10001');
    expect(kjop[keys.indexOf('zipCode')]).toBe('0577');
    // Back up as it is: every row is the saved address, nothing changes.
    const back = await send({ name: 'back.xlsx', data: bytes });
    expect(back.body).not.toEqual([expect.anything()]);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ total: mine, created: 0, updated: 0, unchanged: mine });
    // Another department's customer is not found; a sub-customer is its own customer.
    expect((await download({ customerNumber: '20002', subcustomer: '7' })).status).toBe(404);
    const theirs = await download({ customerNumber: '20002', subcustomer: '7' }, bergenPlanner);
    expect(theirs.status).toBe(200);
    expect((await sheetOf(theirs)).slice(1).map((r) => r[keys.indexOf('name')])).toEqual([
      'Bok Bryggen',
    ]);
    expect((await download({ customerNumber: '20002' }, bergenPlanner)).status).toBe(404);
  });

  it('deleting an address erases the people in it everywhere: the stored events and the tombstone read erased, and it is gone from the book', async () => {
    const created = await sys.as(planner).command('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      block: { ...place, name: 'Ola Hjemme', phone: '+4799887766', email: 'ola@example.no' },
    });
    const id = created.body.ids[0] as string;
    await sys.settled();
    const stored = JSON.stringify(
      await sys.db.knex('es_events').where('stream_id', `address-${id}`).select('data'),
    );
    // Sealed in the store: the name and phone are not in the stored events as text.
    expect(stored).not.toContain('Ola Hjemme');
    expect(stored).not.toContain('99887766');
    expect((await addresses({ ids: [id] }))[0]!.block.name).toBe('Ola Hjemme');
    expect((await sys.as(planner).command('DELETE_ADDRESS', { id })).status).toBe(200);
    expect(await addresses({ ids: [id] })).toEqual([]);
    const tombstone = await sys.db.knex('rm_addresses').where('id', id).first('data');
    expect(JSON.stringify(tombstone)).not.toContain('Ola Hjemme');
    expect(JSON.stringify(tombstone)).not.toContain('ola@example.no');
    const read = await sys.db
      .knex('es_events')
      .where('stream_id', `address-${id}`)
      .orderBy('stream_revision')
      .pluck('type');
    expect(read).toEqual(['AddressCreated', 'AddressDeleted', 'PersonalDataErased']);
    // A deleted address is not found again, to delete or to update.
    expect((await sys.as(planner).command('DELETE_ADDRESS', { id })).status).toBe(404);
    expect((await sys.as(planner).command('UPDATE_ADDRESS', { id, code: 'x' })).status).toBe(404);
  });

  it('a person’s saved addresses are found by their phone or e-mail (GDPR art. 15) and erased on request (art. 17)', async () => {
    const created = await sys.as(planner).command('CREATE_ADDRESS', {
      departmentId: '1',
      customerId: '1',
      block: { ...place, name: 'Per Privat', secondPhone: '+4741234567', email: 'Per@Example.no' },
    });
    const id = created.body.ids[0] as string;
    await sys.settled();
    const byPhone = await sys.query('personalData', { phoneNumber: '41234567' });
    expect((byPhone.body as PersonalDataAnswer).addresses.map((a) => a.id)).toEqual([id]);
    const byMail = await sys.query('personalData', { email: 'per@example.NO' });
    expect((byMail.body as PersonalDataAnswer).addresses.map((a) => a.id)).toEqual([id]);
    // A planner erases nothing; an admin of every department erases the address.
    expect(
      (await sys.as(planner).command('ERASE_PERSONAL_DATA', { addressIds: [id] })).status,
    ).toBe(403);
    expect((await sys.command('ERASE_PERSONAL_DATA', { addressIds: [id] })).status).toBe(200);
    await sys.settled();
    expect(
      ((await sys.query('personalData', { phoneNumber: '41234567' })).body as PersonalDataAnswer)
        .addresses,
    ).toEqual([]);
    const row = await sys.db.knex('rm_addresses').where('id', id).first('data');
    expect(JSON.stringify(row)).not.toContain('Per Privat');
  });
});
