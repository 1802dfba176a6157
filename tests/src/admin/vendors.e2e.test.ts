import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sampleUnit } from '../support/samples.js';
import { freshPhone, startTestSystem, type Client, type TestSystem } from '../support/system.js';
import { countEvents } from '../support/events.js';

type Row = Record<string, any>;
type Item = { errorType?: string; params?: { field?: string; key?: string } };

/** The refused fields and their message keys of a 4xx. */
const refused = (res: { status: number; body: unknown }, status = 400) => {
  expect({ status: res.status, body: res.body }).toEqual(expect.objectContaining({ status }));
  return Object.fromEntries((res.body as Item[]).map((i) => [i.params?.field, i.params?.key]));
};

/**
 * Vendors through the gateway (docs/decisions/0091-vendors.md): a department's hauliers created,
 * edited and deleted, read by `vendors` and `vendor`; units connected to a site (moved between
 * sites, never of another department); bad input refused with nothing written. And the two
 * department pickers, `allDepartmentsWithAdminLevelAccess` and `departmentsInSameCountry`.
 */
describe('vendors', () => {
  let sys: TestSystem;
  /** A scoped admin holding ADMIN_VENDORS for Oslo. */
  let osloAdmin: Client;
  /** A planner of Oslo without the flag. */
  let planner: Client;
  let oslo: string;
  let bergen: string;
  let stockholm: string;
  let osloUnits: [string, string];
  let bergenUnit: string;

  const base = (departmentId: string, name = 'Nordic Haulage') => ({
    departmentId,
    name,
    country: 'NO',
    orgNumber: '923609016',
    email: 'dispatch@haulage.example',
    phone: '+4791234567',
    sites: [
      { code: 'OSL1', name: 'Alnabru' },
      { code: 'OSL2', name: 'Berger' },
    ],
  });

  beforeAll(async () => {
    sys = await startTestSystem();
    const department = async (name: string, country: string) =>
      (await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country })).body
        .ids[0] as string;
    oslo = await department('Oslo', 'NO');
    bergen = await department('Bergen', 'NO');
    stockholm = await department('Stockholm', 'SE');
    const unit = async (departmentId: string) => {
      const courier = await sys.command('CREATE_COURIER_USER', {
        name: 'Courier',
        phoneNumber: freshPhone(),
        departmentId,
      });
      const res = await sys.command('CREATE_UNIT', sampleUnit(departmentId, [courier.body.ids[0]]));
      expect(res.status).toBe(200);
      return res.body.ids[0] as string;
    };
    osloUnits = [await unit(oslo), await unit(oslo)];
    bergenUnit = await unit(bergen);
    const user = async (role: string, access: string[], departmentIds: string[]) =>
      sys.as(await sys.login({ phoneNumber: freshPhone(), role, access, departmentIds }));
    osloAdmin = await user(
      'PLUS_PLANNER',
      ['ADMIN_VENDORS', 'ADMIN_DEPARTMENT'],
      [oslo, stockholm],
    );
    planner = await user('PLANNER', ['PLANNER_LIVE'], [oslo]);
    await sys.settled();
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  const read = async (client: Client, id: string) => {
    await sys.settled();
    return client.query('vendor', { id });
  };

  it('S7-CALL-070 S6-FLAG-002 a vendor is created, edited and deleted; `vendor` reads it, a missing id is 4xx, a caller without ADMIN_VENDORS is refused', async () => {
    const created = await osloAdmin.command('CREATE_VENDOR', base(oslo));
    expect(created.status).toBe(200);
    const id = created.body.ids[0] as string;
    const one = await read(osloAdmin, id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(
      expect.objectContaining({ id, name: 'Nordic Haulage', departmentId: oslo, units: {} }),
    );
    const list = await osloAdmin.query('vendors', {});
    expect((list.body as Row[]).map((r) => r.id)).toContain(id);
    expect((await osloAdmin.query('vendor', {})).status).toBe(400);
    expect((await planner.query('vendor', { id })).status).toBe(403);
    expect((await planner.query('vendors', {})).status).toBe(403);

    const edited = await osloAdmin.command('UPDATE_VENDOR', {
      id,
      name: 'Nordic Haulage AB',
      country: 'SE',
      orgNumber: '556036-0793',
    });
    expect(edited.status).toBe(200);
    expect((await read(osloAdmin, id)).body).toEqual(
      expect.objectContaining({
        name: 'Nordic Haulage AB',
        country: 'SE',
        email: 'dispatch@haulage.example',
      }),
    );
    expect((await osloAdmin.command('DELETE_VENDOR', { id })).status).toBe(200);
    expect((await read(osloAdmin, id)).status).toBe(404);
  });

  it('bad vendors are refused on their field, nothing written: the number by its country, a repeated site code, another department', async () => {
    const before = await countEvents(sys);
    expect(
      refused(await osloAdmin.command('CREATE_VENDOR', { ...base(oslo), orgNumber: '923609017' })),
    ).toEqual({
      orgNumber: 'validation.orgNumberNO',
    });
    expect(
      refused(await osloAdmin.command('CREATE_VENDOR', { ...base(oslo), country: 'DK' })),
    ).toEqual({ orgNumber: 'validation.orgNumberDK' });
    expect(
      refused(
        await osloAdmin.command('CREATE_VENDOR', {
          ...base(oslo),
          sites: [
            { code: 'A1', name: 'One' },
            { code: 'a1', name: 'Two' },
          ],
        }),
      ),
    ).toEqual({ 'sites.1.code': 'validation.duplicateSiteCode' });
    // Another department is named as a reference: 404, as reading it (0039).
    expect((await osloAdmin.command('CREATE_VENDOR', base(bergen))).status).toBe(404);
    expect(await countEvents(sys)).toBe(before);
  });

  it('S7-CMD-053 CONNECT_UNITS_TO_VENDOR_SITE connects units to a site, moves a unit between sites and vendors, refuses a unit of another department and an unknown site with nothing written, and a vendor with units is not deleted', async () => {
    const a = (await osloAdmin.command('CREATE_VENDOR', base(oslo, 'Alpha'))).body.ids[0] as string;
    const b = (await osloAdmin.command('CREATE_VENDOR', base(oslo, 'Beta'))).body.ids[0] as string;
    const connect = (vendorId: string, siteCode: string, unitIds: string[]) =>
      osloAdmin.command('CONNECT_UNITS_TO_VENDOR_SITE', { vendorId, siteCode, unitIds });

    expect((await connect(a, 'OSL1', osloUnits)).status).toBe(200);
    expect((await read(osloAdmin, a)).body.units).toEqual({ OSL1: osloUnits });
    // Moved to the other site of the same vendor, then to the other vendor.
    expect((await connect(a, 'OSL2', [osloUnits[1]])).status).toBe(200);
    expect((await read(osloAdmin, a)).body.units).toEqual({
      OSL1: [osloUnits[0]],
      OSL2: [osloUnits[1]],
    });
    expect((await connect(b, 'osl1', [osloUnits[0]])).status).toBe(200);
    expect((await read(osloAdmin, a)).body.units).toEqual({ OSL2: [osloUnits[1]] });
    expect((await read(osloAdmin, b)).body.units).toEqual({ OSL1: [osloUnits[0]] });

    const before = await countEvents(sys);
    // Another department's unit: not readable by this admin (404, as reading it); as the system,
    // a unit of another department than the vendor's (400 on unitIds).
    expect((await connect(a, 'OSL1', [bergenUnit])).status).toBe(404);
    expect(
      refused(
        await sys.command('CONNECT_UNITS_TO_VENDOR_SITE', {
          vendorId: a,
          siteCode: 'OSL1',
          unitIds: [bergenUnit],
        }),
      ),
    ).toEqual({ unitIds: 'validation.unknownId' });
    expect(refused(await connect(a, 'NOPE', [osloUnits[0]]))).toEqual({
      siteCode: 'validation.unknownSite',
    });
    const deleted = await osloAdmin.command('DELETE_VENDOR', { id: b });
    expect(deleted.status).toBe(409);
    // A site with units is not removed by an edit.
    expect(
      refused(
        await osloAdmin.command('UPDATE_VENDOR', { id: a, sites: [{ code: 'OSL1', name: 'A' }] }),
      ),
    ).toEqual({ sites: 'validation.siteHasUnits' });
    expect(await countEvents(sys)).toBe(before);

    // Released (an empty list), the vendor is deleted.
    expect((await connect(b, 'OSL1', [])).status).toBe(200);
    expect((await osloAdmin.command('DELETE_VENDOR', { id: b })).status).toBe(200);
  });

  it('S7-CALL-058 S6-ROLE-034 S6-ROLE-035 the department pickers answer only what the caller reaches', async () => {
    const names = (res: { body: unknown }) => (res.body as Row[]).map((r) => r.name).sort();
    const adminLevel = await osloAdmin.query('allDepartmentsWithAdminLevelAccess', {});
    expect(adminLevel.status).toBe(200);
    expect(names(adminLevel)).toEqual(['Oslo', 'Stockholm']);
    expect(names(await planner.query('allDepartmentsWithAdminLevelAccess', {}))).toEqual([]);
    expect(names(await sys.query('allDepartmentsWithAdminLevelAccess', {}))).toEqual(
      expect.arrayContaining(['Oslo', 'Bergen', 'Stockholm']),
    );

    const same = await osloAdmin.query('departmentsInSameCountry', { departmentId: oslo });
    expect(same.status).toBe(200);
    // Bergen is Norwegian too, but outside the caller's access.
    expect(names(same)).toEqual(['Oslo']);
    expect(names(await sys.query('departmentsInSameCountry', { departmentId: oslo }))).toEqual(
      expect.arrayContaining(['Oslo', 'Bergen']),
    );
    expect(
      names(await sys.query('departmentsInSameCountry', { departmentId: oslo })),
    ).not.toContain('Stockholm');
    expect((await osloAdmin.query('departmentsInSameCountry', {})).status).toBe(400);
    expect(
      (await osloAdmin.query('departmentsInSameCountry', { departmentId: bergen })).status,
    ).toBe(403);
  });
});
