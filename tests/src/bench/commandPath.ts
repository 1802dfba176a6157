import { connect, withDatabase } from '@nordlog/platform';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { createInterface } from 'node:readline';
import {
  gatewaySignIn,
  startGateways,
  systemAdmin,
  systemDepartment,
  topology,
  waitReady,
  type ServiceProcess,
} from '../support/processes.js';
import { cpuSnapshot, type CpuSnapshot } from './cpuShare.js';
import { postJson } from './httpClient.js';
import { fmt, percentile } from './stats.js';
import { numberArg as arg, LOCAL_URL } from './args.js';

/**
 * `npm run bench:command-path [-- --rate R --seconds S --rounds K]`
 *
 * What a command costs on its way in, in CPU: a gateway and the command service, each a process
 * of its own on the local PostgreSQL server (no projector, no Kafka: only the path a command takes
 * until it is answered), `CREATE_CUSTOMER` with the client's own commandId at R (default 100)
 * commands/s for S (default 10) s, K (default 2) rounds. Each process's CPU a command is read from
 * `/proc`, PostgreSQL's summed over its processes.
 * The floor, in the same run: the same requests at the same rate through two bare Node processes
 * (an HTTP proxy and a server answering the same JSON), what Node's HTTP costs at the least.
 */
const RATE = arg('--rate', 100);
const SECONDS = arg('--seconds', 10);
const ROUNDS = arg('--rounds', 2);

/** A server that answers every POST with `answer` (the command service's place in the floor). */
const BARE_SERVER = `
  import { createServer } from 'node:http';
  const answer = JSON.stringify(JSON.parse(process.env.ANSWER));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
`;

/** A proxy that passes every request on to UPSTREAM with keep-alive (the gateway's place). */
const BARE_PROXY = `
  import { createServer, request, Agent } from 'node:http';
  const agent = new Agent({ keepAlive: true });
  const upstream = new URL(process.env.UPSTREAM);
  const server = createServer((req, res) => {
    const out = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method,
      headers: { 'content-type': req.headers['content-type'], 'content-length': req.headers['content-length'] }, agent },
      (answer) => { res.writeHead(answer.statusCode, answer.headers); answer.pipe(res); });
    req.pipe(out);
  });
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));
`;

async function bare(
  code: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout }).once('line', resolve),
  );
  const { port } = JSON.parse(line) as { port: number };
  return { child, url: `http://127.0.0.1:${port}` };
}

interface Round {
  /** CPU a command by process, ms. */
  cpu: Map<string, number>;
  answered: number[];
}

/** R requests a second for S seconds, each sent on time; CPU a request of what `watched` names. */
async function drive(
  send: (i: number) => Promise<{ status: number; body: unknown }>,
  watched: () => CpuSnapshot,
): Promise<Round> {
  const total = RATE * SECONDS;
  const answered: number[] = [];
  const before = watched();
  const begin = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = begin + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    inFlight.push(
      send(i).then((res) => {
        if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
        answered.push(performance.now() - sent);
      }),
    );
  }
  await Promise.all(inFlight);
  const after = watched();
  // Ticks are 10 ms: ms a request = ticks × 10 / requests.
  const cpu = new Map(
    [...after.byName].map(([name, t]) => [
      name,
      ((t - (before.byName.get(name) ?? t)) * 10) / total,
    ]),
  );
  return { cpu, answered };
}

const line = (label: string, rounds: Round[], names: string[]) => {
  const all = rounds.flatMap((r) => r.answered);
  const cpu = names
    .map((n) => `${n} ${rounds.map((r) => fmt(r.cpu.get(n) ?? 0, 2)).join(', ')}`)
    .join(';  ');
  console.log(`  ${label.padEnd(30)} CPU ms a command, by round: ${cpu}`);
  console.log(
    `  ${''.padEnd(30)} answered p50 ${fmt(percentile(all, 50), 1)} ms, p99 ${fmt(percentile(all, 99), 1)} ms`,
  );
};

async function main() {
  const name = `bench_command_path_${Date.now()}`;
  const admin = connect(LOCAL_URL, 1);
  await admin.raw(`create database ${name}`);
  const url = withDatabase(LOCAL_URL, name);
  const knex = connect(url, 2);
  const t = topology({ DATABASE_URL: url, CHANGE_FEED: 'postgres' });
  const floor: ChildProcess[] = [];
  try {
    const command = await t.start('command', 'command');
    const query = await t.start('query', 'query');
    const projector = await t.start('projector', 'projector');
    const [gateway] = (await startGateways(t, ['a'], command, query)) as [ServiceProcess];
    await waitReady(gateway.url, 60_000);
    const department = await systemDepartment(t);
    // The user's row is projected before the sign-in; after it, the projector would only cost.
    const phone = await systemAdmin(t, knex);
    const session = await gatewaySignIn(knex, gateway.url, phone);
    projector.child.kill('SIGTERM');
    await projector.exited;

    const agent = new Agent({ keepAlive: true });
    const body = (i: number) => ({
      type: 'CREATE_CUSTOMER',
      commandId: randomUUID(),
      payload: { name: `Kunde ${i}`, departmentId: department },
    });
    const send = (i: number) =>
      postJson(agent, `${gateway.url}/api/command/CREATE_CUSTOMER`, body(i), {
        cookie: session.cookie,
        'x-csrf-token': session.csrf,
      });
    // The floor answers what the command service answered.
    const sample = await send(0);
    const server = await bare(BARE_SERVER, { ANSWER: JSON.stringify(sample.body) });
    const proxy = await bare(BARE_PROXY, { UPSTREAM: server.url });
    floor.push(server.child, proxy.child);
    const sendBare = (i: number) =>
      postJson(agent, `${proxy.url}/api/command/CREATE_CUSTOMER`, body(i));
    // Warm both (the compiler, the pools, the connections).
    for (let i = 0; i < 300; i++) await send(i);
    for (let i = 0; i < 300; i++) await sendBare(i);

    const pidsOf = (entries: [string, ChildProcess][]) =>
      new Map([...entries.map(([n, c]) => [n, c.pid!] as const), ['bench', process.pid] as const]);
    const productPids = pidsOf([
      ['gateway', gateway.child],
      ['command', command.child],
    ]);
    const floorPids = pidsOf([
      ['proxy', proxy.child],
      ['server', server.child],
    ]);
    const product: Round[] = [];
    const bareRounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      product.push(await drive(send, () => cpuSnapshot(productPids, ['postgres'])));
      bareRounds.push(await drive(sendBare, () => cpuSnapshot(floorPids, [])));
    }

    console.log(
      `\nbench:command-path: CREATE_CUSTOMER at ${RATE}/s for ${SECONDS} s, ${ROUNDS} rounds (local PostgreSQL, database ${name})`,
    );
    line('gateway → command service', product, ['gateway', 'command', 'postgres', 'bench']);
    line('floor: bare proxy → server', bareRounds, ['proxy', 'server', 'bench']);
    const mean = (rounds: Round[], names: string[]) =>
      rounds.reduce((s, r) => s + names.reduce((a, n) => a + (r.cpu.get(n) ?? 0), 0), 0) /
      rounds.length;
    const path = mean(product, ['gateway', 'command', 'postgres']);
    const floorCpu = mean(bareRounds, ['proxy', 'server']);
    console.log(
      `  the path (gateway, command service, PostgreSQL) ${fmt(path, 2)} ms a command; the floor (proxy, server) ${fmt(floorCpu, 2)} ms; ratio ${fmt(path / floorCpu, 1)}`,
    );
  } finally {
    for (const c of floor) c.kill('SIGTERM');
    await t.stopAll();
    await knex.destroy();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
