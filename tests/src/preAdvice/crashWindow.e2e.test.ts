import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PreAdviceJob } from '@nordlog/command-service';
import { MeteredMessagePort, OutboxMessagePort, silentLogger } from '@nordlog/platform';
import { freshPhone, type TestSystem } from '../support/system.js';
import { recipient, startPreAdviceWorld } from './world.js';

/**
 * The outbox's crash window closed (docs/decisions/0062, addendum "the crash window closed"): the
 * outbox stores a pre-advice message and the send log its answer in one transaction, so a process
 * that dies after the hand-over and before the answer is written leaves neither, and the pass
 * after the lease hands the message over once. The crash is a failure of the answer's UPDATE (a
 * trigger on `pre_advice_sends` of this test's own database).
 */
describe('pre-advice: the outbox and the answer in one transaction', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;
  const LEASE_MS = 300;

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    sys = w.sys;
    await sys.db.knex.raw(`
      create table crash_switch (on_ boolean not null);
      insert into crash_switch values (false);
      create function crash_before_answer() returns trigger language plpgsql as $$
      begin
        if new.sent_at is not null and (select on_ from crash_switch) then
          raise exception 'the process died before the answer was written';
        end if;
        return new;
      end $$;
      create trigger crash_before_answer before update on pre_advice_sends
        for each row execute function crash_before_answer();`);
  }, 60_000);
  afterAll(async () => sys?.shutdown());

  const crash = (on: boolean) => sys.db.knex('crash_switch').update({ on_: on });
  const job = (plain: boolean) => {
    const outbox = new OutboxMessagePort(sys.db.knex, silentLogger());
    return new PreAdviceJob({
      store: sys.store,
      knex: sys.db.knex,
      // Plain: a port of `send` and the outbox's transactional hand-over only, no `sendMany`.
      messages: plain
        ? { send: (m) => outbox.send(m), transactional: outbox.transactional }
        : new MeteredMessagePort(outbox, { messageSent: () => undefined }),
      logger: silentLogger(),
      publicUrl: () => 'https://x.example',
      leaseMs: LEASE_MS,
    });
  };

  for (const plain of [false, true])
    it(`a crash between hand-over and answer sends nothing; the next pass sends once (${plain ? 'a port without sendMany' : 'the metered outbox'})`, async () => {
      const phones = [freshPhone(), freshPhone()];
      const orders = [];
      for (const phone of phones) orders.push(await w.book(recipient(phone)));
      await crash(true);
      await w.pass(job(plain));
      for (const phone of phones) expect(await w.outbox(phone)).toHaveLength(0);
      await crash(false);
      await new Promise((r) => setTimeout(r, LEASE_MS + 100));
      await w.pass(job(plain));
      await new Promise((r) => setTimeout(r, LEASE_MS + 100));
      await w.pass(job(plain));
      for (const phone of phones) expect(await w.outbox(phone)).toHaveLength(1);
      for (const order of orders) expect(await w.outcomes(order)).toContain('BOOKED SMS_SENT');
    });
});
