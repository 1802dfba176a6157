import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestSystem, type TestSystem } from '../support/system.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('read-your-writes: x-min-position on /api/query and /api/rest', () => {
  let sys: TestSystem;
  let n = 0;
  const createDepartment = async () => {
    const name = `Dep ${++n}`;
    const res = await sys.command('CREATE_DEPARTMENT', {
      name,
      departmentType: 'courier',
      country: 'NO',
    });
    expect(res.status).toBe(200);
    return { id: res.body.ids[0] as string, position: res.body.position as string };
  };
  const has = (rows: { id: string }[], id: string) => rows.some((r) => r.id === id);
  /** Holds the projector back: its next batch waits for these checkpoint rows until release. */
  const holdProjector = async () => {
    const trx = await sys.db.knex.transaction();
    await trx.raw('select name from projection_checkpoints for update');
    return { release: () => trx.commit() };
  };

  beforeAll(async () => {
    sys = await startTestSystem({ minPositionWaitMs: 1_000 });
  });
  afterAll(async () => sys.shutdown());

  it('a query with the command’s position waits until the read models have it (the projector held back meanwhile)', async () => {
    const hold = await holdProjector();
    const { id, position } = await createDepartment();
    // Without the header the answer is the read model as it is: stale.
    expect(has((await sys.query('departments', {})).body, id)).toBe(false);
    const started = Date.now();
    const waiting = sys.query('departments', {}, { 'x-min-position': position });
    const rest = sys.get('/api/rest/departments', { 'x-min-position': position });
    await sleep(300);
    await hold.release();
    const [query, list] = await Promise.all([waiting, rest]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(query.status).toBe(200);
    expect(has(query.body, id)).toBe(true);
    expect(query.headers.get('x-min-position-reached')).toBe('true');
    expect(has(list.body, id)).toBe(true);
    expect(list.headers.get('x-min-position-reached')).toBe('true');
  });

  it('a position already projected is answered at once', async () => {
    const { id, position } = await createDepartment();
    await sys.settled();
    const started = Date.now();
    const res = await sys.get(`/api/rest/departments/${id}`, { 'x-min-position': position });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-min-position-reached')).toBe('true');
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('when the read models do not get there in time, the answer comes anyway after the wait (x-min-position-reached: false)', async () => {
    const hold = await holdProjector();
    try {
      const { id, position } = await createDepartment();
      const started = Date.now();
      const res = await sys.query('departments', {}, { 'x-min-position': position });
      const waited = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.headers.get('x-min-position-reached')).toBe('false');
      expect(has(res.body, id)).toBe(false);
      expect(waited).toBeGreaterThanOrEqual(950);
      expect(waited).toBeLessThan(3_000);
    } finally {
      await hold.release();
    }
    await sys.settled();
  });

  it('a header that is not a position is a 400 in the spec §8 shape', async () => {
    const res = await sys.query('departments', {}, { 'x-min-position': 'latest' });
    expect(res.status).toBe(400);
    expect(res.body[0]).toMatchObject({ errorType: 'BAD_REQUEST' });
    expect((await sys.get('/api/rest/departments', { 'x-min-position': '-1' })).status).toBe(400);
  });
});
