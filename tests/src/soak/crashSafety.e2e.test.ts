import { afterAll, describe, expect, it } from '@jest/globals';
import { connect, freePort, type Knex } from '@nordlog/platform';
import { randomUUID } from 'node:crypto';
import { configureNumberSeries } from '../support/booking.js';
import { createEmptyDatabase } from '../support/database.js';
import { freshPhone } from '../support/system.js';
import {
  liveAndRebuilt,
  orderPayload,
  param,
  pick,
  report,
  sendCommand,
  settled,
  signIn,
  sleep,
  startProduct,
  type Answer,
  type Product,
  type Session,
} from './support.js';

/** Kills of the product process (SIGKILL: no shutdown of any kind). */
const KILLS = param('SOAK_KILLS', 3, 20);
/** Clients sending commands side by side, each one after the other. */
const WORKERS = pick(6, 8);
/** Commands acknowledged between one start and the next kill: at least, plus a random part. */
const ACKS_BEFORE_KILL = pick(15, 30);

interface Sent {
  type: 'CREATE_ORDER' | 'UPDATE_CUSTOMER' | 'MANUAL_COLLECT';
  commandId: string;
  payload: unknown;
  /** Attempts that got no answer (the process died under them, or was down). */
  unanswered: number;
  /** Whether it was stored already when its first attempt got no answer. */
  storedBeforeRetry?: boolean;
  answer?: Answer;
}

/**
 * Crash safety (issue "A reliability suite that stays"): the product runs in a child process and
 * is SIGKILLed again and again under a booking load, and restarted on the same database each time.
 * The clients behave as the API asks of them: every command has a client-chosen commandId, and a
 * command that got no answer is sent again with the same id until it is answered. Afterwards every
 * command is in the event store exactly once, and the read models equal a rebuild from position 0.
 */
describe('crash safety: the product SIGKILLed under a booking load', () => {
  let drop: (() => Promise<void>) | null = null;
  let knex: Knex | null = null;
  let product: Product | null = null;
  afterAll(async () => {
    await product?.kill().catch(() => undefined);
    await knex?.destroy().catch(() => undefined);
    await drop?.().catch(() => undefined);
  });

  it(
    `every command answered 200 is stored exactly once after ${KILLS} kills, and the read models equal a rebuild`,
    async () => {
      const database = await createEmptyDatabase();
      drop = database.drop;
      knex = connect(database.url, 4);
      const db = knex;
      const port = await freePort();
      const adminPhone = freshPhone();
      const start = async () => {
        product = await startProduct({ databaseUrl: database.url, port, adminPhone });
        return product;
      };
      const first = await start();
      const url = first.url;
      // The admin exists once its user row is projected (the login looks it up).
      await settled(knex);
      const session: Session = await signIn(knex, url, adminPhone);
      const setup = async (type: string, payload: unknown) => {
        const res = await sendCommand(url, session, type, payload);
        if (res.status !== 200) throw new Error(`${type}: ${JSON.stringify(res.body)}`);
        return res.body.ids[0] as string;
      };
      await configureNumberSeries({
        command: (type, payload) => sendCommand(url, session, type, payload),
      });
      const department = await setup('CREATE_DEPARTMENT', {
        name: 'Oslo',
        departmentType: 'courier',
        country: 'NO',
        location: { lat: 59.91, lng: 10.75 },
      });
      // One customer per client: its updates never race another client's.
      const customers: string[] = [];
      for (let w = 0; w < WORKERS; w++)
        customers.push(
          await setup('CREATE_CUSTOMER', { name: `Kunde ${w}`, departmentId: department }),
        );

      const sent: Sent[] = [];
      let acknowledged = 0;
      let stopping = false;
      /** The test failed: the clients give up on commands in hand too. */
      let abandoned = false;
      let orders = 0;
      const worker = async (w: number) => {
        let lastOrder: string | null = null;
        for (let i = 0; !stopping; i++) {
          const commandId = randomUUID();
          // Mostly bookings; every fifth command collects the client's last order, every fifth
          // renames its customer.
          const command: Sent =
            i % 5 === 4
              ? {
                  type: 'UPDATE_CUSTOMER',
                  commandId,
                  payload: { id: customers[w], name: `Kunde ${w} v${i}` },
                  unanswered: 0,
                }
              : i % 5 === 2 && lastOrder
                ? {
                    type: 'MANUAL_COLLECT',
                    commandId,
                    payload: { consignmentIds: [lastOrder] },
                    unanswered: 0,
                  }
                : {
                    type: 'CREATE_ORDER',
                    commandId,
                    payload: orderPayload(department, customers[w]!, ++orders),
                    unanswered: 0,
                  };
          sent.push(command);
          // No answer: send it again, with the same commandId, until one comes.
          while (!command.answer && !abandoned) {
            try {
              command.answer = await sendCommand(
                url,
                session,
                command.type,
                command.payload,
                command.commandId,
              );
            } catch {
              command.unanswered += 1;
              // The process died under it: did the command commit before the kill? (Its outcome
              // is stored in the same statement as its events.) The retry must not store it again.
              if (command.unanswered === 1)
                command.storedBeforeRetry = Boolean(
                  await db('es_command_results').where({ command_id: command.commandId }).first(),
                );
              await sleep(50 + Math.random() * 100);
            }
          }
          if (command.answer?.status === 200) {
            acknowledged += 1;
            if (command.type === 'CREATE_ORDER') lastOrder = command.answer.body.ids[0];
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      const waitForAcks = async (n: number) => {
        const target = acknowledged + n;
        const until = Date.now() + 60_000;
        while (acknowledged < target && Date.now() < until) await sleep(10);
        if (acknowledged < target) throw new Error(`no progress: ${acknowledged} of ${target}`);
      };

      let kills = 0;
      const restartMs: number[] = [];
      try {
        for (let k = 0; k < KILLS; k++) {
          await waitForAcks(ACKS_BEFORE_KILL + Math.floor(Math.random() * ACKS_BEFORE_KILL));
          await sleep(Math.random() * 150);
          await product!.kill();
          kills += 1;
          await sleep(Math.random() * 300);
          const t0 = performance.now();
          await start();
          restartMs.push(performance.now() - t0);
        }
        // Load after the last restart, then the clients finish what they have in hand.
        await waitForAcks(ACKS_BEFORE_KILL);
      } catch (err) {
        abandoned = true;
        throw err;
      } finally {
        stopping = true;
        await Promise.all(workers);
      }
      await settled(knex);

      // Every command, by its commandId, in the event store and the read models.
      const events = await knex.raw<{
        rows: { command_id: string; stream_id: string; type: string; n: number }[];
      }>(
        `select metadata->>'commandId' as command_id, stream_id, type, count(*)::int as n
       from es_events where stream_id like 'order-%' or stream_id like 'customer-%'
       group by 1, 2, 3`,
      );
      const byCommand = new Map<string, { stream_id: string; type: string; n: number }[]>();
      for (const row of events.rows)
        byCommand.set(row.command_id, [...(byCommand.get(row.command_id) ?? []), row]);
      const ordersRows = await knex('rm_orders').select<{ id: string }[]>(
        knex.raw('id::text as id'),
      );
      const orderIds = new Set(ordersRows.map((r) => r.id));
      const answered = sent.filter((c) => c.answer);
      const ok = answered.filter((c) => c.answer!.status === 200);
      const failed = answered.filter((c) => c.answer!.status !== 200);
      let lost = 0;
      let doubled = 0;
      let missingRows = 0;
      for (const c of ok) {
        const rows = byCommand.get(c.commandId) ?? [];
        const stream = `${c.type === 'UPDATE_CUSTOMER' ? 'customer' : 'order'}-${c.answer!.body.ids[0]}`;
        if (!rows.some((r) => r.stream_id === stream)) lost += 1;
        // Doubled: the same command stored twice, on its stream or on another (a second order).
        if (new Set(rows.map((r) => r.stream_id)).size > 1 || rows.some((r) => r.n > 1))
          doubled += 1;
        if (c.type === 'CREATE_ORDER' && !orderIds.has(String(c.answer!.body.ids[0])))
          missingRows += 1;
      }
      const known = new Set(sent.map((c) => c.commandId));
      // Events of commands no client sent (the set-up's CREATE_CUSTOMERs aside): none.
      const strangers = events.rows.filter(
        (r) => r.type !== 'CustomerCreated' && !known.has(r.command_id),
      ).length;
      const createdOrders = ok.filter((c) => c.type === 'CREATE_ORDER').length;
      const perType = Object.fromEntries(
        ['CREATE_ORDER', 'MANUAL_COLLECT', 'UPDATE_CUSTOMER'].map((t) => [
          t,
          ok.filter((c) => c.type === t).length,
        ]),
      );
      const retried = sent.filter((c) => c.unanswered > 0).length;

      // The read models as the crashed and restarted projectors left them, against a rebuild.
      await product!.stop();
      product = null;
      const { live, rebuilt, events: replayed } = await liveAndRebuilt(database.url);
      const differing = live.filter((c, i) => c !== rebuilt[i]).length;

      report('crash safety', {
        kills,
        workers: WORKERS,
        commandsSent: sent.length,
        acknowledged: ok.length,
        acknowledgedByType: perType,
        refused: failed.length,
        unansweredThenRetried: retried,
        committedButUnanswered: sent.filter((c) => c.storedBeforeRetry).length,
        lost,
        doubled,
        ordersAcknowledged: createdOrders,
        ordersInReadModel: orderIds.size,
        ordersMissingInReadModel: missingRows,
        unknownCommandsInStore: strangers,
        restartMs: restartMs.map(Math.round),
        rebuiltEvents: replayed,
        readModelsDifferingFromRebuild: differing,
      });
      expect(kills).toBe(KILLS);
      expect(failed.map((c) => c.answer)).toEqual([]);
      expect(ok.length).toBe(sent.length);
      expect(createdOrders).toBeGreaterThan(KILLS * ACKS_BEFORE_KILL * 0.5);
      expect({ lost, doubled, missingRows, strangers }).toEqual({
        lost: 0,
        doubled: 0,
        missingRows: 0,
        strangers: 0,
      });
      expect(orderIds.size).toBe(createdOrders);
      expect(live.join(',')).toContain(`rm_orders:${createdOrders}:`);
      expect(rebuilt).toEqual(live);
    },
    pick(240_000, 1_800_000),
  );
});
