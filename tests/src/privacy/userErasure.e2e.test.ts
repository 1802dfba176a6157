import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ERASED_TEXT,
  pseudonymText,
  pseudonymousReservationStream,
  type PersonalDataAnswer,
} from '@nordlog/contracts';
import { isReachable, LOCAL_SERVER_URL } from '../support/database.js';
import { freshPhone, startTestSystem, type TestSystem } from '../support/system.js';
import { liveAndRebuilt, tablesHolding } from './scan.js';

/**
 * A user's personal data erased on request (issue 38, docs/decisions/0050-personal-data.md,
 * addendum): a user's name, phone, e-mail and courier details are sealed under the user's own key;
 * ERASE_PERSONAL_DATA {userIds} deletes the user and the key in one append, releases its phone and
 * e-mail (reserved under their pseudonyms, so the reservations hold nothing of the person), and
 * the gateway's sessions, codes and messages of the user go with it.
 */
describe('erasure of a user (ERASE_PERSONAL_DATA userIds)', () => {
  let sys: TestSystem;
  const depot = { id: '' };

  beforeAll(async () => {
    if (!(await isReachable(LOCAL_SERVER_URL)))
      throw new Error(`local PostgreSQL server not reachable at ${LOCAL_SERVER_URL}`);
    sys = await startTestSystem({ serverUrl: LOCAL_SERVER_URL });
    const dep = await sys.command('CREATE_DEPARTMENT', {
      name: 'Erasure depot',
      departmentType: 'courier',
      country: 'NO',
      location: { lat: 59.91, lng: 10.75 },
    });
    expect(dep.status).toBe(200);
    depot.id = dep.body.ids[0];
  }, 120_000);
  afterAll(async () => sys?.shutdown());

  it('a planner and a courier: every table, the stored events and a rebuild lose their data; the phone is free again; the session ends', async () => {
    const phone = freshPhone();
    const courierPhone = freshPhone();
    const email = `w.q.${process.pid}@example.org`;
    const planner = await sys.login({
      name: 'Wibble Quist',
      phoneNumber: phone,
      email,
      role: 'PLANNER',
      departmentIds: [depot.id],
    });
    const courier = await sys.command('CREATE_COURIER_USER', {
      name: 'Zoltan Brimble',
      phoneNumber: courierPhone,
      departmentId: depot.id,
      driverId: 'DRV-ZB-4471',
      dateOfBirth: '1987-03-14',
      secureLoginEnabled: true,
    });
    expect(courier.status).toBe(200);
    const courierId = courier.body.ids[0] as string;
    // The planner asks for a login code again: a code and a message wait for the phone.
    await fetch(`${sys.url}/auth/request-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: phone }),
    });
    await sys.settled();
    const searched = [
      'Wibble',
      'Quist',
      phone,
      email,
      'Brimble',
      courierPhone,
      'DRV-ZB',
      '1987-03-14',
    ];
    // Sealed in the stored events from the start; held by the read models and the gateway.
    const stored = await sys.db.knex.raw<{ rows: { n: number }[] }>(
      `select count(*)::int as n from es_events t where t::text ilike any(?)`,
      [searched.map((s) => `%${s}%`)],
    );
    expect(stored.rows[0]!.n).toBe(0);
    expect(await tablesHolding(sys, ['Wibble', 'Brimble'])).not.toEqual([]);
    const found = (await sys.query('personalData', { phoneNumber: phone }))
      .body as PersonalDataAnswer;
    const userId = found.users.map((u) => u.id)[0]!;
    expect(found.users.map((u) => u.name)).toEqual(['Wibble Quist']);

    const res = await sys.command('ERASE_PERSONAL_DATA', { userIds: [userId, courierId] });
    expect(res.status).toBe(200);
    // Each user's own stream; the releases of their phone and e-mail go in the same appends.
    expect(res.body.events).toEqual([
      'UserDeleted',
      'PersonalDataErased',
      'UserDeleted',
      'PersonalDataErased',
    ]);
    await sys.settled();

    expect(await tablesHolding(sys, searched)).toEqual([]);
    const row = await sys.db.knex('rm_users').where({ id: userId }).first();
    expect(row).toMatchObject({ name: ERASED_TEXT, phone_number: '', deleted: true });
    expect(
      ((await sys.query('personalData', { phoneNumber: phone })).body as PersonalDataAnswer).users,
    ).toEqual([]);
    // The erased user's session is over.
    expect((await sys.as(planner).query('departments', {})).status).toBe(401);
    // Its phone and e-mail are free for another user at once.
    const again = await sys.command('CREATE_USER', {
      name: 'Another Person',
      phoneNumber: phone,
      email,
      role: 'PLANNER',
    });
    expect(again.status).toBe(200);
    // Erasing again appends nothing.
    const twice = await sys.command('ERASE_PERSONAL_DATA', { userIds: [userId] });
    expect(twice.status).toBe(200);
    expect(twice.body.events).toEqual([]);

    // A rebuild gives the read models the live projector has.
    const { live, rebuilt } = await liveAndRebuilt(sys);
    expect(rebuilt).toEqual(live);
    expect(await tablesHolding(sys, ['Wibble', 'Brimble', 'DRV-ZB'])).toEqual([]);
  }, 120_000);

  it("reservations name a phone number by the installation's pseudonym, and an older plain reservation still holds its number", async () => {
    const phone = freshPhone();
    const created = await sys.command('CREATE_USER', {
      name: 'Plain Holder',
      phoneNumber: phone,
      role: 'PLANNER',
    });
    expect(created.status).toBe(200);
    const pseudonym = sys.store.keys.pseudonym(pseudonymText('phoneNumber', phone));
    const streams = (
      await sys.db
        .knex('es_events')
        .where({ stream_id: pseudonymousReservationStream('phoneNumber', pseudonym) })
    ).length;
    expect(streams).toBe(1);
    expect(
      await sys.db.knex('es_events').where({ stream_id: `unique-phoneNumber-${phone}` }),
    ).toEqual([]);

    // An installation from before pseudonyms reserved numbers in plain streams: they still hold.
    const legacy = freshPhone();
    await sys.store.stored.appendToStream(
      `unique-phoneNumber-${legacy}`,
      'no_stream',
      [
        {
          type: 'UniqueValueReserved',
          data: { kind: 'phoneNumber', value: legacy, ownerId: created.body.ids[0] },
        },
      ],
      {
        commandId: crypto.randomUUID(),
        correlationId: crypto.randomUUID(),
        causationId: 'test',
        userId: 'system',
        occurredAt: new Date().toISOString(),
        commandType: 'CREATE_USER',
      },
    );
    const taken = await sys.command('CREATE_USER', {
      name: 'Late Comer',
      phoneNumber: legacy,
      role: 'PLANNER',
    });
    expect(taken.status).toBe(409);
    expect(taken.body[0].errorType).toBe('PHONE_NUMBER_TAKEN');
  });

  it('refuses an admin erasing their own user (400), and needs orderIds or userIds', async () => {
    const admin = await sys.db
      .knex('rm_users')
      .where({ name: 'Test Admin' })
      .first<{ id: string }>('id');
    const self = await sys.command('ERASE_PERSONAL_DATA', { userIds: [String(admin?.id)] });
    expect(self.status).toBe(400);
    expect((await sys.command('ERASE_PERSONAL_DATA', {})).status).toBe(400);
  });
});
