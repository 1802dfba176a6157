import { START, kafkaHeaders, kafkaTopics, type GlobalPosition } from '@nordlog/contracts';
import {
  CHANGE_FEED_MAX_WAIT_MS,
  connect,
  createRelayProducer,
  gaplessHead,
  readCheckpoint,
  replayFrom,
  withDatabase,
} from '@nordlog/platform';
import { Kafka, logLevel } from 'kafkajs';
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { startMockKafka } from '../support/kafkaMock.js';
import {
  gatewaySignIn,
  startGateways,
  systemAdmin,
  systemDepartment,
  topology,
  waitReady,
} from '../support/processes.js';
import { connectSocket } from '../support/socket.js';
import { projectionsSettled } from '../support/system.js';
import { cpuShares, cpuSnapshot, printShares } from './cpuShare.js';
import { postJson } from './httpClient.js';
import { steadyRate } from './readerRate.js';
import { fmt, percentile, runConcurrent } from './stats.js';
import { numberArg as arg, LOCAL_URL } from './args.js';

/**
 * `npm run bench:topology [-- --backlog N --rate R --seconds S --warm-up W --fetch-wait F]`
 *
 * The production topology on the local PostgreSQL server and librdkafka's mock Kafka cluster
 * (hosted by kcat; a real protocol implementation, but in one process on this machine): command,
 * query, projector and relay services and two gateways, each a process of its own; gateways take
 * their change feed from Kafka.
 * 1. Throughput: a backlog of N (default 50,000) commands' events, projected by the projector from
 *    a standstill, then published by the relay from a standstill, each alone (the gateways start
 *    after): events/s of each, and the relay's rate as a ratio to the projector's (target ≥ 1: the
 *    relay is never the bottleneck) for the relay as deployed (a process per source, deploy/,
 *    each with a core of its own: measured one at a time), and for comparison the two at once on
 *    this machine's two cores and one process publishing both. The floor: the same number of
 *    messages sent by one producer from memory, best of three.
 * 2. Latency at R (default 200) commands/s for S (default 10) seconds after W (default 2) seconds
 *    of the same to warm up (printed apart, not counted), commands sent through
 *    gateway A: the command's answer (baseline); from the append (the event's occurredAt, which
 *    the command service sets just before it appends) until a Kafka consumer of the events topic
 *    gets the event, and until a socket on gateway B gets the changed row (target p99 < 100 ms).
 *    The socket's way in stages: until the projector wrote the change (the change message's
 *    createdAt), and from there to the bench's consumer of the change topic and to the socket;
 *    and the whole way from the client's sending of the command. All processes here read the
 *    same system clock, in whole milliseconds. And the
 *    CPU each process used while the commands were sent, with the machine's: whether the machine
 *    was saturated, and by what (`other`: beyond the topology, PostgreSQL and this bench).
 *    The gateways' and the bench's consumers' fetch wait is F ms (default the product's, 50): the
 *    mock answers a fetch only at the end of its wait, so F bounds what the mock adds to each
 *    change, where a Kafka broker answers once the change is there.
 */
// 50,000: each rate is then taken over seconds, not the fraction of one in which 10,000 went
// through with the JIT still cold.
const BACKLOG = arg('--backlog', 50_000);
const RATE = arg('--rate', 200);
const SECONDS = arg('--seconds', 10);
const WARM_UP = arg('--warm-up', 2);
/** The gateways' fetch wait (KAFKA_FETCH_MAX_WAIT_MS), also the bench's consumers'. */
const FETCH_WAIT = arg('--fetch-wait', CHANGE_FEED_MAX_WAIT_MS);

const row = (label: string, xs: number[], base?: number[]) => {
  const ratio = base
    ? `  ratio p99 to baseline ${fmt(percentile(xs, 99) / percentile(base, 99), 1)}`
    : '';
  console.log(
    `  ${label.padEnd(46)} p50 ${fmt(percentile(xs, 50), 1).padStart(7)} ms  p99 ${fmt(percentile(xs, 99), 1).padStart(7)} ms${ratio}`,
  );
};

async function main() {
  const name = `bench_topology_${Date.now()}`;
  const admin = connect(LOCAL_URL, 1);
  await admin.raw(`create database ${name}`);
  const url = withDatabase(LOCAL_URL, name);
  const knex = connect(url, 4);
  const kafka = await startMockKafka();
  const t = topology({
    DATABASE_URL: url,
    KAFKA_BROKERS: kafka.brokers.join(','),
    CHANGE_FEED: 'kafka',
    KAFKA_FETCH_MAX_WAIT_MS: String(FETCH_WAIT),
    ...(process.env.RELAY_BATCH_SIZE ? { RELAY_BATCH_SIZE: process.env.RELAY_BATCH_SIZE } : {}),
  });
  try {
    console.log(
      `bench:topology: local PostgreSQL (database ${name}), mock Kafka ${kafka.brokers.length} brokers`,
    );
    const command = await t.start('command', 'command');
    const query = await t.start('query', 'query');
    const department = await systemDepartment(t);

    // 1. The backlog, with neither projector nor relay running; then each alone from a standstill.
    await runConcurrent(BACKLOG, 8, async (i) => {
      const res = await t.systemCommand('CREATE_CUSTOMER', {
        name: `Kunde ${i}`,
        departmentId: department,
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    });
    const backlog = Number((await knex('es_events').count<{ c: string }[]>('* as c'))[0]!.c);
    // Each from a standstill, timed from its first checkpoint to the end of the backlog (start-up
    // left out, alike for both): events done in between / time in between.
    const head = await gaplessHead(knex, 'es_events');
    const projectorAt = async (): Promise<GlobalPosition> => {
      const { rows } = await knex.raw<{ rows: { t: string | null; p: string | null }[] }>(
        `select transaction_id::text as t, position::text as p from projection_checkpoints
          order by transaction_id, position limit 1`,
      );
      return { transactionId: rows[0]?.t ?? '0', position: rows[0]?.p ?? '0' };
    };
    const projector = await t.start('projector', 'projector');
    const projectorRate = await steadyRate(knex, projectorAt, head);
    await projectionsSettled(knex, 600_000);
    const changes = Number((await knex('rm_changes').count<{ c: string }[]>('* as c'))[0]!.c);
    const changesHead = await gaplessHead(knex, 'rm_changes');
    // The relay from a standstill: one process for both sources (the default); a process per
    // source (RELAY_SOURCES), both at once; and each of those alone. The clocks run before the
    // processes start, so a source done before the other's process is up is measured too.
    const clocks = {
      events: () => steadyRate(knex, () => readCheckpoint(knex, 'events'), head),
      changes: () =>
        steadyRate(knex, () => readCheckpoint(knex, 'changes'), changesHead, 'rm_changes'),
    };
    const measureRelay = async <S extends keyof typeof clocks>(
      processes: [string, Record<string, string>][],
      sources: readonly S[],
    ): Promise<Record<S, number>> => {
      await replayFrom(knex, sources, START);
      const rates = Promise.all(sources.map((source) => clocks[source]()));
      const started = await Promise.all(
        processes.map(([name, env]) => t.start(name, 'relay', env)),
      );
      const measured = await rates;
      for (const p of started) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
      return Object.fromEntries(sources.map((source, i) => [source, measured[i]!])) as Record<
        S,
        number
      >;
    };
    const both = ['events', 'changes'] as const;
    const relayOne = await measureRelay([['relay', {}]], both);
    const relayPerSource: [string, Record<string, string>][] = [
      ['relay-events', { RELAY_SOURCES: 'events' }],
      ['relay-changes', { RELAY_SOURCES: 'changes' }],
    ];
    const relaySplit = await measureRelay(relayPerSource, both);
    // As deployed, each relay has a core of its own (deploy/: a CPU limit of one core each, as
    // the projector). Here two relays and the broker share two cores, so each is also measured
    // with the other stopped.
    const relayAlone = {
      ...(await measureRelay([relayPerSource[0]!], ['events'])),
      ...(await measureRelay([relayPerSource[1]!], ['changes'])),
    };
    // The relay as deployed: a process per source.
    await Promise.all(relayPerSource.map(([name, env]) => t.start(name, 'relay', env)));
    // The gateways start now, taking changes from here on (each its own consumer group, from the
    // end of the topics): the relay's rate above is, like the projector's, measured alone; on
    // this 2-core machine two gateways reading 10,000 changes at the same time would take about
    // half a core from it, which in production they do on machines of their own.
    const gateways = await startGateways(t, ['a', 'b'], command, query);
    await Promise.all(
      [command, query, projector, ...gateways].map((p) => waitReady(p.url, 60_000)),
    );

    // The floor of the broker on this machine: the same number of messages of an event's size,
    // produced as the relay produces (batches, acks from all replicas, one request in flight)
    // straight from memory; and one message at a time until a consumer (the live settings) has it.
    const client = new Kafka({
      clientId: 'bench-floor',
      brokers: kafka.brokers,
      logLevel: logLevel.NOTHING,
    });
    const floorProducer = createRelayProducer(client);
    await floorProducer.connect();
    const sample = JSON.stringify(
      (await knex('es_events').first('data', 'metadata', 'type')) ?? {},
    );
    const relayBatch = Number(process.env.RELAY_BATCH_SIZE ?? 500);
    // The topic made (on first use) and its partitions' leaders known before the clock starts, as
    // the relay's topics are before its rate is measured.
    await floorProducer.send({ topic: 'bench.floor', acks: -1, messages: [{ value: sample }] });
    // Messages as the relay's (a key, the value, its two headers); the best of three rounds, the
    // first one with a cold compiler.
    let floorSeconds = Infinity;
    for (let round = 0; round < 3; round++) {
      const floorStarted = performance.now();
      for (let i = 0; i < backlog; i += relayBatch)
        await floorProducer.sendBatch({
          acks: -1,
          topicMessages: [
            {
              topic: 'bench.floor',
              messages: Array.from({ length: Math.min(relayBatch, backlog - i) }, (_, j) => ({
                key: `s-${(i + j) % 97}`,
                value: sample,
                headers: {
                  [kafkaHeaders.messageId]: randomUUID(),
                  [kafkaHeaders.type]: 'CustomerCreated',
                },
              })),
            },
          ],
        });
      floorSeconds = Math.min(floorSeconds, (performance.now() - floorStarted) / 1000);
    }
    const floorConsumer = client.consumer({
      groupId: `bench-floor-${randomUUID()}`,
      sessionTimeout: 6000,
      maxWaitTimeInMs: FETCH_WAIT,
    });
    await floorConsumer.connect();
    await floorConsumer.subscribe({ topics: ['bench.floor.live'], fromBeginning: false });
    const floorSent = new Map<string, number>();
    const floorLatency: number[] = [];
    let floorFetching!: () => void;
    const floorReady = new Promise<void>((r) => (floorFetching = r));
    floorConsumer.on(floorConsumer.events.FETCH_START, () => floorFetching());
    await floorConsumer.run({
      eachMessage: async ({ message }) => {
        const sent = floorSent.get(String(message.key));
        if (sent !== undefined) floorLatency.push(performance.now() - sent);
      },
    });
    await floorReady;
    for (let i = 0; i < Math.min(200, RATE * SECONDS); i++) {
      floorSent.set(String(i), performance.now());
      await floorProducer.send({
        topic: 'bench.floor.live',
        acks: -1,
        messages: [{ key: String(i), value: sample }],
      });
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    await new Promise((r) => setTimeout(r, 1000));
    await floorConsumer.disconnect();
    await floorProducer.disconnect();

    // 2. Live: a Kafka consumer of the events topic and a socket on gateway B.
    const phone = await systemAdmin(t, knex);
    const onA = await gatewaySignIn(knex, gateways[0]!.url, phone);
    const onB = await gatewaySignIn(knex, gateways[1]!.url, phone);
    // The first W s of commands warm the processes' paths up (their compilers were cold: the
    // first second or two of a run had tens of sockets over 100 ms, the rest a few); they are
    // printed apart and not counted.
    // Each command by commandId: when it was sent (this process's clock, performance.now()) and
    // whether it warms up; the id it created, from its answer.
    const commands = new Map<string, { sent: number; warm: boolean; id?: string }>();
    // Wall-clock instants (ms since the epoch; every process here reads the same system clock):
    // the append, as the event's metadata.occurredAt (set by the command service just before it
    // appends); the change written by the projector, as the change message's createdAt; and the
    // arrivals at the bench's consumer and at the socket on gateway B.
    const appendedAt = new Map<string, number>();
    const eventArrivedAt = new Map<string, number>();
    const projectedAt = new Map<string, number>();
    const changeArrivedAt = new Map<string, number>();
    const consumer = new Kafka({
      clientId: 'bench',
      brokers: kafka.brokers,
      logLevel: logLevel.NOTHING,
    }).consumer({
      groupId: `bench-${randomUUID()}`,
      sessionTimeout: 6000,
      maxWaitTimeInMs: FETCH_WAIT,
    });
    await consumer.connect();
    await consumer.subscribe({
      topics: [kafkaTopics.events(), kafkaTopics.changes('customers')],
      fromBeginning: false,
    });
    let fetching!: () => void;
    const ready = new Promise<void>((r) => (fetching = r));
    consumer.on(consumer.events.FETCH_START, () => fetching());
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, message }) => {
        const now = Date.now();
        if (topic === kafkaTopics.events()) {
          const value = JSON.parse(String(message.value)) as {
            metadata: { commandId: string; occurredAt: string };
          };
          const { commandId, occurredAt } = value.metadata;
          if (!commands.has(commandId) || appendedAt.has(commandId)) return;
          appendedAt.set(commandId, Date.parse(occurredAt));
          eventArrivedAt.set(commandId, now);
        } else {
          const value = JSON.parse(String(message.value)) as { id: string; createdAt: string };
          if (!projectedAt.has(value.id)) {
            projectedAt.set(value.id, Date.parse(value.createdAt));
            changeArrivedAt.set(value.id, now);
          }
        }
      },
    });
    await ready;
    // When a row first reached the socket, by id (it may come before the command's answer):
    // performance.now() and the wall clock.
    const socketAt = new Map<string, { at: number; wall: number }>();
    const socket = await connectSocket(gateways[1]!.url, 'types=customers', {
      cookie: onB.cookie,
      onMessage: (m: { entity?: string; id?: string }) => {
        if (m?.entity === 'customers' && m.id && !socketAt.has(m.id))
          socketAt.set(m.id, { at: performance.now(), wall: Date.now() });
      },
    });
    const answered: number[] = [];
    const warmAnswered: number[] = [];
    // node:http with keep-alive rather than fetch: on this machine fetch took ~400 µs of the
    // client's CPU a request, node:http ~60 µs; the client shares the cores with the system.
    const agent = new Agent({ keepAlive: true });
    const total = RATE * SECONDS;
    const warm = RATE * WARM_UP;
    // The CPU of each process during the live phase, and the machine's: a saturated or shared
    // machine shows here (`other`: what the machine did beyond the topology and this bench).
    const watched = () =>
      cpuSnapshot(
        new Map([
          ...[...t.processes].flatMap(([n, p]) =>
            p.child.pid === undefined ? [] : [[n, p.child.pid] as const],
          ),
          ['bench', process.pid] as const,
        ]),
        ['postgres', 'kcat'],
      );
    let cpuBefore = watched();
    const begin = performance.now();
    const inFlight: Promise<void>[] = [];
    let resent = 0;
    for (let i = 0; i < warm + total; i++) {
      const due = begin + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (i === warm) cpuBefore = watched();
      const warmingUp = i < warm;
      const commandId = randomUUID();
      const sent = performance.now();
      const command: { sent: number; warm: boolean; id?: string } = { sent, warm: warmingUp };
      commands.set(commandId, command);
      // A kept-alive connection the server closes as it is reused fails with ECONNRESET before
      // any answer. The command carries its commandId, so it is sent again (once): a repeat
      // gets the first outcome. Its time still counts from the first sending.
      const post = (attempt: number): ReturnType<typeof postJson> =>
        postJson(
          agent,
          `${gateways[0]!.url}/api/command/CREATE_CUSTOMER`,
          {
            type: 'CREATE_CUSTOMER',
            commandId,
            payload: { name: `Live ${i}`, departmentId: department },
          },
          { cookie: onA.cookie, 'x-csrf-token': onA.csrf },
        ).catch((err: unknown) => {
          if (attempt > 1 || (err as { code?: string }).code !== 'ECONNRESET') throw err;
          resent += 1;
          return post(attempt + 1);
        });
      const done = post(1).then((res) => {
        (warmingUp ? warmAnswered : answered).push(performance.now() - sent);
        const body = res.body as { ids?: string[] };
        if (res.status !== 200) throw new Error(`command: ${res.status} ${JSON.stringify(body)}`);
        command.id = body.ids?.[0];
      });
      // Handled here so that a failure waits for Promise.all below, which stops the services,
      // instead of ending the process with them still running.
      done.catch(() => undefined);
      inFlight.push(done);
    }
    await Promise.all(inFlight);
    const cpu = cpuShares(cpuBefore, watched());
    const until = Date.now() + 15_000;
    const counted = [...commands].filter(([, c]) => !c.warm);
    const reached = () => counted.filter(([, c]) => c.id && socketAt.has(c.id)).length;
    const published = () => counted.filter(([id]) => appendedAt.has(id)).length;
    while ((reached() < total || published() < total) && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    /** The figures of the commands warming up or counted, each where both its ends were seen. */
    const measured = (warmUp: boolean) => {
      const each = [...commands]
        .filter(([, c]) => c.warm === warmUp)
        .map(([commandId, c]) => ({
          sent: c.sent,
          appended: appendedAt.get(commandId),
          eventArrived: eventArrivedAt.get(commandId),
          projected: c.id === undefined ? undefined : projectedAt.get(c.id),
          changeArrived: c.id === undefined ? undefined : changeArrivedAt.get(c.id),
          socket: c.id === undefined ? undefined : socketAt.get(c.id),
        }));
      const span = (f: (e: (typeof each)[number]) => number | undefined) =>
        each.flatMap((e) => {
          const x = f(e);
          return x === undefined || Number.isNaN(x) ? [] : [x];
        });
      return {
        sentToSocket: span((e) => e.socket && e.socket.at - e.sent),
        appendToKafka: span((e) => e.appended && e.eventArrived && e.eventArrived - e.appended),
        appendToSocket: span((e) => e.appended && e.socket && e.socket.wall - e.appended),
        appendToProjected: span((e) => e.appended && e.projected && e.projected - e.appended),
        projectedToSocket: span((e) => e.projected && e.socket && e.socket.wall - e.projected),
        projectedToKafka: span(
          (e) => e.projected && e.changeArrived && e.changeArrived - e.projected,
        ),
      };
    };
    const live = measured(false);
    const warmLive = measured(true);
    socket.close();
    await consumer.disconnect();

    console.log(`\nThroughput (a backlog of ${fmt(backlog)} events, each from a standstill):`);
    console.log(`  projector  ${fmt(projectorRate).padStart(7)} events/s`);
    const floorRate = backlog / floorSeconds;
    console.log(
      `  floor: the broker alone ${fmt(floorRate).padStart(7)} messages/s (the relay's batches, from memory, best of 3)`,
    );
    for (const [label, r, target] of [
      [
        'as deployed, a relay process per source, each with a core (one at a time)',
        relayAlone,
        true,
      ],
      ['a relay process per source, both at once on this 2-core machine', relaySplit, false],
      ['one relay process for both sources (for comparison)', relayOne, false],
    ] as const) {
      // A relay is as fast as its slower source.
      const rate = Math.min(r.events, r.changes * (backlog / changes));
      console.log(`  relay, ${label}: ${fmt(r.events)} events/s and ${fmt(r.changes)} changes/s`);
      console.log(
        `    relay / projector ${fmt(rate / projectorRate, 2)}${target ? ` (target ≥ 1: ${rate / projectorRate >= 1 ? 'met' : 'NOT met'})` : ''};  its messages ${fmt(r.events + r.changes)}/s, / broker floor ${fmt((r.events + r.changes) / floorRate, 2)}`,
      );
    }
    console.log(
      `\nLive, ${RATE} commands/s for ${SECONDS} s through gateway A (${total} commands), after ${WARM_UP} s of the same to warm up; fetches wait up to ${FETCH_WAIT} ms (the mock answers at the end of the wait):`,
    );
    if (warm > 0) {
      row(`warm-up, not counted: the command answered`, warmAnswered);
      row(`warm-up, not counted: append → Kafka consumer`, warmLive.appendToKafka);
      row(
        `warm-up, not counted: append → socket (${warmLive.appendToSocket.length} seen)`,
        warmLive.appendToSocket,
      );
    }
    row('baseline: the command answered', answered);
    row('floor: produce → consumer, the broker alone', floorLatency);
    row(
      `append → Kafka consumer (${live.appendToKafka.length} seen)`,
      live.appendToKafka,
      answered,
    );
    row(
      `append → socket on gateway B (${live.appendToSocket.length} seen)`,
      live.appendToSocket,
      answered,
    );
    console.log('  its stages, and the whole way from the client:');
    row('  append → the change written by the projector', live.appendToProjected);
    row("  the change written → the bench's Kafka consumer", live.projectedToKafka);
    row('  the change written → socket on gateway B', live.projectedToSocket);
    row(
      `  the command sent → socket (${live.sentToSocket.length} seen)`,
      live.sentToSocket,
      answered,
    );
    if (resent > 0)
      console.log(`  ${resent} command(s) sent again after their connection was reset`);
    printShares('CPU while the commands were sent', cpu);
    const p99 = percentile(live.appendToSocket, 99);
    console.log(
      `  append → socket p99 target < 100 ms: ${p99 < 100 && live.appendToSocket.length === total ? 'met' : 'NOT met'}`,
    );
  } finally {
    await t.stopAll();
    await kafka.stop();
    await knex.destroy();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
