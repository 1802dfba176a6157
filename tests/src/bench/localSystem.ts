import { startSystem, type System } from '@nordlog/deploy';
import { connect, loadConfig, silentLogger, withDatabase } from '@nordlog/platform';
import { configureNumberSeries } from '../support/booking.js';
import { LOCAL_URL } from './args.js';

/**
 * The embedded system on a database of its own on the local PostgreSQL server, made for one
 * benchmark and dropped after it, whatever happens (unless kept, to look at; `database`: one kept
 * before, used again and kept). `env` adds settings (e.g. `loopbackTileEnv`, so no map tile is
 * asked of the internet).
 */
export async function onLocalSystem(
  bench: string,
  run: (system: System, database: string) => Promise<void>,
  options: { keep?: boolean; env?: Record<string, string>; database?: string } = {},
): Promise<void> {
  const name = options.database ?? `bench_${bench}_${Date.now()}`;
  const admin = connect(LOCAL_URL, 1);
  if (!options.database) await admin.raw(`create database ${name}`);
  let system: System | undefined;
  try {
    system = await startSystem(
      loadConfig({
        DATABASE_URL: withDatabase(LOCAL_URL, name),
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        AUTH_MAX_REQUESTS_PER_ADDRESS: '100000',
        PUBLIC_MAX_REQUESTS_PER_MINUTE: '100000',
        ...options.env,
      }),
      silentLogger(),
    );
    console.log(`bench:${bench}: local PostgreSQL, database ${name}`);
    await run(system, name);
  } finally {
    await system?.close();
    if (options.keep || options.database) console.log(`kept database ${name}`);
    else await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

/** Runs a benchmark's main and exits: 0 when it finished, 1 (with the error) when it failed. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** Runs a command on the system as its ADMIN; its ids, or an error naming what was refused. */
export async function must(system: System, name: string, payload: unknown): Promise<string[]> {
  const res = await system.run(name, payload);
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { ids: string[] }).ids;
}

/** A web shop's world: the Oslo department, its customer and the number series. */
export async function shopWorld(
  system: System,
): Promise<{ department: string; customerId: string }> {
  const [department] = await must(system, 'CREATE_DEPARTMENT', {
    name: 'Oslo',
    departmentType: 'courier',
    country: 'NO',
  });
  const [customerId] = await must(system, 'CREATE_CUSTOMER', {
    name: 'Nettbutikk AS',
    departmentId: department,
  });
  await configureNumberSeries({
    command: async (type, payload) => {
      const res = await system.run(type, payload);
      return { status: res.status, body: res.body as never };
    },
  });
  return { department: department!, customerId: customerId! };
}
