import {
  CUSTOMER_GROUPS_TABLE,
  CUSTOMERS_TABLE,
  DEPARTMENTS_TABLE,
  PRE_ADVICE_POLICIES_TABLE,
  PRE_ADVICE_TABLE,
  SLOTS_TABLE,
  addDays,
  countryTimeZones,
  dayIn,
  orderStream,
  preAdviceTriggerKey,
  resolvePolicy,
  type EventMetadata,
  type PreAdviceCause,
  type PreAdvicePolicy,
  type PreAdviceRow,
  type PreAdviceAdminTexts,
} from '@nordlog/contracts';
import {
  deterministicUuid,
  type EventStore,
  type Knex,
  type Logger,
  type MessagePort,
} from '@nordlog/platform';
import { target } from '../framework/decider.js';
import { executeTarget } from '../framework/execute.js';
import { PeriodicJob } from '../framework/periodicJob.js';
import { StreamStates, STREAM_STATES_KEPT } from '../framework/streamStates.js';
import { preAdviceDecider, type PreAdviceCommand } from './decider.js';
import { appendMany, chunks, type OrderCommands } from './batchAppend.js';
import { relayMany, type QueuedAttempt } from './relayMany.js';
import { stopsAwayCandidates } from './stopsAwayScan.js';
import { preAdviceAdminTexts } from './adminTexts.js';

export interface PreAdviceJobDeps {
  /** The event store as the product reads it (personal data opened: the messages' recipients). */
  store: EventStore;
  knex: Knex;
  /** The delivery adapters (development outbox, or SMTP and LINK Mobility). */
  messages: MessagePort;
  logger: Logger;
  /** The public address the tracking links start with. */
  publicUrl: () => string;
  /** Pre-advice is on (PRE_ADVICE_ENABLED); off, planners' attempts end as FEATURE_OFF. */
  enabled?: boolean;
  /** How often it looks (default every 30 s). */
  intervalMs?: number;
  clock?: () => Date;
  /** Orders decided per trigger and pass at most (default 20,000: a day of a large department in one pass). */
  batch?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Orders decided and relayed side by side (default 8). */
  concurrency?: number;
}

/** What a pass found to do for one order. */
interface Due {
  row: PreAdviceRow;
  key: string;
  cause: PreAdviceCause;
  /** STOPS_AWAY: the stops the courier has still to make before the order's delivery. */
  stopsBefore?: number;
}

/**
 * The pre-advice process (docs/decisions/0062-pre-advice.md). Each pass:
 * 1. finds the attempts due: planners' requests, orders just booked (BOOKED), orders delivered
 *    tomorrow in their department's country (DAY_BEFORE), orders on a slot whose planning was
 *    completed or whose route started (DISPATCHED), orders on a running route the courier is
 *    near (STOPS_AWAY, stopsAwayScan.ts);
 * 2. decides each on the order's stream with the policy that covers the order: an outcome, or
 *    messages queued (the event is the outbox's record);
 * 3. relays the queued messages through the delivery adapters and records their outcome.
 * Restart-safe and safe with two processes: it keeps nothing between passes; an attempt's key is
 * decided once (the stream refuses a second decision, and a deterministic command id makes a lost
 * race a repeat), and each message is claimed before it is handed over (relay.ts).
 */
export class PreAdviceJob extends PeriodicJob {
  constructor(private readonly deps: PreAdviceJobDeps) {
    super(deps.intervalMs ?? 30_000, deps.clock ?? (() => new Date()));
  }

  /**
   * The orders' folded streams within one pass (decided, then relayed, read on from where they
   * were); a new one each pass, so nothing read before an erasure outlives the pass.
   */
  private states: StreamStates | null = null;

  protected async run(now: Date): Promise<number> {
    // Sized to the pass: the relay reads on from where deciding left each order (a state evicted
    // in between would be read again from the order's first event, personal data opened and all).
    const kept = Math.max(STREAM_STATES_KEPT, 2 * (this.deps.batch ?? 20_000));
    this.states = new StreamStates(this.deps.store, kept);
    try {
      return await this.passOver(now);
    } finally {
      this.states = null;
    }
  }

  private async passOver(now: Date): Promise<number> {
    let done = 0;
    const policies = await this.policies();
    const groups = await this.customerGroups();
    const senderNames = await this.senderNames();
    const texts = await preAdviceAdminTexts(this.deps.knex);
    /** Orders whose attempt this pass decided: relayed now, before the read model shows them. */
    const decided = new Set<string>();
    // Without a policy every trigger would only record NO_RULE: none fires then.
    const byOrder = new Map<string, Due[]>();
    for (const due of await this.due(now, policies.length > 0))
      byOrder.set(due.row.id, [...(byOrder.get(due.row.id) ?? []), due]);
    // Each order's attempts decided in order (BOOKED before DAY_BEFORE), many orders at once.
    const commands: OrderCommands[] = [];
    for (const [orderId, attempts] of byOrder) {
      const decide: PreAdviceCommand[] = [];
      for (const due of attempts) {
        const policy = resolvePolicy(policies, {
          departmentId: due.row.departmentId,
          customerId: due.row.customerId,
          customerGroupIds: groups.get(due.row.customerId) ?? [],
          serviceId: due.row.serviceId,
        });
        // A trigger after booking fires only for orders whose policy has it (no event otherwise).
        const { cause } = due;
        const later = cause === 'DAY_BEFORE' || cause === 'DISPATCHED' || cause === 'STOPS_AWAY';
        if (later && !policy?.triggers.includes(cause)) continue;
        // STOPS_AWAY fires once the courier is the policy's number of stops away or nearer.
        if (cause === 'STOPS_AWAY' && (due.stopsBefore ?? 0) > (policy?.stopsAway ?? -1)) continue;
        decide.push(this.decideCommand(due, policy, senderNames.get(due.row.customerId), texts));
      }
      if (decide.length > 0) commands.push({ orderId, commands: decide });
    }
    const appended = await this.inChunks(commands, 'decide', now);
    for (const [orderId, n] of appended) {
      if (n > 0) decided.add(orderId);
      done += n;
    }
    done += await this.relay(now, decided);
    return done;
  }

  private get concurrency(): number {
    return this.deps.concurrency ?? 8;
  }

  private async policies(): Promise<PreAdvicePolicy[]> {
    const rows = await this.deps
      .knex(PRE_ADVICE_POLICIES_TABLE)
      .where('deleted', false)
      .select<{ data: PreAdvicePolicy }[]>('data');
    return rows.map((r) => r.data);
  }

  /** Customer id → its sender name, for the customers that have one (docs/decisions/0071). */
  private async senderNames(): Promise<Map<string, string>> {
    const rows = await this.deps
      .knex(CUSTOMERS_TABLE)
      .whereRaw(`coalesce(data->>'senderName', '') <> ''`)
      .select<{ id: string; senderName: string }[]>(
        this.deps.knex.raw('id::text as id'),
        this.deps.knex.raw(`data->>'senderName' as "senderName"`),
      );
    return new Map(rows.map((r) => [r.id, r.senderName]));
  }

  /** Customer id → the groups it is a member of. */
  private async customerGroups(): Promise<Map<string, string[]>> {
    const rows = await this.deps
      .knex(CUSTOMER_GROUPS_TABLE)
      .where('deleted', false)
      .select<{ id: string; members: string[] | null }[]>(
        'id',
        this.deps.knex.raw(`data->'customerIds' as members`),
      );
    const byCustomer = new Map<string, string[]>();
    for (const g of rows)
      for (const c of g.members ?? [])
        byCustomer.set(c, [...(byCustomer.get(c) ?? []), String(g.id)]);
    return byCustomer;
  }

  private async due(now: Date, triggers: boolean): Promise<Due[]> {
    const { knex } = this.deps;
    const limit = this.deps.batch ?? 20_000;
    const rowsOf = async (q: Knex.QueryBuilder) =>
      (await q.orderBy('id').limit(limit).select<{ data: PreAdviceRow }[]>('data')).map(
        (r) => r.data,
      );
    const due: Due[] = [];
    for (const row of await rowsOf(knex(PRE_ADVICE_TABLE).where('waiting', true)))
      for (const key of row.requested)
        due.push({ row, key, cause: key.startsWith('PRE_PICKUP') ? 'PRE_PICKUP' : 'MANUAL' });
    if (this.deps.enabled === false || !triggers) return due;
    const today = await this.todayByDepartment(now);
    const earliest = [...today.values()].reduce(
      (a, b) => (a < b ? a : b),
      dayIn('UTC', now.toISOString()),
    );
    const booked = knex(PRE_ADVICE_TABLE)
      .whereRaw(`not ('BOOKED' = any(decided))`)
      .where('delivery_date', '>=', earliest);
    for (const row of await rowsOf(booked)) due.push({ row, key: 'BOOKED', cause: 'BOOKED' });
    const tomorrows = [...new Set([...today.values()].map((d) => addDays(d, 1)))];
    const dayBefore = knex(PRE_ADVICE_TABLE)
      .whereIn('delivery_date', tomorrows)
      .whereRaw(`not (('DAY_BEFORE-' || delivery_date) = any(decided))`);
    for (const row of await rowsOf(dayBefore)) {
      const key = preAdviceTriggerKey('DAY_BEFORE', row);
      const tomorrow = addDays(today.get(row.departmentId) ?? earliest, 1);
      if (row.deliveryDate === tomorrow && !row.decided.includes(key))
        due.push({ row, key, cause: 'DAY_BEFORE' });
    }
    const dispatched = knex(PRE_ADVICE_TABLE)
      .whereRaw(`not (('DISPATCHED-' || slot_id) = any(decided))`)
      .whereIn(
        'slot_id',
        knex(SLOTS_TABLE)
          .where('deleted', false)
          .whereIn('state', ['PLANNED', 'IN_PROGRESS'])
          .select('id'),
      );
    for (const row of await rowsOf(dispatched.where('delivery_date', '>=', earliest))) {
      const key = preAdviceTriggerKey('DISPATCHED', row);
      if (!row.decided.includes(key)) due.push({ row, key, cause: 'DISPATCHED' });
    }
    for (const c of await stopsAwayCandidates(knex, earliest, limit))
      due.push({ row: c.row, key: c.key, cause: 'STOPS_AWAY', stopsBefore: c.stopsBefore });
    return due;
  }

  /** Today in each department's country (spec §9 time zones). */
  private async todayByDepartment(now: Date): Promise<Map<string, string>> {
    const rows = await this.deps
      .knex(DEPARTMENTS_TABLE)
      .select<{ id: string; country: string | null }[]>(
        'id',
        this.deps.knex.raw(`data->>'country' as country`),
      );
    return new Map(
      rows.map((d) => [
        String(d.id),
        dayIn(countryTimeZones[d.country ?? ''] ?? 'Europe/Oslo', now.toISOString()),
      ]),
    );
  }

  /** Runs one command on the order's stream as the system, under a command id of its own. */
  private async execute(orderId: string, name: string, command: PreAdviceCommand, now: Date) {
    const commandId = deterministicUuid('pre-advice', name, orderId);
    const metadata: EventMetadata = {
      commandId,
      correlationId: commandId,
      causationId: commandId,
      userId: 'system',
      occurredAt: now.toISOString(),
    };
    const t = target({
      id: orderId,
      streamId: orderStream(orderId),
      decider: preAdviceDecider,
      command,
      redecide: true,
    });
    try {
      const states = this.states ?? new StreamStates(this.deps.store);
      return (await executeTarget(this.deps.store, t, metadata, undefined, states)).length;
    } catch (err) {
      this.deps.logger.warn({ err, order: orderId, step: name }, 'pre-advice step not taken');
      return 0;
    }
  }

  private decideCommand(
    due: Due,
    policy: PreAdvicePolicy | null,
    senderName: string | undefined,
    texts: PreAdviceAdminTexts,
  ): PreAdviceCommand {
    return {
      ...(senderName ? { senderName } : {}),
      texts,
      type: 'DECIDE',
      key: due.key,
      cause: due.cause,
      policy,
      host: this.deps.publicUrl(),
      featureOn: this.deps.enabled !== false,
    };
  }

  /**
   * Runs the orders' commands in chunks (batchAppend.ts): each chunk's streams read at once and
   * its events appended in one multi-stream append; a chunk whose append lost a race to another
   * process runs its commands one by one (the decider appends nothing decided twice). The chunks
   * run side by side (`concurrency`). Returns the events appended per order.
   */
  private async inChunks(
    all: readonly OrderCommands[],
    name: string,
    now: Date,
  ): Promise<Map<string, number>> {
    const appended = new Map<string, number>();
    await eachConcurrently(chunks(all), this.concurrency, async (chunk) => {
      if (this.stopped) return;
      const states = this.states ?? new StreamStates(this.deps.store);
      const counts = await appendMany(this.deps.store, states, chunk, name, now);
      if (counts) {
        for (const [id, n] of counts) appended.set(id, n);
        return;
      }
      for (const { orderId, commands } of chunk)
        for (const command of commands) {
          const step = command.type === 'DECIDE' || command.type === 'DELIVERED' ? command.key : '';
          const n = await this.execute(orderId, `${name} ${step}`, command, now);
          appended.set(orderId, (appended.get(orderId) ?? 0) + n);
        }
    });
    return appended;
  }

  /** Sends what is queued (orders waiting, and those just decided) and records the outcomes. */
  private async relay(now: Date, decided: ReadonlySet<string>): Promise<number> {
    const rows = await this.deps
      .knex(PRE_ADVICE_TABLE)
      .where('waiting', true)
      .orderBy('id')
      .limit(this.deps.batch ?? 20_000)
      .select<{ id: string; pending: string[] }[]>(
        'id',
        this.deps.knex.raw(`data->'pending' as pending`),
      );
    const ids = new Set([
      ...rows.filter((r) => r.pending.length > 0).map((r) => String(r.id)),
      ...decided,
    ]);
    const delivered: OrderCommands[] = [];
    await eachConcurrently(chunks([...ids]), this.concurrency, async (chunk) => {
      if (this.stopped) return;
      const states = this.states ?? new StreamStates(this.deps.store);
      const folded = await states.loadMany(chunk.map(orderStream), preAdviceDecider);
      const erased: OrderCommands[] = [];
      const queued: QueuedAttempt[] = [];
      chunk.forEach((orderId, i) => {
        const { state } = folded[i]!;
        if (state.status !== 'booked') return;
        const attempts = Object.entries(state.queued);
        // A recipient erased since the messages were queued is sent nothing (refused).
        if (state.erased && attempts.length > 0)
          erased.push({
            orderId,
            commands: attempts.map(([key, q]) => ({
              type: 'DELIVERED',
              key,
              result: {
                sms: q.messages.sms ? 'refused' : null,
                email: q.messages.email ? 'refused' : null,
              },
            })),
          });
        else for (const [key, q] of attempts) queued.push({ orderId, key, messages: q.messages });
      });
      const results = await relayMany(this.deps, queued);
      const byOrder = new Map<string, PreAdviceCommand[]>();
      queued.forEach(({ orderId, key }, i) => {
        const result = results[i];
        if (result)
          byOrder.set(orderId, [
            ...(byOrder.get(orderId) ?? []),
            { type: 'DELIVERED', key, result },
          ]);
      });
      delivered.push(
        ...erased,
        ...[...byOrder].map(([orderId, commands]) => ({ orderId, commands })),
      );
    });
    let done = 0;
    for (const n of (await this.inChunks(delivered, 'delivered', now)).values()) done += n;
    return done;
  }
}

/** Runs `task` over the items, at most `limit` at a time. */
async function eachConcurrently<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
