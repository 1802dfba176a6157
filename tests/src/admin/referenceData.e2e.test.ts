import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStoreNumberAllocator } from '@nordlog/command-service';
import { isValidGsin, isValidSscc } from '@nordlog/contracts';
import { seedDemoData } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import { meta } from '../eventStore/contract.js';
import { connectSocket } from '../support/socket.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('admin reference data: commands → read models → queries (spec §3, §7)', () => {
  let sys: TestSystem;
  const departments: string[] = [];
  const customers: string[] = [];
  beforeAll(async () => {
    sys = await startTestSystem();
    for (const name of ['Oslo', 'Bergen', 'Stockholm']) {
      const country = name === 'Stockholm' ? 'SE' : 'NO';
      departments.push(
        (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country })).body
          .ids[0],
      );
    }
    for (const [name, departmentId] of [
      ['Apotek 1', departments[0]],
      ['Bergen Bok', departments[1]],
      ['Nobody', null],
    ] as const)
      customers.push((await sys.command('CREATE_CUSTOMER', { name, departmentId })).body.ids[0]);
  });
  afterAll(async () => sys.shutdown());

  describe('department groups', () => {
    it('S7-CMD-048 S7-CALL-059 S3-ENT-048 create, update and delete a group; departmentGroups {excludeEmpty} lists it', async () => {
      const created = await sys.command('CREATE_DEPARTMENT_GROUP', {
        name: 'Norway',
        description: 'Norwegian departments',
        departmentIds: [departments[0], departments[1]],
      });
      expect(created.status).toBe(200);
      expect(created.body.events).toEqual(['DepartmentGroupCreated']);
      const id = created.body.ids[0];
      const empty = (await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Empty' })).body.ids[0];
      await sys.settled();
      const all = (await sys.query('departmentGroups', {})).body;
      expect(all).toEqual([
        expect.objectContaining({ id: empty, name: 'Empty', departmentIds: [] }),
        expect.objectContaining({
          id,
          name: 'Norway',
          description: 'Norwegian departments',
          departmentIds: [departments[0], departments[1]],
        }),
      ]);
      expect(ids((await sys.query('departmentGroups', { excludeEmpty: true })).body)).toEqual([id]);

      const updated = await sys.command('UPDATE_DEPARTMENT_GROUP', {
        id,
        departmentIds: [departments[0]],
      });
      expect(updated.body.events).toEqual(['DepartmentGroupUpdated']);
      await sys.settled();
      expect((await sys.query('departmentGroups', { ids: [id] })).body[0].departmentIds).toEqual([
        departments[0],
      ]);

      expect((await sys.command('DELETE_DEPARTMENT_GROUP', { id: empty })).status).toBe(200);
      await sys.settled();
      expect(ids((await sys.query('departmentGroups', {})).body)).toEqual([id]);
      expect(
        (await sys.command('UPDATE_DEPARTMENT_GROUP', { id: empty, name: 'Back' })).status,
      ).toBe(404);
    });

    it('S7-CMD-048 an invalid payload is refused with 400 and changes nothing', async () => {
      const before = (await sys.query('departmentGroups', {})).body;
      for (const payload of [{}, { name: '' }, { name: 'X', departmentIds: ['oslo'] }]) {
        const res = await sys.command('CREATE_DEPARTMENT_GROUP', payload);
        expect(res.status).toBe(400);
        expect(res.body[0].errorType).toBe('VALIDATION_ERROR');
      }
      await sys.settled();
      expect((await sys.query('departmentGroups', {})).body).toEqual(before);
    });
  });

  describe('customer groups', () => {
    it('S7-CMD-048 S7-CALL-084 S3-ENT-049 create, update, delete; customerGroups and customerGroupMembers answer', async () => {
      const res = await sys.command('CREATE_CUSTOMER_GROUP', {
        name: 'Key accounts',
        description: 'Big ones',
        customerIds: [customers[0], customers[1]],
      });
      expect(res.status).toBe(200);
      const id = res.body.ids[0];
      await sys.settled();
      expect((await sys.query('customerGroups', {})).body).toEqual([
        expect.objectContaining({
          id,
          name: 'Key accounts',
          description: 'Big ones',
          customerIds: [customers[0], customers[1]],
        }),
      ]);
      const members = (await sys.query('customerGroupMembers', { groupId: id })).body;
      expect(members.map((c: { name: string }) => c.name)).toEqual(['Apotek 1', 'Bergen Bok']);

      await sys.command('UPDATE_CUSTOMER_GROUP', { id, customerIds: [customers[2]] });
      await sys.settled();
      expect(ids((await sys.query('customerGroupMembers', { groupId: id })).body)).toEqual([
        customers[2],
      ]);
      expect((await sys.query('customerGroupMembers', {})).status).toBe(400);
      expect((await sys.query('customerGroupMembers', { groupId: '999' })).status).toBe(404);

      expect((await sys.command('DELETE_CUSTOMER_GROUP', { id })).body.events).toEqual([
        'CustomerGroupDeleted',
      ]);
      await sys.settled();
      expect((await sys.query('customerGroups', {})).body).toEqual([]);
    });

    it('customer groups span departments: a user who sees only some departments neither reads nor changes them (docs/decisions/0018)', async () => {
      const id = (
        await sys.command('CREATE_CUSTOMER_GROUP', { name: 'Mixed', customerIds: customers })
      ).body.ids[0];
      const scoped = sys.as(
        await sys.login({
          phoneNumber: freshPhone(),
          role: 'PLUS_PLANNER',
          access: ['ADMIN_CUSTOMER_GROUP'],
          departmentIds: [departments[0]],
        }),
      );
      for (const res of [
        await scoped.query('customerGroups', { ids: [id] }),
        await scoped.query('customerGroupMembers', { groupId: id }),
        await scoped.get(`/api/rest/customerGroups/${id}`),
        await scoped.command('UPDATE_CUSTOMER_GROUP', { id, name: 'Mine now' }),
        await scoped.command('CREATE_CUSTOMER_GROUP', { name: 'Mine' }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body[0].errorType).toBe('NO_ACCESS');
      }
    });
  });

  describe('holidays', () => {
    it('S7-CMD-001 S7-CMD-002 S3-ENT-051 S7-CALL-060 CREATE_HOLIDAY {country,type,date}, query holiday with filters, DELETE_HOLIDAY {id}', async () => {
      const make = (country: string, type: string, date: string) =>
        sys.command('CREATE_HOLIDAY', { country, type, date });
      const constitution = await make('NO', 'PUBLIC_HOLIDAY', '2026-05-17');
      expect(constitution.status).toBe(200);
      const id = constitution.body.ids[0];
      await make('NO', 'NO_PICKUP', '2026-05-17');
      await make('SE', 'PUBLIC_HOLIDAY', '2026-06-06');
      await make('NO', 'NO_DELIVERY', '2026-12-24');
      await sys.settled();
      const all = (await sys.query('holiday', {})).body;
      expect(all.map((h: any) => [h.country, h.type, h.date])).toEqual([
        ['NO', 'NO_PICKUP', '2026-05-17'],
        ['NO', 'PUBLIC_HOLIDAY', '2026-05-17'],
        ['SE', 'PUBLIC_HOLIDAY', '2026-06-06'],
        ['NO', 'NO_DELIVERY', '2026-12-24'],
      ]);
      expect(all[1]).toMatchObject({
        id,
        country: 'NO',
        type: 'PUBLIC_HOLIDAY',
        date: '2026-05-17',
      });
      const norwayInSpring = (
        await sys.query('holiday', { country: 'NO', fromDate: '2026-05-01', toDate: '2026-06-30' })
      ).body;
      expect(norwayInSpring.map((h: any) => h.type)).toEqual(['NO_PICKUP', 'PUBLIC_HOLIDAY']);

      expect((await sys.command('DELETE_HOLIDAY', { id })).body.events).toEqual(['HolidayDeleted']);
      await sys.settled();
      expect(ids((await sys.query('holiday', { country: 'NO' })).body)).not.toContain(id);
      // Deleted, it can be made again (same id: the id is the holiday's key).
      const again = await make('NO', 'PUBLIC_HOLIDAY', '2026-05-17');
      expect(again.body.ids).toEqual([id]);
    });

    it('refuses a duplicate (same country, date and type) with 409 ALREADY_EXISTS, also when sent concurrently', async () => {
      const payload = { country: 'FI', type: 'PUBLIC_HOLIDAY', date: '2026-12-06' };
      const results = await Promise.all(
        Array.from({ length: 4 }, () => sys.command('CREATE_HOLIDAY', payload)),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(['ALREADY_EXISTS', 'CONCURRENCY_CONFLICT']).toContain(r.body[0].errorType);
      }
      const later = await sys.command('CREATE_HOLIDAY', payload);
      expect(later.status).toBe(409);
      expect(later.body[0].errorType).toBe('ALREADY_EXISTS');
      await sys.settled();
      expect((await sys.query('holiday', { country: 'FI' })).body).toHaveLength(1);
    });

    it('refuses an invalid holiday (400) and an unknown id (404)', async () => {
      for (const payload of [
        { country: 'NO', type: 'PUBLIC_HOLIDAY', date: '2026-02-30' },
        { country: 'NO', type: 'SOMETIMES', date: '2026-02-03' },
        { country: 'NO', date: '2026-02-03' },
      ])
        expect((await sys.command('CREATE_HOLIDAY', payload)).status).toBe(400);
      expect((await sys.command('DELETE_HOLIDAY', { id: '578209901011' })).status).toBe(404);
      expect((await sys.query('holiday', { fromDate: '2026-13-01' })).status).toBe(400);
    });
  });

  describe('number series', () => {
    it('S7-CMD-033 S3-ENT-057 S7-CALL-060 creates a GSIN and an SSCC series; numberSeries shows the next value; numbers drawn move it; delete removes it', async () => {
      const gsin = await sys.command('CREATE_NUMBER_SERIES', {
        name: 'Shipments',
        type: 'GSIN',
        companyPrefix: '7012345',
        firstSerial: 123456,
        lastSerial: 999_999,
        departmentId: departments[0],
      });
      expect(gsin.status).toBe(200);
      const sscc = await sys.command('CREATE_NUMBER_SERIES', {
        name: 'Packages',
        type: 'SSCC',
        companyPrefix: '0614141',
        extensionDigit: '1',
        firstSerial: 123456789,
        lastSerial: 123456799,
      });
      const [gsinId, ssccId] = [gsin.body.ids[0], sscc.body.ids[0]];
      await sys.settled();
      const rows = (await sys.query('numberSeries', {})).body;
      expect(rows).toEqual([
        expect.objectContaining({
          id: gsinId,
          type: 'GSIN',
          extensionDigit: null,
          departmentId: departments[0],
          nextSerial: 123456,
          nextValue: '70123450001234561',
          used: false,
        }),
        expect.objectContaining({
          id: ssccId,
          type: 'SSCC',
          extensionDigit: '1',
          nextValue: '106141411234567897',
          remaining: 11,
        }),
      ]);
      expect(isValidGsin(rows[0].nextValue)).toBe(true);

      const allocator = new EventStoreNumberAllocator(sys.store);
      const drawn = await allocator.allocate(ssccId, 3, meta());
      expect(drawn.numbers[0]).toBe('106141411234567897');
      expect(drawn.numbers.every(isValidSscc)).toBe(true);
      await sys.settled();
      const [after] = (await sys.query('numberSeries', { ids: [ssccId] })).body;
      expect(after).toMatchObject({ nextSerial: 123456792, remaining: 8, used: true });
      expect(after.nextValue).toBe(`10614141123456792${after.nextValue.at(-1)}`);
      expect((await sys.query('numberSeries', { type: 'GSIN' })).body).toHaveLength(1);

      expect((await sys.command('DELETE_NUMBER_SERIES', { id: gsinId })).status).toBe(200);
      await sys.settled();
      expect(ids((await sys.query('numberSeries', {})).body)).toEqual([ssccId]);
    });

    it('refuses an overlapping range of the same prefix and type (409 RANGE_OVERLAP) and invalid series (400)', async () => {
      await sys.command('CREATE_NUMBER_SERIES', {
        type: 'GSIN',
        companyPrefix: '7099999',
        firstSerial: 1,
        lastSerial: 1000,
      });
      const overlap = await sys.command('CREATE_NUMBER_SERIES', {
        type: 'GSIN',
        companyPrefix: '7099999',
        firstSerial: 1000,
        lastSerial: 2000,
      });
      expect(overlap.status).toBe(409);
      expect(overlap.body[0].errorType).toBe('RANGE_OVERLAP');
      for (const payload of [
        { type: 'GSIN', companyPrefix: '709999', firstSerial: 1, lastSerial: 2 },
        {
          type: 'GSIN',
          companyPrefix: '7099999',
          extensionDigit: '1',
          firstSerial: 1,
          lastSerial: 2,
        },
        { type: 'SSCC', companyPrefix: '7099999999', firstSerial: 1, lastSerial: 1_000_000 },
        { type: 'EAN', companyPrefix: '7099999', firstSerial: 1, lastSerial: 2 },
      ])
        expect((await sys.command('CREATE_NUMBER_SERIES', payload)).status).toBe(400);
    });
  });

  describe('access (spec §6)', () => {
    it('S6-FLAG-005 S6-FLAG-007 S6-FLAG-009 S6-FLAG-014 each admin flag opens its own resource and no other', async () => {
      // Customer groups span departments: their admin sees every department (an ADMIN).
      const only = async (flag: string, role = 'PLANNER') =>
        sys.as(
          await sys.login({
            phoneNumber: freshPhone(),
            role,
            access: [flag],
            departmentIds: departments,
          }),
        );
      const holidays = await only('ADMIN_HOLIDAYS');
      const series = await only('ADMIN_NUMBER_SERIES');
      const customerGroups = await only('ADMIN_CUSTOMER_GROUP', 'ADMIN');
      const departmentGroups = await only('ADMIN_DEPARTMENT_GROUP');
      expect((await holidays.query('holiday', {})).status).toBe(200);
      expect((await holidays.query('numberSeries', {})).status).toBe(403);
      expect((await series.query('numberSeries', {})).status).toBe(200);
      expect((await series.query('holiday', {})).status).toBe(403);
      expect((await customerGroups.query('customerGroups', {})).status).toBe(200);
      expect((await series.query('customerGroups', {})).status).toBe(403);
      expect((await series.query('customerGroupMembers', { groupId: '1' })).body[0].errorType).toBe(
        'NO_ACCESS',
      );
      const group = { name: 'Mine', departmentIds: [departments[0]] };
      expect((await departmentGroups.command('CREATE_DEPARTMENT_GROUP', group)).status).toBe(200);
      expect((await holidays.command('CREATE_DEPARTMENT_GROUP', group)).status).toBe(403);
      expect(
        (
          await series.command('CREATE_HOLIDAY', {
            country: 'DK',
            type: 'NO_PICKUP',
            date: '2026-03-03',
          })
        ).status,
      ).toBe(403);
    });

    it('a department-group admin who sees only some departments may group only those', async () => {
      const limited = await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['ADMIN_DEPARTMENT_GROUP'],
        departmentIds: [departments[0]],
      });
      const res = await sys.as(limited).command('CREATE_DEPARTMENT_GROUP', {
        name: 'Both',
        departmentIds: departments.slice(0, 2),
      });
      // A department outside its access is refused as a read of it is (docs/decisions/0039).
      expect(res.status).toBe(404);
      expect(res.body[0].errorType).toBe('NOT_FOUND');
      const theirs = (
        await sys.command('CREATE_DEPARTMENT_GROUP', {
          name: 'Bergen',
          departmentIds: [departments[1]],
        })
      ).body.ids[0];
      expect(
        (await sys.as(limited).command('DELETE_DEPARTMENT_GROUP', { id: theirs })).status,
      ).toBe(403);
    });
  });

  describe('the socket (spec §7)', () => {
    it('changes of the new entities reach subscribers that may read them, and no others', async () => {
      const admin = await connectSocket(sys.url, 'types=holidays,numberSeries,departmentGroups', {
        cookie: sys.admin.cookie,
      });
      const planner = await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: departments,
      });
      const plannerSocket = await connectSocket(sys.url, 'types=holidays,numberSeries', {
        cookie: planner.cookie,
      });
      try {
        const holiday = (
          await sys.command('CREATE_HOLIDAY', {
            country: 'SE',
            type: 'NO_DELIVERY',
            date: '2026-07-01',
          })
        ).body.ids[0];
        const series = (
          await sys.command('CREATE_NUMBER_SERIES', {
            type: 'SSCC',
            companyPrefix: '7012340',
            firstSerial: 5,
            lastSerial: 6,
          })
        ).body.ids[0];
        const group = (await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Live' })).body.ids[0];
        expect(await admin.next((m) => m.entity === 'holidays' && m.id === holiday)).toMatchObject({
          op: 'upsert',
          data: { country: 'SE', type: 'NO_DELIVERY' },
        });
        expect(
          await admin.next((m) => m.entity === 'numberSeries' && m.id === series),
        ).toMatchObject({ op: 'upsert', data: { nextValue: expect.any(String) } });
        await admin.next((m) => m.entity === 'departmentGroups' && m.id === group);
        await sys.command('DELETE_HOLIDAY', { id: holiday });
        expect(
          await admin.next((m) => m.entity === 'holidays' && m.id === holiday && m.op === 'delete'),
        ).toMatchObject({ data: null });
        // The planner may read holidays (booking) but not number series (ADMIN_NUMBER_SERIES).
        // The holiday's deletion, which came after the series, is the witness: once the planner
        // has it, the series' change was dispatched before it.
        await plannerSocket.next(
          (m) => m.entity === 'holidays' && m.id === holiday && m.op === 'delete',
        );
        await sys.settled();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(plannerSocket.received.filter((m) => m.entity === 'numberSeries')).toEqual([]);
      } finally {
        admin.close();
        plannerSocket.close();
      }
    });
  });

  it('the demo data loads groups, holidays and number series through commands', async () => {
    const demo = await startTestSystem();
    try {
      await seedDemoData((name, payload) => demo.run(name, payload), silentLogger(), 10);
      await demo.settled();
      const groups = (await demo.query('departmentGroups', {})).body;
      expect(groups.map((g: { name: string }) => g.name)).toEqual(['Nordic capitals', 'Norway']);
      expect(groups[1].departmentIds).toHaveLength(1);
      expect((await demo.query('customerGroups', {})).body[0].customerIds).toHaveLength(3);
      const holidays = (await demo.query('holiday', {})).body;
      for (const country of ['NO', 'SE', 'DK', 'FI'])
        expect(
          holidays.filter((h: { country: string }) => h.country === country).length,
        ).toBeGreaterThan(3);
      const series = (await demo.query('numberSeries', {})).body;
      expect(series.map((s: { type: string }) => s.type)).toEqual(['GSIN', 'SSCC']);
      expect(isValidGsin(series[0].nextValue)).toBe(true);
      expect(isValidSscc(series[1].nextValue)).toBe(true);
    } finally {
      await demo.shutdown();
    }
  });
});
