import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BlockNumberAllocator,
  EventStoreNumberAllocator,
  executeCommand,
} from '@nordlog/command-service';
import {
  AppError,
  NUMBER_SERIES_CATALOGUE_STREAM,
  SYSTEM_IDENTITY,
  isValidGsin,
  isValidSscc,
  numberSeriesStream,
} from '@nordlog/contracts';
import { PostgresEventStore, PostgresIdAllocator, silentLogger } from '@nordlog/platform';
import { meta } from '../eventStore/contract.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const errorType = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.items[0]!.errorType : String(err)),
  );

describe('number allocation from GSIN and SSCC series (never the same number twice)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const run = async (name: string, payload: unknown) => {
    const deps = { store, ids: new PostgresIdAllocator(db.knex), logger: silentLogger() };
    return executeCommand(deps, {
      name,
      body: { type: name, payload },
      identity: SYSTEM_IDENTITY,
    }) as Promise<{ status: number; body: any }>;
  };
  const create = async (payload: Record<string, unknown>) => {
    const res = await run('CREATE_NUMBER_SERIES', payload);
    expect(res.status).toBe(200);
    return res.body.ids[0] as string;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.notifier);
  });
  afterAll(async () => db.drop());

  it('S3-ENT-057 concurrent allocations in two processes get distinct, gapless numbers with valid check digits', async () => {
    const id = await create({
      type: 'SSCC',
      companyPrefix: '0614141',
      extensionDigit: '1',
      firstSerial: 1000,
      lastSerial: 100_000,
    });
    // Two allocators stand for two processes: each queues its own, the revision check keeps them apart.
    const processes = [new EventStoreNumberAllocator(store), new EventStoreNumberAllocator(store)];
    const counts = Array.from({ length: 40 }, (_, i) => 1 + (i % 4));
    const allocations = await Promise.all(
      counts.map((count, i) => processes[i % 2]!.allocate(id, count, meta())),
    );
    const numbers = allocations.flatMap((a) => a.numbers);
    const total = counts.reduce((a, b) => a + b, 0);
    expect(numbers).toHaveLength(total);
    expect(new Set(numbers).size).toBe(total);
    expect(numbers.every(isValidSscc)).toBe(true);
    const serials = numbers.map((n) => Number(n.slice(8, 17))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: total }, (_, i) => 1000 + i));
    const stream = await store.readStream(numberSeriesStream(id));
    expect(stream.map((e) => e.streamRevision)).toEqual(counts.map((_, i) => i));
    // The first allocation marked the series used in the catalogue, once.
    const catalogue = await store.readStream(NUMBER_SERIES_CATALOGUE_STREAM);
    expect(catalogue.filter((e) => e.type === 'NumberSeriesUsed')).toHaveLength(1);
  });

  it('formats GSINs and refuses an allocation the series cannot fill, without using any of it', async () => {
    const id = await create({
      type: 'GSIN',
      companyPrefix: '7012345',
      firstSerial: 123456,
      lastSerial: 123460,
    });
    const allocator = new EventStoreNumberAllocator(store);
    const first = await allocator.allocate(id, 1, meta());
    expect(first.numbers).toEqual(['70123450001234561']);
    expect(isValidGsin(first.numbers[0]!)).toBe(true);
    expect(await errorType(allocator.allocate(id, 5, meta()))).toBe('NUMBER_SERIES_EXHAUSTED');
    expect((await allocator.allocate(id, 4, meta())).firstSerial).toBe(123457);
    expect(await errorType(allocator.allocate(id, 1, meta()))).toBe('NUMBER_SERIES_EXHAUSTED');
    expect(await errorType(allocator.allocate(id, 0, meta()))).toBe('VALIDATION_ERROR');
  });

  it('a deleted series hands out nothing; its range stays reserved once it handed out numbers', async () => {
    const series = { type: 'SSCC', companyPrefix: '7090009', firstSerial: 1, lastSerial: 500 };
    const used = await create(series);
    const unused = await create({ ...series, extensionDigit: '5' });
    const allocator = new EventStoreNumberAllocator(store);
    await allocator.allocate(used, 3, meta());
    expect((await run('DELETE_NUMBER_SERIES', { id: used })).status).toBe(200);
    expect((await run('DELETE_NUMBER_SERIES', { id: unused })).status).toBe(200);
    expect(await errorType(allocator.allocate(used, 1, meta()))).toBe('NOT_FOUND');
    expect(await errorType(allocator.allocate(unused, 1, meta()))).toBe('NOT_FOUND');
    const again = await run('CREATE_NUMBER_SERIES', { ...series, firstSerial: 400 });
    expect(again.status).toBe(409);
    expect(again.body[0].errorType).toBe('RANGE_OVERLAP');
    expect(again.body[0].description).toContain(`retired SSCC series ${used}`);
    expect((await run('CREATE_NUMBER_SERIES', { ...series, extensionDigit: '5' })).status).toBe(
      200,
    );
  });

  it('an unknown series is NOT_FOUND', async () => {
    expect(
      await errorType(new EventStoreNumberAllocator(store).allocate('999999', 1, meta())),
    ).toBe('NOT_FOUND');
  });
  it('S3-ENT-057 two processes handing out numbers from blocks never give the same number twice; one allocation event per block', async () => {
    const id = await create({
      type: 'GSIN',
      companyPrefix: '7090001',
      firstSerial: 1,
      lastSerial: 1_000_000,
    });
    const processes = [
      new BlockNumberAllocator(new EventStoreNumberAllocator(store), 25),
      new BlockNumberAllocator(new EventStoreNumberAllocator(store), 25),
    ];
    const counts = Array.from({ length: 120 }, (_, i) => 1 + (i % 3));
    const allocations = await Promise.all(
      counts.map((count, i) => processes[i % 2]!.allocate(id, count, meta())),
    );
    const numbers = allocations.flatMap((a) => a.numbers);
    expect(numbers).toHaveLength(counts.reduce((a, b) => a + b, 0));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every(isValidGsin)).toBe(true);
    const events = await store.readStream(numberSeriesStream(id));
    expect(events.length).toBeLessThan(20);
  });

  it('blocks stop at the end of a series: the last numbers still go out one order at a time', async () => {
    const id = await create({
      type: 'GSIN',
      companyPrefix: '7090002',
      firstSerial: 1,
      lastSerial: 30,
    });
    const blocks = new BlockNumberAllocator(new EventStoreNumberAllocator(store), 25);
    const first = await blocks.allocate(id, 20, meta());
    const second = await blocks.allocate(id, 8, meta());
    const third = await blocks.allocate(id, 2, meta());
    expect(new Set([...first.numbers, ...second.numbers, ...third.numbers]).size).toBe(30);
    expect(await errorType(blocks.allocate(id, 1, meta()))).toBe('NUMBER_SERIES_EXHAUSTED');
  });
});
