import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StreamStates, executeCommand } from '@nordlog/command-service';
import {
  AppError,
  SYSTEM_IDENTITY,
  shdCapacityStream,
  shdSettingsStream,
} from '@nordlog/contracts';
import {
  PostgresEventStore,
  PostgresIdAllocator,
  silentLogger,
  type StreamAppend,
} from '@nordlog/platform';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { passThrough } from '../support/countingStore.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

type Item = { errorType?: string; params?: { field?: string; key?: string } };
const SHD = 'SHD_HOME';

/**
 * A booking's same-day home delivery place rests on the department's settings it read
 * (docs/decisions/0092-shd.md, addendum): the settings stream is in the booking's atomic append at
 * the revision read, so a switch-off or a lower capacity that lands between the booking's read
 * and its append refuses it (off: 400 `validation.shdOff`; another change: a concurrency conflict,
 * decided on the new settings when sent again), and it takes no place under settings gone. Made
 * deterministic by changing the settings inside the booking: after the handler read them, or
 * just before the executor's append.
 */
describe('SHD bookings racing a settings change', () => {
  let db: TestDatabase;
  /** Runs once: before the next read of `stream`, or (no stream) before the booking's append. */
  let hook: { stream?: string; interleave: () => Promise<void> } | null = null;
  const appends: StreamAppend[][] = [];
  let send: (name: string, payload: unknown) => Promise<{ status: number; body: any }>;
  let department: string;
  let customer: string;

  const fire = async () => {
    const h = hook;
    hook = null;
    await h!.interleave();
  };
  const ok = async (name: string, payload: unknown) => {
    const res = await send(name, payload);
    if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
    return res.body.ids as string[];
  };
  const settings = (enabled: boolean, dailyCapacity: number) =>
    ok('UPSERT_SHD_SETTINGS', {
      departmentId: department,
      enabled,
      serviceIds: [SHD],
      dailyCapacity,
    });
  const book = (date: string) =>
    send('CREATE_ORDER', {
      departmentId: department,
      customerId: customer,
      pickupDate: date,
      serviceId: SHD,
      pickup: osloAddress,
      delivery: { ...osloAddress, name: 'Kari Nordmann' },
      measurements: [{ weight: 1 }],
    });
  const places = async (date: string) =>
    (await db.knex('es_events').where({ stream_id: shdCapacityStream(department, date) })).length;
  const keys = (res: { status: number; body: unknown }) => ({
    status: res.status,
    keys: (res.body as Item[]).map((i) => i.params?.key ?? i.errorType),
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    const raw = new PostgresEventStore(db.knex, db.notifier);
    const store = {
      ...passThrough(raw, {
        readStream: (id) => raw.readStream(id),
        readStreamsAfter: async (reads) => {
          if (hook?.stream && reads.some((r) => r.streamId === hook!.stream)) await fire();
          return raw.readStreamsAfter(reads);
        },
      }),
      appendToStreams: async (...a: Parameters<PostgresEventStore['appendToStreams']>) => {
        appends.push(a[0]);
        // The booking's own append (the one holding the settings stream), not a number draw's.
        const booking = a[0].some((x) => x.streamId === shdSettingsStream(department));
        if (hook && !hook.stream && booking) await fire();
        return raw.appendToStreams(...a);
      },
    };
    const deps: Parameters<typeof executeCommand>[0] = {
      store,
      ids: new PostgresIdAllocator(db.knex),
      logger: silentLogger(),
      states: new StreamStates(store),
    };
    // A refusal the handler throws is answered by the gateway; here it is the answer it would be.
    send = (name, payload) =>
      executeCommand(deps, {
        name,
        body: { type: name, payload },
        identity: SYSTEM_IDENTITY,
      }).catch((err: unknown) => {
        if (!(err instanceof AppError)) throw err;
        return { status: err.status, body: err.items };
      });
    department = (
      await ok('CREATE_DEPARTMENT', { name: 'Oslo', departmentType: 'courier', country: 'NO' })
    )[0]!;
    customer = (await ok('CREATE_CUSTOMER', { name: 'Kunde', departmentId: department }))[0]!;
    await configureNumberSeries({ command: send });
  }, 60_000);
  afterAll(async () => db.drop());

  it('the booking’s append holds the settings stream at the revision read, with no events', async () => {
    await settings(true, 2);
    appends.length = 0;
    expect((await book(bookingDate(2))).status).toBe(200);
    const settingsAt =
      (await db.knex('es_events').where({ stream_id: shdSettingsStream(department) })).length - 1;
    expect(appends.at(-1)).toEqual(
      expect.arrayContaining([
        { streamId: shdSettingsStream(department), expected: settingsAt, events: [] },
        expect.objectContaining({ streamId: shdCapacityStream(department, bookingDate(2)) }),
      ]),
    );
  });

  it('a switch-off after the booking read the settings refuses it as SHD off; no place is taken', async () => {
    const date = bookingDate(3);
    await settings(true, 2);
    hook = {
      stream: shdCapacityStream(department, date),
      interleave: () => settings(false, 2).then(() => {}),
    };
    expect(keys(await book(date))).toEqual({ status: 400, keys: ['validation.shdOff'] });
    expect(hook).toBeNull();
    expect(await places(date)).toBe(0);
  });

  it('a switch-off or a lower capacity landing just before the append fails it on the settings revision', async () => {
    const date = bookingDate(4);
    await settings(true, 2);
    expect((await book(date)).status).toBe(200);
    // Lowered to the day's count between the executor's read and its append: a conflict, no
    // place; sent again, the booking is decided on the new capacity: full.
    hook = { interleave: () => settings(true, 1).then(() => {}) };
    expect(keys(await book(date))).toEqual({ status: 409, keys: ['CONCURRENCY_CONFLICT'] });
    expect(hook).toBeNull();
    expect(await places(date)).toBe(1);
    expect(keys(await book(date))).toEqual({ status: 400, keys: ['validation.shdFull'] });
    // Switched off just before the append: decided again on what won, SHD off.
    await settings(true, 3);
    hook = { interleave: () => settings(false, 3).then(() => {}) };
    expect(keys(await book(date))).toEqual({ status: 400, keys: ['validation.shdOff'] });
    expect(await places(date)).toBe(1);
  });
});
