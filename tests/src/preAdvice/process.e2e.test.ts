import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PreAdviceJob } from '@nordlog/command-service';
import {
  DeliveryError,
  silentLogger,
  type MessagePort,
  type OutgoingMessage,
} from '@nordlog/platform';
import { freshPhone, type Client, type TestSystem } from '../support/system.js';
import { SENDER, TOMORROW, recipient, startPreAdviceWorld, type Row } from './world.js';

/**
 * The pre-advice process through the gateway (issue 41 part 2, docs/decisions/0062): triggers
 * decided with the order's policy, messages handed to the delivery adapters once per order and
 * attempt (the development outbox here: `message_outbox`), each with the order's /track/{id}
 * link; lock and unlock, manual attempts, the pre-pickup SMS, refusals and failures of the
 * adapters, a restart between handing over and recording, and who may read it.
 */
describe('pre-advice process', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;
  let planner: Client;
  let bergen: string;
  const book = (...a: Parameters<typeof w.book>) => w.book(...a);
  const pass = (...a: Parameters<typeof w.pass>) => w.pass(...a);
  const preAdvice = (...a: Parameters<typeof w.preAdvice>) => w.preAdvice(...a);
  const outcomes = (orderId: string) => w.outcomes(orderId);
  const outbox = (to: string) => w.outbox(to);
  const trackingOf = (orderId: string) => w.trackingOf(orderId);

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    ({ sys, planner, bergen } = w);
  }, 60_000);
  afterAll(async () => sys.shutdown());

  it('S9-CONST-018 on booking and the day before: SMS and e-mail handed over once, each with the /track/{id} link, the SMS invoiced as vas 1091', async () => {
    const phone = freshPhone();
    const order = await book(
      recipient(phone, `kari.${phone.slice(1)}@example.com`),
      '1',
      SENDER,
      TOMORROW,
    );
    await pass();
    const link = `/track/${await trackingOf(order)}?referrer=internal`;
    const sms = await outbox(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(
      new RegExp(
        `^Apotek Storgata leverer ${TOMORROW} 10:00–14:00\\nhttps?://[^/]+${link.replace('?', '\\?')}$`,
      ),
    );
    const email = await outbox(`kari.${phone.slice(1)}@example.com`);
    expect(email).toHaveLength(1);
    expect(email[0]!.subject).toBe('Pakke fra Apotek Storgata');
    expect(email[0]!.body).toContain(link);
    const row = await preAdvice(order);
    expect(row.attempts).toEqual([
      expect.objectContaining({
        key: 'BOOKED',
        cause: 'BOOKED',
        outcome: 'SMS_AND_EMAIL_SENT',
        vasCode: '1091',
        channels: ['sms', 'email'],
      }),
      expect.objectContaining({ key: `DAY_BEFORE-${TOMORROW}`, outcome: 'ALREADY_PRE_ADVICED' }),
    ]);
    // More passes (and two processes at once) hand nothing over again.
    const other = new PreAdviceJob({
      store: sys.store,
      knex: sys.db.knex,
      messages: { send: () => Promise.reject(new Error('never')) },
      logger: silentLogger(),
      publicUrl: () => 'https://x.example',
    });
    await Promise.all([pass(), pass(other)]);
    expect(await outbox(phone)).toHaveLength(1);
    expect(await outcomes(order)).toHaveLength(2);
  });

  it('S4-STATE-015 S4-STATE-016 S7-CMD-040 locked: an attempt yields PRE_ADVICE_LOCKED; unlocked: the next attempt is sent', async () => {
    const phone = freshPhone();
    const order = await book(recipient('22 33 44 55'));
    await pass();
    expect(await outcomes(order)).toEqual(['BOOKED NO_VALID_PHONE_OR_EMAIL']);
    expect((await planner.command('UPDATE_ORDER', {})).status).toBe(403);
    // The recipient's number corrected (as the system: the planner here only pre-advises).
    const current = ((await sys.query('orders', { ids: [order] })).body as Row[])[0]!.order;
    expect(
      (
        await sys.command('UPDATE_ORDER', {
          ...current,
          id: order,
          delivery: { ...current.delivery, phone },
        })
      ).status,
    ).toBe(200);
    expect((await planner.command('LOCK_PRE_ADVICE', { orderIds: [order] })).status).toBe(200);
    expect((await planner.command('PRE_ADVICE_MANUAL_ATTEMPT', { orderIds: [order] })).status).toBe(
      200,
    );
    await sys.settled();
    // The planner's request shows at once; the process decides it.
    expect(await outcomes(order)).toEqual([
      'BOOKED NO_VALID_PHONE_OR_EMAIL',
      'MANUAL-1 MANUAL_ATTEMPT',
    ]);
    expect((await preAdvice(order)).locked).toBe(true);
    await pass();
    expect(await outcomes(order)).toEqual([
      'BOOKED NO_VALID_PHONE_OR_EMAIL',
      'MANUAL-1 PRE_ADVICE_LOCKED',
    ]);
    expect(await outbox(phone)).toHaveLength(0);
    const followUp = await planner.query('preAdviceFollowUp', { departmentId: '1' });
    expect(followUp.status).toBe(200);
    expect(
      (followUp.body as Row[]).filter((r) => r.id === order).map((r) => r.lastOutcome),
    ).toEqual(['PRE_ADVICE_LOCKED']);
    expect((await planner.command('UNLOCK_PRE_ADVICE', { orderIds: [order] })).status).toBe(200);
    expect((await planner.command('PRE_ADVICE_MANUAL_ATTEMPT', { orderIds: [order] })).status).toBe(
      200,
    );
    await pass();
    expect(await outcomes(order)).toEqual([
      'BOOKED NO_VALID_PHONE_OR_EMAIL',
      'MANUAL-1 PRE_ADVICE_LOCKED',
      'MANUAL-2 SMS_SENT',
    ]);
    expect(await outbox(phone)).toHaveLength(1);
    // Invalid payloads change nothing.
    for (const name of ['LOCK_PRE_ADVICE', 'PRE_ADVICE_MANUAL_ATTEMPT', 'SEND_PRE_PICKUP_SMS'])
      expect((await planner.command(name, { orderIds: [] })).status).toBe(400);
    expect(await outcomes(order)).toHaveLength(3);
  });

  it('S7-CMD-040 SEND_PRE_PICKUP_SMS texts the sender; no rule for an order of a department without a policy', async () => {
    const sender = freshPhone();
    const order = await book(recipient(freshPhone()), '1', { ...SENDER, phone: sender });
    await pass();
    expect((await planner.command('SEND_PRE_PICKUP_SMS', { orderIds: [order] })).status).toBe(200);
    await pass();
    expect(await outcomes(order)).toEqual(['BOOKED SMS_SENT', 'PRE_PICKUP-1 SMS_SENT']);
    const sent = await outbox(sender);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(`/track/${await trackingOf(order)}`);
    const theirs = await book(recipient(freshPhone()), bergen);
    await pass();
    expect(((await preAdvice(theirs, sys)).attempts as Row[]).map((a) => a.outcome)).toEqual([
      'NO_RULE',
    ]);
  });

  it('a refused recipient is recorded, a failing channel is tried again and then recorded as ERROR, an erased recipient is sent nothing; a restart after the handover sends nothing twice', async () => {
    const refusing: MessagePort = {
      send: (m: OutgoingMessage) =>
        Promise.reject(new DeliveryError(m.channel, 'recipient', 'not a number we reach')),
    };
    let tries = 0;
    const failing: MessagePort = {
      send: (m: OutgoingMessage) => {
        tries++;
        return Promise.reject(new DeliveryError(m.channel, 'service', 'provider down'));
      },
    };
    const job = (messages: MessagePort) =>
      new PreAdviceJob({
        store: sys.store,
        knex: sys.db.knex,
        messages,
        logger: silentLogger(),
        publicUrl: () => 'https://nordlog.example',
        leaseMs: 0,
        maxAttempts: 2,
      });
    const refused = await book(recipient(freshPhone()));
    await pass(job(refusing));
    expect(await outcomes(refused)).toEqual(['BOOKED NO_VALID_PHONE_OR_EMAIL']);
    const failed = await book(recipient(freshPhone()));
    const down = job(failing);
    await pass(down);
    expect(await outcomes(failed)).toEqual(['BOOKED ALREADY_IN_PROGRESS']);
    await pass(down);
    expect(await outcomes(failed)).toEqual(['BOOKED ERROR']);
    expect(tries).toBe(2);
    // Queued, then the recipient's data erased: nothing is sent to them.
    const erasedPhone = freshPhone();
    const erased = await book(recipient(erasedPhone));
    await pass(job(failing));
    expect(await outcomes(erased)).toEqual(['BOOKED ALREADY_IN_PROGRESS']);
    const trackingOfErased = await trackingOf(erased);
    expect((await sys.command('ERASE_PERSONAL_DATA', { orderIds: [erased] })).status).toBe(200);
    const handed: OutgoingMessage[] = [];
    await pass(job({ send: (m: OutgoingMessage) => Promise.resolve(void handed.push(m)) }));
    expect(await outcomes(erased)).toEqual(['BOOKED NO_VALID_PHONE_OR_EMAIL']);
    expect(handed.filter((m) => m.body.includes(`/track/${trackingOfErased}`))).toEqual([]);
    expect(await outbox(erasedPhone)).toHaveLength(0);
    // Handed over, then the process stopped before it recorded the outcome: the next pass
    // records it from the send log and hands nothing over again.
    const phone = freshPhone();
    const crashed = await book(recipient(phone));
    await pass(job(failing)); // decides BOOKED (queued); the send fails and waits
    await sys.db
      .knex('pre_advice_sends')
      .where({ order_id: crashed })
      .update({ sent_at: sys.db.knex.fn.now(), result: { answer: 'sent' } });
    const before = tries;
    await pass(job(failing));
    expect(tries).toBe(before);
    expect(await outcomes(crashed)).toEqual(['BOOKED SMS_SENT']);
    expect(await outbox(phone)).toHaveLength(0);
  });

  it('S6-ROLE-008 S6-ROLE-009 S7-CALL-107 preAdviceForOrder: planner-type roles and ADMIN with PLANNER_PRE_ADVICE or PLANNER_SHIPMENTS; not CUSTOMER, READ_ONLY_PLANNER, nor a planner without the keys', async () => {
    const order = await book(recipient(freshPhone()));
    await sys.settled();
    const as = async (role: string, access: string[]) =>
      (
        await sys
          .as(
            await sys.login({
              phoneNumber: freshPhone(),
              role,
              access,
              departmentIds: ['1'],
              customerId: role === 'CUSTOMER' ? '1' : null,
            }),
          )
          .query('preAdviceForOrder', { orderId: order })
      ).status;
    for (const role of ['PLANNER', 'PLUS_PLANNER', 'PARTNER', 'ADMIN']) {
      expect([role, await as(role, ['PLANNER_PRE_ADVICE'])]).toEqual([role, 200]);
      expect([role, await as(role, ['PLANNER_SHIPMENTS'])]).toEqual([role, 200]);
    }
    expect(await as('PLANNER', ['PLANNER_BOOKING'])).toBe(403);
    expect(await as('READ_ONLY_PLANNER', ['PLANNER_PRE_ADVICE', 'PLANNER_SHIPMENTS'])).toBe(403);
    expect(await as('CUSTOMER', ['PLANNER_PRE_ADVICE', 'PLANNER_SHIPMENTS'])).toBe(403);
    // A required param missing: 400; another department's order reads as none.
    expect((await planner.query('preAdviceForOrder', {})).status).toBe(400);
    const theirs = await book(recipient(freshPhone()), bergen);
    await sys.settled();
    expect((await planner.query('preAdviceForOrder', { orderId: theirs })).body).toEqual([]);
  });

  it('the customer’s sender name (0071) is the texts’ {senderName}; without one, the pickup’s name', async () => {
    expect(
      (await sys.command('UPDATE_CUSTOMER', { id: '1', senderName: 'Apotek 1 Nett' })).status,
    ).toBe(200);
    const phone = freshPhone();
    await book(recipient(phone));
    await pass();
    expect((await outbox(phone)).map((m) => m.body.split('\n')[0])).toEqual([
      expect.stringMatching(/^Apotek 1 Nett leverer /),
    ]);
    expect((await sys.command('UPDATE_CUSTOMER', { id: '1', senderName: '' })).status).toBe(200);
    const after = freshPhone();
    await book(recipient(after));
    await pass();
    expect((await outbox(after)).map((m) => m.body.split('\n')[0])).toEqual([
      expect.stringMatching(/^Apotek Storgata leverer /),
    ]);
  });
});
