import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshPhone, startTestSystem, type Session, type TestSystem } from '../support/system.js';

/**
 * Spec §7 query names, reference data: the department queries (departments,
 * departmentsInSameCountry {departmentId}, allDepartmentsWithAdminLevelAccess,
 * departmentTimeWindows {departmentId}), each at POST /api/query/{name} with {query, params}.
 */
describe('the department queries', () => {
  let sys: TestSystem;
  let planner: Session;
  const ids: Record<string, string> = {};
  const names = (body: { name: string }[]) => body.map((d) => d.name).sort();

  beforeAll(async () => {
    sys = await startTestSystem();
    for (const [name, country] of [
      ['Oslo', 'NO'],
      ['Bergen', 'NO'],
      ['Stockholm', 'SE'],
    ] as const)
      ids[name] = (
        await sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country })
      ).body.ids[0];
    planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [ids.Oslo, ids.Bergen],
    });
    await sys.settled();
  }, 60_000);
  afterAll(async () => {
    await sys?.shutdown();
  });

  it('S7-CALL-056 each is answered at POST /api/query/{name}: 200 with departments to an authorised user, 400 without its required department, refused to a user outside it or not logged in', async () => {
    const asPlanner = sys.as(planner);
    // departments: the caller's departments.
    const all = await sys.query('departments', {});
    expect(all.status).toBe(200);
    expect(names(all.body)).toEqual(['Bergen', 'Oslo', 'Stockholm']);
    const own = await asPlanner.query('departments', {});
    expect(own.status).toBe(200);
    expect(names(own.body)).toEqual(['Bergen', 'Oslo']);
    // departmentsInSameCountry {departmentId}: the Norwegian ones.
    const same = await asPlanner.query('departmentsInSameCountry', { departmentId: ids.Oslo });
    expect(same.status).toBe(200);
    expect(names(same.body)).toEqual(['Bergen', 'Oslo']);
    expect((await asPlanner.query('departmentsInSameCountry', {})).status).toBe(400);
    const outside = await asPlanner.query('departmentsInSameCountry', {
      departmentId: ids.Stockholm,
    });
    expect(outside.status).toBe(403);
    // allDepartmentsWithAdminLevelAccess: every department to an ADMIN, none to a planner.
    const admin = await sys.query('allDepartmentsWithAdminLevelAccess', {});
    expect(admin.status).toBe(200);
    expect(names(admin.body)).toEqual(['Bergen', 'Oslo', 'Stockholm']);
    expect((await asPlanner.query('allDepartmentsWithAdminLevelAccess', {})).body).toEqual([]);
    // departmentTimeWindows {departmentId}.
    const windows = await asPlanner.query('departmentTimeWindows', { departmentId: ids.Oslo });
    expect(windows.status).toBe(200);
    expect(windows.body).toEqual(expect.objectContaining({ id: ids.Oslo }));
    expect((await asPlanner.query('departmentTimeWindows', {})).status).toBe(400);
    expect(
      (await asPlanner.query('departmentTimeWindows', { departmentId: ids.Stockholm })).status,
    ).toBe(403);
    // Not logged in: refused.
    const anonymous = await fetch(`${sys.url}/api/query/departments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'departments', params: {} }),
    });
    expect(anonymous.status).toBe(401);
  });
});
