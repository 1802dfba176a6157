import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pseudonymText, pseudonymousReservationStream } from '@nordlog/contracts';
import { isReachable, LOCAL_SERVER_URL } from '../support/database.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';

/**
 * Phone numbers and e-mail addresses belong to one user at a time (docs/decisions/0013), through
 * the command API as an ADMIN, on the machine's local PostgreSQL server.
 */
describe('unique phone numbers and e-mail addresses across users', () => {
  let sys: TestSystem;
  const eventCount = async () =>
    Number((await sys.db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count);
  const user = (phoneNumber: string, extra: Record<string, unknown> = {}) => ({
    name: 'Some User',
    phoneNumber,
    role: 'PLANNER',
    ...extra,
  });
  const idOf = (res: { status: number; body: any }) => {
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };
  const usersWith = async (phoneNumber: string) => {
    await sys.settled();
    return (await sys.db.knex('rm_users').where({ phone_number: phoneNumber, deleted: false }))
      .length;
  };

  beforeAll(async () => {
    if (!(await isReachable(LOCAL_SERVER_URL)))
      throw new Error(`local PostgreSQL server not reachable at ${LOCAL_SERVER_URL}`);
    sys = await startTestSystem({ serverUrl: LOCAL_SERVER_URL });
  });
  afterAll(async () => sys.shutdown());

  it('S5-VAL-012 CREATE_USER and CREATE_PLANNER refuse a number another user has, however it is written (409 PHONE_NUMBER_TAKEN), appending nothing', async () => {
    const phone = freshPhone();
    idOf(await sys.command('CREATE_USER', user(phone)));
    const before = await eventCount();
    const spaced = `00${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;
    const again = await sys.command('CREATE_USER', user(spaced, { role: 'ADMIN' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual([
      {
        errorType: 'PHONE_NUMBER_TAKEN',
        description: `phoneNumber: another user has the phone number ${phone}`,
        params: { phoneNumber: phone },
      },
    ]);
    const planner = await sys.command('CREATE_PLANNER', { name: 'P', phoneNumber: phone });
    expect(planner.status).toBe(409);
    expect(planner.body[0].errorType).toBe('PHONE_NUMBER_TAKEN');
    expect(await eventCount()).toBe(before);
    expect(await usersWith(phone)).toBe(1);
  });

  it('UPDATE_USER and UPDATE_PLANNER refuse another user’s number and keep the user as it was; a user keeps its own', async () => {
    const [a, b] = [freshPhone(), freshPhone()];
    const ida = idOf(await sys.command('CREATE_USER', user(a)));
    const idb = idOf(await sys.command('CREATE_PLANNER', { name: 'Planner B', phoneNumber: b }));
    const before = await eventCount();
    for (const [type, id] of [
      ['UPDATE_USER', ida],
      ['UPDATE_PLANNER', idb],
    ] as const) {
      const res = await sys.command(type, { id, phoneNumber: id === ida ? b : a, name: 'Renamed' });
      expect([type, res.status, res.body[0].errorType]).toEqual([type, 409, 'PHONE_NUMBER_TAKEN']);
    }
    expect(await eventCount()).toBe(before);
    await sys.settled();
    const [rowA] = (await sys.query('users', { ids: [ida] })).body;
    expect(rowA).toMatchObject({ name: 'Some User', phoneNumber: a });
    // Its own number, written differently, is no conflict.
    expect(
      (await sys.command('UPDATE_USER', { id: ida, phoneNumber: a.replace('+', '00'), name: 'A' }))
        .body.events,
    ).toEqual(['UserUpdated']);
  });

  it('a changed number is released for others; DELETE_USER releases number and e-mail', async () => {
    const [old, moved, gone] = [freshPhone(), freshPhone(), freshPhone()];
    const id = idOf(await sys.command('CREATE_USER', user(old)));
    idOf(await sys.command('UPDATE_USER', { id, phoneNumber: moved }));
    idOf(await sys.command('CREATE_USER', user(old)));
    expect((await sys.command('CREATE_USER', user(moved))).status).toBe(409);

    const leaving = idOf(
      await sys.command('CREATE_USER', user(gone, { email: 'leaving@example.com' })),
    );
    expect(
      (await sys.command('CREATE_USER', user(freshPhone(), { email: 'Leaving@Example.com' })))
        .body[0].errorType,
    ).toBe('EMAIL_TAKEN');
    idOf(await sys.command('DELETE_USER', { id: leaving }));
    idOf(await sys.command('CREATE_USER', user(gone, { email: 'leaving@example.com' })));
    expect(await usersWith(gone)).toBe(1);
  });

  it('e-mail addresses are unique without regard to case: CREATE_USER, UPDATE_PLANNER and claim-email (409 EMAIL_TAKEN)', async () => {
    idOf(await sys.command('CREATE_USER', user(freshPhone(), { email: 'kari@example.com' })));
    const planner = idOf(
      await sys.command('CREATE_PLANNER', { name: 'Planner', phoneNumber: freshPhone() }),
    );
    const before = await eventCount();
    const taken = await sys.command('UPDATE_PLANNER', { id: planner, email: 'KARI@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual([
      {
        errorType: 'EMAIL_TAKEN',
        description: 'email: another user has the e-mail address KARI@example.com',
        params: { email: 'KARI@example.com' },
      },
    ]);
    expect(await eventCount()).toBe(before);

    const phone = freshPhone();
    const session = await sys.login({ phoneNumber: phone, role: 'PLANNER', requiresEmail: true });
    const claim = await fetch(`${sys.url}/auth/claim-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie },
      body: JSON.stringify({ email: 'Kari@Example.com' }),
    });
    expect(claim.status).toBe(409);
    expect(((await claim.json()) as { errorType: string }[])[0]!.errorType).toBe('EMAIL_TAKEN');
    const me = (await (
      await fetch(`${sys.url}/auth/user`, { headers: { cookie: session.cookie } })
    ).json()) as { email: string | null; requiresEmail: boolean };
    expect(me).toMatchObject({ email: null, requiresEmail: true });
  });

  it('two concurrent CREATE_USER with one number: exactly one succeeds, the others get PHONE_NUMBER_TAKEN', async () => {
    for (let round = 0; round < 3; round++) {
      const phone = freshPhone();
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          sys.command('CREATE_USER', user(phone, { name: `Racer ${i}` })),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const r of results.filter((x) => x.status !== 200))
        expect(r.body[0].errorType).toBe('PHONE_NUMBER_TAKEN');
      expect(await usersWith(phone)).toBe(1);
      // Reserved under the installation's pseudonym of the number, never the number (0050).
      const pseudonym = sys.store.keys.pseudonym(pseudonymText('phoneNumber', phone));
      const reservations = await sys.db
        .knex('es_events')
        .where({ stream_id: pseudonymousReservationStream('phoneNumber', pseudonym) })
        .select('type', 'data');
      const winner = results.find((r) => r.status === 200)!.body.ids[0];
      expect(reservations).toEqual([
        {
          type: 'UniqueValueReserved',
          data: { kind: 'phoneNumber', value: pseudonym, ownerId: winner },
        },
      ]);
    }
  });

  it('concurrent creates and updates that take one number: exactly one owner', async () => {
    const phone = freshPhone();
    const ids = await Promise.all(
      [0, 1, 2].map(async () => idOf(await sys.command('CREATE_USER', user(freshPhone())))),
    );
    const results = await Promise.all([
      ...ids.map((id) => sys.command('UPDATE_USER', { id, phoneNumber: phone })),
      sys.command('CREATE_PLANNER', { name: 'Late planner', phoneNumber: phone }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 409 && r.body[0].errorType === 'PHONE_NUMBER_TAKEN'),
    ).toHaveLength(3);
    expect(await usersWith(phone)).toBe(1);
  });
});
