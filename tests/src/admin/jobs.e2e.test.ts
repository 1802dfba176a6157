import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobControl, RetentionJob } from '@nordlog/command-service';
import { jobKeys } from '@nordlog/contracts';
import { silentLogger } from '@nordlog/platform';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
} from '../support/system.js';

type Row = Record<string, any>;

/**
 * The scheduled jobs through the gateway (issue 44 part 4, docs/decisions/0076-admin-jobs.md):
 * `jobsStatus`, ENABLE_JOB and DISABLE_JOB, the switch reaching every process that runs a job
 * (the system's own and a second "replica" on the same database), a pass recorded with its
 * outcome, disabling while a pass runs, the refusals and bad input.
 */
describe('admin jobs', () => {
  let sys: TestSystem;
  /** An ADMIN holding only ADMIN_JOBS. */
  let jobsAdmin: Client;
  /** An ADMIN without ADMIN_JOBS. */
  let otherAdmin: Client;
  /** A PLANNER given ADMIN_JOBS: the jobs are administrators' (role ADMIN). */
  let planner: Client;

  const status = async (client: Client = sys): Promise<Row[]> => {
    await sys.settled();
    const res = await client.query('jobsStatus', {});
    expect(res.status).toBe(200);
    return res.body as Row[];
  };
  const job = async (id: string) => (await status()).find((j) => j.id === id)!;
  const switchEvents = async () =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .whereIn('type', ['JobEnabled', 'JobDisabled'])
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    jobsAdmin = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', access: ['ADMIN_JOBS'] }),
    );
    otherAdmin = sys.as(
      await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN', access: ['ADMIN_HOLIDAYS'] }),
    );
    planner = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['ADMIN_JOBS', 'PLANNER_LIVE'],
        departmentIds: ['1'],
      }),
    );
  }, 60_000);
  afterAll(() => sys?.shutdown());

  it('S7-CALL-060 jobsStatus lists every scheduled job, enabled until switched off', async () => {
    const rows = await status(jobsAdmin);
    expect(rows.map((r) => r.id)).toEqual([...jobKeys]);
    for (const r of rows) {
      expect(r.enabled).toBe(true);
      expect(r).toHaveProperty('lastStartedAt');
      expect(r).toHaveProperty('lastOutcome');
      expect(r).toHaveProperty('nextRunAt');
    }
  });

  it('S6-FLAG-013 S8-ERR-012 S7-CALL-060 without ADMIN_JOBS (or not an ADMIN) the query and the switches are 403, nothing appended', async () => {
    const before = await switchEvents();
    for (const client of [otherAdmin, planner]) {
      expect((await client.query('jobsStatus', {})).status).toBe(403);
      for (const type of ['ENABLE_JOB', 'DISABLE_JOB']) {
        const res = await client.command(type, { job: 'RETENTION' });
        expect(res.status).toBe(403);
        expect(res.body[0].errorType).toBe('NO_ACCESS');
      }
    }
    expect(await switchEvents()).toBe(before);
  });

  it('S7-CMD-058 bad input is a 400 and changes nothing: an unknown job, no job, extra fields', async () => {
    const before = await switchEvents();
    for (const payload of [{ job: 'NOPE' }, {}, { job: 'RETENTION', enabled: false }]) {
      const res = await jobsAdmin.command('DISABLE_JOB', payload);
      expect(res.status).toBe(400);
      expect(res.body[0].errorType).toBe('VALIDATION_ERROR');
    }
    expect(await switchEvents()).toBe(before);
    expect((await job('RETENTION')).enabled).toBe(true);
  });

  it('S4-FLOW-023 S7-CMD-058 a pass is recorded with its outcome; disabled, no process runs it (also a second replica); enabled, it runs again', async () => {
    // A second process on the same database (another command-service replica).
    const replica = new RetentionJob({
      store: sys.store,
      keys: null as never,
      knex: sys.db.knex,
      logger: silentLogger(),
    }).governedBy('RETENTION', new JobControl(sys.db.knex));
    await sys.retention.pass();
    const ran = await job('RETENTION');
    expect(ran.lastOutcome).toBe('OK');
    expect(ran.lastCount).toBe(0);
    expect(ran.running).toBe(false);
    expect(Date.parse(ran.lastFinishedAt)).toBeGreaterThanOrEqual(Date.parse(ran.lastStartedAt));
    expect(Date.parse(ran.nextRunAt)).toBeGreaterThan(Date.parse(ran.lastStartedAt));
    expect(ran.intervalSeconds).toBe(3600);

    expect((await jobsAdmin.command('DISABLE_JOB', { job: 'RETENTION' })).status).toBe(200);
    const off = await job('RETENTION');
    expect(off.enabled).toBe(false);
    expect(off.nextRunAt).toBeNull();
    expect(off.changedAt).not.toBeNull();
    // Neither process starts a pass: the last start stays the one before.
    await sys.retention.pass();
    await replica.pass();
    expect((await job('RETENTION')).lastStartedAt).toBe(ran.lastStartedAt);
    // Disabling again changes nothing.
    const events = await switchEvents();
    expect((await jobsAdmin.command('DISABLE_JOB', { job: 'RETENTION' })).status).toBe(200);
    expect(await switchEvents()).toBe(events);

    expect((await jobsAdmin.command('ENABLE_JOB', { job: 'RETENTION' })).status).toBe(200);
    expect((await job('RETENTION')).enabled).toBe(true);
    await replica.pass();
    const again = await job('RETENTION');
    expect(Date.parse(again.lastStartedAt)).toBeGreaterThan(Date.parse(ran.lastStartedAt));
    expect(again.lastOutcome).toBe('OK');
    await replica.stop();
  });

  it('S4-FLOW-023 disabling a job while a pass runs: that pass finishes and is recorded, no next pass starts', async () => {
    const control = new JobControl(sys.db.knex);
    let release!: () => void;
    const blocked = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const pass = control.governed('RECURRING_ORDERS', new Date(), 300_000, async () => {
      started();
      await blocked;
      return 3;
    });
    await running;
    expect((await job('RECURRING_ORDERS')).running).toBe(true);
    expect((await jobsAdmin.command('DISABLE_JOB', { job: 'RECURRING_ORDERS' })).status).toBe(200);
    const during = await job('RECURRING_ORDERS');
    expect(during).toMatchObject({ enabled: false, running: true, nextRunAt: null });
    release();
    expect(await pass).toBe(3);
    expect(await job('RECURRING_ORDERS')).toMatchObject({
      enabled: false,
      running: false,
      lastOutcome: 'OK',
      lastCount: 3,
    });
    // The next pass, on any process, does not start.
    let ranAgain = false;
    expect(
      await control.governed('RECURRING_ORDERS', new Date(), 300_000, () => {
        ranAgain = true;
        return Promise.resolve(1);
      }),
    ).toBeNull();
    expect(ranAgain).toBe(false);
    expect(await sys.recurring.pass()).toBe(0);
    await jobsAdmin.command('ENABLE_JOB', { job: 'RECURRING_ORDERS' });
  });

  it('a failed pass is recorded as FAILED with its error; the next pass still runs', async () => {
    const control = new JobControl(sys.db.knex);
    await expect(
      control.governed('PRE_ADVICE', new Date(), 30_000, () =>
        Promise.reject(new Error('the SMS provider did not answer')),
      ),
    ).rejects.toThrow('the SMS provider');
    expect(await job('PRE_ADVICE')).toMatchObject({
      lastOutcome: 'FAILED',
      lastError: 'the SMS provider did not answer',
      running: false,
    });
    await sys.preAdvice.pass();
    expect((await job('PRE_ADVICE')).lastOutcome).toBe('OK');
  });
});
