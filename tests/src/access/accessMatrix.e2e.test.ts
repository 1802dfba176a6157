import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  commandPermissions,
  publicCommands,
  externalOrdersPath,
  integrationQueryPaths,
  defaultAccess,
  denial,
  downloadPermissions,
  queryPermissions,
  roles,
  type Identity,
  type Role,
} from '@nordlog/contracts';
import {
  freshPhone,
  startTestSystem,
  type Session,
  type TestSystem,
  createFirstDepartmentAndCustomer,
} from '../support/system.js';
import { connectSocket } from '../support/socket.js';
import { withKey } from '../support/apiKeys.js';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { countEvents } from '../support/events.js';

const DATE = bookingDate();

describe('access control on the server (spec §6, one table in contracts)', () => {
  let sys: TestSystem;
  const sessions = new Map<Role, Session>();
  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    for (const role of roles) {
      sessions.set(
        role,
        await sys.login({
          phoneNumber: freshPhone(),
          role,
          departmentIds: ['1'],
          customerId: role === 'CUSTOMER' ? '1' : null,
        }),
      );
    }
  });
  afterAll(async () => sys.shutdown());

  it('not logged in: 401 on queries and commands', async () => {
    expect((await sys.as(null).query('departments', {})).status).toBe(401);
    const res = await sys.as(null).command('CREATE_DEPARTMENT', {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual([{ errorType: 'NOT_LOGGED_IN', description: 'Not logged in' }]);
  });

  it('not logged in: /openapi/command runs the public commands (the recipient answers, 0063) and refuses every other 401', async () => {
    expect(publicCommands).toEqual([
      'RECIPIENT_REQUEST_DAY',
      'RECIPIENT_LEAVE_AT_DOOR',
      'RECIPIENT_CHOOSE_PICKUP_POINT',
      'RECIPIENT_RATE_DELIVERY',
    ]);
    const before = await countEvents(sys);
    for (const name of Object.keys(commandPermissions)) {
      const res = await fetch(`${sys.url}/openapi/command/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: name, payload: {} }),
      });
      const body = (await res.json()) as { errorType: string }[];
      const open = publicCommands.includes(name as never);
      // A public command reaches its schema (400: the empty payload), no other gets that far.
      expect({ name, status: res.status, errorType: body[0]!.errorType }).toEqual({
        name,
        status: open ? 400 : 401,
        errorType: open ? 'VALIDATION_ERROR' : 'NOT_LOGGED_IN',
      });
    }
    expect(await countEvents(sys)).toBe(before);
  });

  it('a command without the session CSRF token is refused (403)', async () => {
    const res = await sys
      .as({ cookie: sys.admin.cookie, csrf: 'wrong' })
      .command('CREATE_DEPARTMENT', { name: 'X', departmentType: 'courier', country: 'NO' });
    expect(res.status).toBe(403);
    expect(res.body[0].errorType).toBe('NO_ACCESS');
  });

  for (const role of roles) {
    it(`S6-ROLE-016 S6-ROLE-007 every command and query as ${role}: allowed or denied exactly as the table says, and a denied command changes nothing`, async () => {
      const identity: Identity = {
        userId: 'x',
        role,
        access: [...defaultAccess[role]],
        departmentIds: role === 'ADMIN' ? '*' : ['1'],
        customerId: role === 'CUSTOMER' ? '1' : null,
      };
      const client = sys.as(sessions.get(role)!);
      const before = await countEvents(sys);
      for (const [name, permission] of Object.entries(commandPermissions)) {
        const res = await client.command(name, {});
        const denied = denial(identity, permission, 'command') !== null;
        expect({ name, status: res.status === 403 ? 403 : 'not 403' }).toEqual({
          name,
          status: denied ? 403 : 'not 403',
        });
        if (denied) expect(res.body[0].errorType).toBe('NO_ACCESS');
      }
      expect(await countEvents(sys)).toBe(before);
      for (const [name, permission] of Object.entries(queryPermissions)) {
        const res = await client.query(name, {});
        const denied = denial(identity, permission, 'query') !== null;
        expect({ name, status: res.status === 403 ? 403 : 'not 403' }).toEqual({
          name,
          status: denied ? 403 : 'not 403',
        });
      }
      // The file downloads (contracts/src/downloads.ts), at the spec's path and under /api.
      for (const [path, permission] of Object.entries(downloadPermissions)) {
        const denied = denial(identity, permission, 'query') !== null;
        for (const url of [path, `/api${path}`]) {
          const res = await fetch(`${sys.url}${url}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: sessions.get(role)!.cookie,
              'x-csrf-token': sessions.get(role)!.csrf,
            },
            body: '{}',
          });
          await res.arrayBuffer();
          expect({ url, status: res.status === 403 ? 403 : 'not 403' }).toEqual({
            url,
            status: denied ? 403 : 'not 403',
          });
        }
      }
    });
  }

  it('department scoping: a planner neither books for nor changes orders of another department, nor sees them', async () => {
    const dep = (name: string) =>
      sys.command('CREATE_DEPARTMENT', { name, departmentType: 'courier', country: 'NO' });
    await configureNumberSeries(sys);
    const mine = (await dep('Mine')).body.ids[0];
    const other = (await dep('Other')).body.ids[0];
    const planner = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [mine],
    });
    const block = osloAddress;
    const order = (departmentId: string) => ({
      departmentId,
      customerId: '1',
      pickupDate: DATE,
      pickup: block,
      delivery: block,
      measurements: [{ weight: 1 }],
    });
    // Naming another department's entity is refused as reading it is: 404 (docs/decisions/0039).
    expect((await sys.as(planner).command('CREATE_ORDER', order(other))).status).toBe(404);
    const theirs = (await sys.command('CREATE_ORDER', order(other))).body.ids[0];
    expect(
      (
        await sys
          .as(planner)
          .command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: [theirs], slotId: '1' })
      ).status,
    ).toBe(404);
    const ours = (await sys.as(planner).command('CREATE_ORDER', order(mine))).body.ids[0];
    await sys.settled();
    const seen = (await sys.as(planner).query('consignments', { fromDate: DATE })).body.map(
      (r: { id: string }) => r.id,
    );
    expect(seen).toEqual([ours]);
    expect(
      (await sys.as(planner).query('consignments', { departmentIds: [other], fromDate: DATE }))
        .body,
    ).toEqual([]);
  });

  it("the API key paths (0069): no role's session opens them (401); a key opens them as its customer and nothing under the session's /api", async () => {
    const paths = [...Object.keys(integrationQueryPaths), externalOrdersPath];
    for (const role of roles)
      for (const path of paths) {
        const res = await withKey(sys.url, path, null, {
          method: path === externalOrdersPath ? 'POST' : 'GET',
          headers: { cookie: sessions.get(role)!.cookie, 'x-csrf-token': sessions.get(role)!.csrf },
          ...(path === externalOrdersPath ? { body: {} } : {}),
        });
        expect({ role, path, status: res.status }).toEqual({ role, path, status: 401 });
      }
    const created = await sys.command('CREATE_API_KEY', { customerId: '1', label: 'Matrix' });
    const key = created.body.apiKey.key as string;
    await sys.settled();
    for (const path of paths) {
      // Valid-looking calls of data that does not exist: refused as not found or invalid, never
      // as unauthorised or forbidden.
      const res =
        path === externalOrdersPath
          ? await withKey(sys.url, path, key, { body: {} })
          : await withKey(sys.url, `${path}?customerId=1&postalCode=0155&serviceCode=X`, key);
      expect({ path, denied: [401, 403].includes(res.status) }).toEqual({ path, denied: false });
    }
    for (const name of ['CREATE_ORDER', 'CREATE_API_KEY'])
      expect(
        (await withKey(sys.url, `/api/command/${name}`, key, { body: { type: name, payload: {} } }))
          .status,
      ).toBe(401);
    expect(
      (await withKey(sys.url, '/api/query/apiKeys', key, { body: { params: { customerId: '1' } } }))
        .status,
    ).toBe(401);
  });

  it('the socket needs a session: without one it gets login and 3001; logout closes it the same way', async () => {
    const anonymous = await connectSocket(sys.url, '');
    expect(await anonymous.closed).toBe(3001);
    expect(anonymous.received).toContain('login');
    const session = await sys.login({
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: ['1'],
    });
    const socket = await connectSocket(sys.url, '', { cookie: session.cookie });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.isOpen()).toBe(true);
    await fetch(`${sys.url}/auth/logout`, { method: 'POST', headers: { cookie: session.cookie } });
    expect(await socket.closed).toBe(3001);
    expect(socket.received).toContain('login');
  });
});
