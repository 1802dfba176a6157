import { performance } from 'node:perf_hooks';
import { PRE_ADVICE_TABLE, SLOTS_TABLE } from '@nordlog/contracts';
import type { System } from '@nordlog/deploy';
import { bookingDate, osloAddress } from '../support/booking.js';
import { numberArg as arg } from './args.js';
import { must, onLocalSystem, runBench, shopWorld } from './localSystem.js';
import { fmt } from './stats.js';
import { phaseProfiler } from './spineProfile.js';

/**
 * `npm run bench:preadvice` (`node tests/dist/bench/preAdvice.js [--orders N --slots S --keep --profile]`),
 * docs/decisions/0062-pre-advice.md.
 *
 * On the local PostgreSQL server, in a database of its own: a department whose policy sends an
 * SMS when a slot is dispatched, N (default 20,000) orders of one day on S (default 100) slots,
 * each with its own mobile number. Then the S slots are dispatched at once (their planning
 * completed) and the pre-advice process runs pass after pass until every order's SMS was handed
 * to the outbox (`message_outbox`, the development adapter). Printed: messages handed over a
 * second, against a bare INSERT of the same rows into a copy of the outbox in the same run (the
 * issue's target: at least 0.3 ×), and the time from the dispatch to the last message handed over.
 */

const ORDERS = arg('--orders', 20_000);
const SLOTS = arg('--slots', 100);
const KEEP = process.argv.includes('--keep');
/** CPU profiles of the server thread and the projector from the dispatch to the last message. */
const PROFILE = process.argv.includes('--profile');
const DATE = bookingDate(2);

/** Waits until the read model has `n` rows matching `where` (the projector caught up). */
async function until(system: System, what: string, count: () => Promise<number>, n: number) {
  for (
    let waited = 0;
    waited < (process.env.BENCH_WAIT_MS ? Number(process.env.BENCH_WAIT_MS) : 600_000);
    waited += 200
  ) {
    const now = await count();
    if (now >= n) return;
    if (waited % 10_000 === 0) console.log(`  waiting for ${what}: ${now} of ${n}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function book(system: System, department: string, customerId: string): Promise<void> {
  for (let from = 0; from < ORDERS; from += 100) {
    const orders = Array.from({ length: Math.min(100, ORDERS - from) }, (_, k) => ({
      departmentId: department,
      customerId,
      pickupDate: DATE,
      deliveryTimeEarliest: '10:00',
      deliveryTimeLatest: '16:00',
      pickup: { ...osloAddress, name: 'Lager Alnabru' },
      delivery: {
        ...osloAddress,
        name: `Mottaker ${from + k}`,
        phone: `+479${String(1_000_000 + from + k).padStart(7, '0')}`,
      },
      measurements: [{ weight: 2, quantity: 1 }],
    }));
    await must(system, 'CREATE_ORDERS', { orders });
  }
}

runBench(async () => {
  await onLocalSystem(
    'preadvice',
    async (system) => {
      const { knex } = system.db;
      const count = async (q: ReturnType<typeof knex>) =>
        Number(((await q.count<{ n: string }[]>('* as n')) as { n: string }[])[0]!.n);
      const { department, customerId } = await shopWorld(system);
      await must(system, 'CREATE_PRE_ADVICE_POLICY', {
        name: 'On dispatch',
        departmentId: department,
        triggers: ['DISPATCHED'],
        channel: 'SMS',
        texts: [
          { language: 'nb', smsText: 'Pakken din kommer {window}. Følg den: {trackingLink}' },
        ],
      });
      const bookStart = performance.now();
      await book(system, department, customerId);
      const bookSeconds = (performance.now() - bookStart) / 1000;
      await until(system, 'the orders booked', () => count(knex(PRE_ADVICE_TABLE)), ORDERS);
      const orders = (
        await knex(PRE_ADVICE_TABLE).orderBy('id').select<{ id: string }[]>('id')
      ).map((r) => String(r.id));
      const slots: string[] = [];
      const perSlot = Math.ceil(ORDERS / SLOTS);
      for (let s = 0; s < SLOTS; s++) {
        const slot = (
          await must(system, 'CREATE_SLOT', {
            departmentId: department,
            name: `Rute ${s + 1}`,
            timeFrom: `${DATE}T07:00:00.000Z`,
          })
        )[0]!;
        slots.push(slot);
        const consignmentIds = orders.slice(s * perSlot, (s + 1) * perSlot);
        if (consignmentIds.length > 0)
          await must(system, 'UPDATE_CONSIGNMENT_SLOT', { consignmentIds, slotId: slot });
      }
      await until(
        system,
        'the orders on their slots',
        () => count(knex(PRE_ADVICE_TABLE).whereNotNull('slot_id')),
        ORDERS,
      );
      // The booking trigger first (the policy does not send on it: WRONG_TRIGGER), untimed.
      while ((await system.preAdvice.pass()) > 0);
      await until(
        system,
        'the booking decisions',
        () => count(knex(PRE_ADVICE_TABLE).whereRaw(`'BOOKED' = any(decided)`)),
        ORDERS,
      );
      const before = await count(knex('message_outbox'));
      console.log(
        `  set-up: ${ORDERS} orders booked in ${fmt(bookSeconds, 1)} s on ${SLOTS} slots`,
      );

      // Statements sent to the database from the dispatch on (every pool's, by this process).
      let statements = 0;
      const counted = () => statements++;
      knex.on('query', counted);
      // Transactions committed in the bench's database (every statement outside one is one).
      const commits = async () => {
        await knex.raw('select pg_stat_clear_snapshot()');
        return Number(
          (
            await knex.raw<{ rows: { n: string }[] }>(
              `select xact_commit::text as n from pg_stat_database where datname = current_database()`,
            )
          ).rows[0]!.n,
        );
      };
      const commitsBefore = await commits();
      const profiler = PROFILE ? await phaseProfiler(system, knex) : null;
      await profiler?.start();
      const dispatchStart = performance.now();
      for (const slotId of slots)
        await must(system, 'CHANGE_SLOT_STATE', { slotId, transition: 'completePlanning' });
      await until(
        system,
        'the slots dispatched',
        () => count(knex(SLOTS_TABLE).where('state', 'PLANNED')),
        SLOTS,
      );
      let passes = 0;
      while ((await count(knex('message_outbox'))) - before < ORDERS) {
        await system.preAdvice.pass();
        passes++;
        if (passes > 1000) throw new Error('the messages were not all handed over');
      }
      const toLast = (performance.now() - dispatchStart) / 1000;
      await profiler?.stop('dispatch to the last message', ORDERS);
      knex.off('query', counted);
      await new Promise((r) => setTimeout(r, 1_500)); // the statistics are flushed about each second
      const committed = (await commits()) - commitsBefore;
      const span = (
        await knex.raw<{ rows: { first: Date; last: Date }[] }>(
          `select min(created_at) as first, max(created_at) as last from message_outbox where id > ?`,
          [before],
        )
      ).rows[0]!;
      const handedSeconds = Math.max(0.001, (span.last.getTime() - span.first.getTime()) / 1000);
      const handedRate = ORDERS / handedSeconds;

      // The same rows, inserted bare into a copy of the outbox in batches of 1,000.
      await knex.raw('create table bench_bare_outbox (like message_outbox including all)');
      const rows = await knex('message_outbox')
        .where('id', '>', before)
        .select('channel', 'recipient', 'subject', 'body');
      const bareStart = performance.now();
      for (let i = 0; i < rows.length; i += 1_000)
        await knex('bench_bare_outbox').insert(rows.slice(i, i + 1_000));
      const bareRate = rows.length / ((performance.now() - bareStart) / 1000);
      const duplicates = Number(
        (
          await knex.raw<{ rows: { n: number }[] }>(
            `select count(*)::int as n from (select recipient from message_outbox where id > ? group by recipient having count(*) > 1) d`,
            [before],
          )
        ).rows[0]!.n,
      );
      console.log(
        `  ${SLOTS} slots dispatched: ${ORDERS} SMS handed to the outbox in ${passes} passes, ${fmt(handedRate, 0)} a second (first to last); ` +
          `bare INSERT of the same rows: ${fmt(bareRate, 0)} a second; ratio ${fmt(handedRate / bareRate, 3)} × (target 0.3 ×)`,
      );
      console.log(
        `  from the dispatch to the last message handed over: ${fmt(toLast, 1)} s; recipients sent twice: ${duplicates}; ` +
          `statements from the dispatch on: ${statements} (${fmt(statements / ORDERS, 2)} a message, the slots' dispatch and the bench's counting included; ` +
          `knex's only, not the event store's); transactions committed: ${committed} (${fmt(committed / ORDERS, 2)} a message)`,
      );
    },
    { keep: KEEP, env: { PRE_ADVICE_INTERVAL_SECONDS: '0', RECURRING_INTERVAL_SECONDS: '0' } },
  );
});
