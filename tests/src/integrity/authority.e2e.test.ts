import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commandPermissions, type CommandName } from '@nordlog/contracts';
import {
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
  storeHead,
} from '../support/system.js';
import { peopleCases } from './authority/casesPeople.js';
import { settingsCases } from './authority/casesSettings.js';
import { buildWorld, type AdminCase, type World } from './authority/world.js';

/**
 * For every command that needs an ADMIN_* flag: what a scoped admin (Bergen only) does outside its
 * departments or beyond what it holds (refused, 403, nothing changes) and inside them (done).
 * `inside: null`: the command needs every department, so a scoped admin never may.
 * Typed and checked by the permission table: a new admin command needs its cases here.
 */
const cases: Partial<Record<CommandName, AdminCase>> = { ...peopleCases, ...settingsCases };

/** Commands that need an admin flag (every flag they accept is an ADMIN_* flag). */
const adminCommands = (Object.keys(commandPermissions) as CommandName[]).filter((name) => {
  const { flags } = commandPermissions[name];
  return flags.length > 0 && flags.every((f) => f.startsWith('ADMIN_'));
});

/**
 * Authority (docs/decisions/0018): a grant never exceeds the granter (roles, flags, departments),
 * and the scoped ADMIN_* flags act only inside the user's departments.
 */
describe('a scoped admin acts only inside its departments and never gives more than it holds', () => {
  let sys: TestSystem;
  let world: World;
  let admin: Client;
  const head = () => storeHead(sys);

  beforeAll(async () => {
    sys = await startTestSystem();
    ({ world, admin } = await buildWorld(sys));
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('every admin command has its cases', () => {
    expect(adminCommands.filter((name) => !cases[name])).toEqual([]);
  });

  for (const name of adminCommands) {
    it(`${name}: refused outside the admin's departments or authority, with nothing changed; done inside`, async () => {
      const c = cases[name]!;
      for (const payload of c.outside) {
        const before = await head();
        const res = await admin.command(name, payload(world));
        expect({
          name,
          payload: payload(world),
          status: res.status,
          errorType: res.body[0]?.errorType,
        }).toEqual(
          // Acting on an entity outside: 403; naming one (a reference): 404 as reading it (0039).
          expect.objectContaining(
            res.status === 404
              ? { status: 404, errorType: 'NOT_FOUND' }
              : { status: 403, errorType: 'NO_ACCESS' },
          ),
        );
        expect(await head()).toBe(before);
      }
      if (c.inside) {
        const res = await admin.command(name, c.inside(world));
        expect({ name, status: res.status, body: res.body }).toEqual(
          expect.objectContaining({ status: 200 }),
        );
      }
    });
  }

  it('S6-FLAG-004 ADMIN_CUSTOMER_ALL acts on customers of every department', async () => {
    const all = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [world.bergen],
        access: ['ADMIN_CUSTOMER_ALL'],
      }),
    );
    expect(
      (await all.command('UPDATE_CUSTOMER', { id: world.osloCustomer, orgNumber: '923456783' }))
        .status,
    ).toBe(200);
    expect((await all.command('CREATE_CUSTOMER', { name: 'Anywhere AS' })).status).toBe(200);
  });
});
