import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createFirstDepartmentAndCustomer,
  freshPhone,
  startTestSystem,
  type Client,
  type TestSystem,
} from '../support/system.js';

type Row = Record<string, any>;

const policy = (over: Row = {}) => ({
  name: 'Apotek: the day before',
  customerId: '1',
  triggers: ['DAY_BEFORE', 'BOOKED'],
  channel: 'SMS_AND_EMAIL',
  texts: [
    {
      language: 'nb',
      smsText: '{senderName} leverer {window}. Følg pakken: {trackingLink}',
      emailSubject: 'Pakke fra {senderName}',
      emailBody: 'Vi kommer {window}. {trackingLink}',
    },
    {
      language: 'en',
      smsText: '{senderName} delivers {window}',
      emailSubject: 'Parcel',
      emailBody: 'Coming {window}',
    },
  ],
  ...over,
});

/**
 * Pre-advice policies through the gateway (issue 41 part 1, docs/decisions/0062-pre-advice.md):
 * created and deleted, listed per owner and service, their texts per customer and trigger, the
 * placeholders checked on save, and who may do it.
 */
describe('pre-advice policies', () => {
  let sys: TestSystem;
  /** An administrator of pre-advice (ADMIN_PRE_ADVICE only) of every department. */
  let admin: Client;
  /** A planner of department 1 without the flag. */
  let planner: Client;

  const countPolicies = async () =>
    Number(
      (
        await sys.db
          .knex('es_events')
          .where('type', 'PreAdvicePolicyCreated')
          .count<{ count: string }[]>('* as count')
      )[0]!.count,
    );

  beforeAll(async () => {
    sys = await startTestSystem();
    await createFirstDepartmentAndCustomer(sys);
    admin = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'ADMIN',
        access: ['ADMIN_PRE_ADVICE'],
      }),
    );
    planner = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['PLANNER_BOOKING', 'PLANNER_SHIPMENTS'],
        departmentIds: ['1'],
      }),
    );
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S7-CMD-049 S7-CALL-107 a policy is created, listed for its owner and service, and deleted', async () => {
    const created = await admin.command('CREATE_PRE_ADVICE_POLICY', policy());
    expect(created.status).toBe(200);
    const id = created.body.ids[0] as string;
    const express = await admin.command(
      'CREATE_PRE_ADVICE_POLICY',
      policy({
        customerId: null,
        departmentId: '1',
        serviceId: 'EXPRESS',
        channel: 'SMS',
        triggers: ['DISPATCHED'],
      }),
    );
    expect(express.status).toBe(200);
    await sys.settled();
    const mine = await admin.query('preAdvicePolicies', { customerId: '1' });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([
      expect.objectContaining({
        id,
        name: 'Apotek: the day before',
        customerId: '1',
        customerGroupId: null,
        departmentId: null,
        serviceId: null,
        triggers: ['DAY_BEFORE', 'BOOKED'],
        channel: 'SMS_AND_EMAIL',
        smsVasCode: null,
        deleted: false,
      }),
    ]);
    const services = await admin.query('preAdviceServicePolicies', { serviceId: 'EXPRESS' });
    expect(services.status).toBe(200);
    expect((services.body as Row[]).map((p) => p.id)).toEqual([express.body.ids[0]]);
    expect((await admin.query('preAdviceServicePolicies', {})).body).toHaveLength(1);
    const deleted = await admin.command('DELETE_PRE_ADVICE_POLICY', { id });
    expect(deleted.status).toBe(200);
    await sys.settled();
    expect((await admin.query('preAdvicePolicies', { customerId: '1' })).body).toEqual([]);
    // Deleting again changes nothing; an unknown policy is not found.
    expect((await admin.command('DELETE_PRE_ADVICE_POLICY', { id })).body.events).toEqual([]);
    expect((await admin.command('DELETE_PRE_ADVICE_POLICY', { id: '999999' })).status).toBe(404);
  });

  it('S7-CMD-049 an unknown placeholder is refused (400) with the placeholders that exist, and nothing is stored', async () => {
    const before = await countPolicies();
    const res = await admin.command(
      'CREATE_PRE_ADVICE_POLICY',
      policy({
        texts: [
          {
            language: 'nb',
            smsText: 'Hei {recipientName}: {trackingLink}',
            emailSubject: 'x',
            emailBody: 'y',
          },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body[0]).toMatchObject({ errorType: 'VALIDATION_ERROR' });
    expect(res.body[0].description).toContain('texts.0.smsText');
    expect(res.body[0].description).toContain(
      'unknown placeholder {recipientName}; the placeholders are {trackingLink}, {window}, {senderName}',
    );
    for (const bad of [
      policy({ departmentId: '1' }),
      policy({ channel: 'EMAIL', texts: [{ language: 'nb', smsText: 'x' }] }),
      policy({ triggers: ['SOMETIMES'] }),
      policy({ customerId: '424242' }),
    ])
      expect((await admin.command('CREATE_PRE_ADVICE_POLICY', bad)).status).toBeGreaterThanOrEqual(
        400,
      );
    expect(await countPolicies()).toBe(before);
  });

  it("S7-CALL-086 customerSmsText {customerId, smsType} and customerEventEmail answer the texts the customer's orders get", async () => {
    const id = (await admin.command('CREATE_PRE_ADVICE_POLICY', policy())).body.ids[0];
    await sys.settled();
    const sms = await admin.query('customerSmsText', { customerId: '1', smsType: 'DAY_BEFORE' });
    expect(sms.status).toBe(200);
    expect(sms.body).toEqual({
      customerId: '1',
      smsType: 'DAY_BEFORE',
      policyId: id,
      texts: [
        { language: 'nb', text: '{senderName} leverer {window}. Følg pakken: {trackingLink}' },
        { language: 'en', text: '{senderName} delivers {window}' },
      ],
    });
    // A trigger the policy does not have: no text.
    const none = await admin.query('customerSmsText', { customerId: '1', smsType: 'DISPATCHED' });
    expect(none.body).toMatchObject({ policyId: null, texts: [] });
    const email = await admin.query('customerEventEmail', { customerId: '1' });
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({
      policyId: id,
      triggers: ['BOOKED', 'DAY_BEFORE'],
      texts: [
        {
          language: 'nb',
          subject: 'Pakke fra {senderName}',
          body: 'Vi kommer {window}. {trackingLink}',
        },
        { language: 'en', subject: 'Parcel', body: 'Coming {window}' },
      ],
    });
    // A required param missing: 400; a user without the flag: refused.
    expect((await admin.query('customerSmsText', { customerId: '1' })).status).toBe(400);
    expect((await admin.query('customerSmsText', { smsType: 'BOOKED' })).status).toBe(400);
    expect(
      (await planner.query('customerSmsText', { customerId: '1', smsType: 'BOOKED' })).status,
    ).toBe(403);
    expect((await planner.query('customerEventEmail', { customerId: '1' })).status).toBe(403);
    await admin.command('DELETE_PRE_ADVICE_POLICY', { id });
  });

  it('a trigger’s own text is what that trigger sends; the others send the text for every trigger', async () => {
    const ownText = (trigger: string, smsText: string) => ({
      language: 'nb',
      trigger,
      smsText,
      emailSubject: 'I morgen',
      emailBody: 'Vi kommer {window}',
    });
    const own = policy({
      texts: [...policy().texts, ownText('DAY_BEFORE', 'I morgen {window}: {trackingLink}')],
    });
    const made = await admin.command('CREATE_PRE_ADVICE_POLICY', own);
    expect(made.status).toBe(200);
    await sys.settled();
    const text = async (smsType: string) =>
      (await admin.query('customerSmsText', { customerId: '1', smsType })).body.texts;
    expect(await text('DAY_BEFORE')).toEqual([
      { language: 'nb', text: 'I morgen {window}: {trackingLink}' },
      { language: 'en', text: '{senderName} delivers {window}' },
    ]);
    expect(await text('BOOKED')).toEqual([
      { language: 'nb', text: '{senderName} leverer {window}. Følg pakken: {trackingLink}' },
      { language: 'en', text: '{senderName} delivers {window}' },
    ]);
    // A trigger's own text for a trigger the policy does not have is refused, nothing made.
    const before = await countPolicies();
    const wrong = policy({ texts: [...policy().texts, ownText('STOPS_AWAY', 'Snart')] });
    expect((await admin.command('CREATE_PRE_ADVICE_POLICY', wrong)).status).toBe(400);
    expect(await countPolicies()).toBe(before);
    await admin.command('DELETE_PRE_ADVICE_POLICY', { id: made.body.ids[0] });
  });

  it('S7-CALL-107 S7-CMD-049 who may: the policy queries and commands need ADMIN_PRE_ADVICE (or PLANNER_PRE_ADVICE to read)', async () => {
    for (const name of ['preAdvicePolicies', 'preAdviceServicePolicies'])
      expect((await planner.query(name, {})).status).toBe(403);
    const before = await countPolicies();
    expect((await planner.command('CREATE_PRE_ADVICE_POLICY', policy())).status).toBe(403);
    expect(await countPolicies()).toBe(before);
    const reader = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        access: ['PLANNER_PRE_ADVICE'],
        departmentIds: ['1'],
      }),
    );
    expect((await reader.query('preAdvicePolicies', {})).status).toBe(200);
    expect((await reader.command('CREATE_PRE_ADVICE_POLICY', policy())).status).toBe(403);
    // A plus planner of department 1 administers its department's policies, not a group's.
    const plus = sys.as(
      await sys.login({
        phoneNumber: freshPhone(),
        role: 'PLUS_PLANNER',
        access: ['ADMIN_PRE_ADVICE'],
        departmentIds: ['1'],
      }),
    );
    const own = policy({ customerId: null, departmentId: '1' });
    expect((await plus.command('CREATE_PRE_ADVICE_POLICY', own)).status).toBe(200);
    const group = (
      await sys.command('CREATE_CUSTOMER_GROUP', { name: 'Apotek', customerIds: ['1'] })
    ).body.ids[0];
    const res = await plus.command(
      'CREATE_PRE_ADVICE_POLICY',
      policy({ customerId: null, customerGroupId: group }),
    );
    expect(res.status).toBe(404);
  });
});
