import { describe, expect, it } from '@jest/globals';
import { defaultAccess, expandIdentity, type Identity } from '@nordlog/contracts';
import { matches, parseContext } from './context.js';

const identity = (role: 'ADMIN' | 'PLANNER', departmentIds: string[] | '*'): Identity => ({
  userId: '1',
  role,
  access: [...defaultAccess[role]],
  departmentIds,
  customerId: null,
});
const change = (entity: string, departmentId: string | null) => ({
  entity,
  id: '1',
  scope: { departmentId, customerId: null, date: null, state: null, departmentIds: null },
});
const context = parseContext(new URLSearchParams(''), '2026-11-22');

describe('socket filter (0011)', () => {
  it('rows of an admin resource reach only users whose access reads that resource', () => {
    const admin = identity('ADMIN', '*');
    const planner = identity('PLANNER', ['1']);
    expect(matches(context, admin, change('numberSeries', null))).toBe(true);
    expect(matches(context, planner, change('numberSeries', null))).toBe(false);
    expect(matches(context, planner, change('users', null))).toBe(false);
    // Holidays: PLANNER_BOOKING reads them; departments: everybody.
    expect(matches(context, planner, change('holidays', null))).toBe(true);
    expect(matches(context, planner, change('departments', '1'))).toBe(true);
  });
  it('a group_{n} user sees the changes of the group’s current departments', () => {
    const raw = identity('PLANNER', ['group_7']);
    expect(matches(context, raw, change('consignments', '3'))).toBe(false);
    const expanded = expandIdentity(raw, new Map([['7', ['3']]]));
    expect(matches(context, expanded, change('consignments', '3'))).toBe(true);
    expect(matches(context, expanded, change('consignments', '4'))).toBe(false);
  });
});

describe('CSRF is required on every path that may change something', () => {
  it('any method but GET, HEAD and OPTIONS, on any path but the queries, in any case', async () => {
    const { needsCsrf } = await import('../auth/authenticate.js');
    expect(needsCsrf('POST', '/command/X')).toBe(true);
    expect(needsCsrf('POST', '/Command/X')).toBe(true);
    expect(needsCsrf('post', '//COMMAND/X')).toBe(true);
    expect(needsCsrf('PUT', '/rest/customers/1')).toBe(true);
    expect(needsCsrf('DELETE', '/anything-new')).toBe(true);
    expect(needsCsrf('POST', '/query/departments')).toBe(false);
    expect(needsCsrf('POST', '/Query/departments')).toBe(false);
    expect(needsCsrf('GET', '/command/X')).toBe(false);
    expect(needsCsrf('HEAD', '/rest/users')).toBe(false);
  });

  it('the content security policy names the configured tile server', async () => {
    const { tileOrigins } = await import('../security.js');
    expect(tileOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.example.org',
    ]);
    expect(tileOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://tile.openstreetmap.org',
    ]);
    expect(tileOrigins('/tiles/{z}/{x}/{y}.png')).toEqual([]);
  });
});
