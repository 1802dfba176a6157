import { startSystem, type System } from '@nordlog/deploy';
import { connect, loadConfig, silentLogger, withDatabase } from '@nordlog/platform';
import { LOCAL_URL } from './args.js';

/**
 * The embedded system on a database of its own on the local PostgreSQL server, made for one
 * benchmark and dropped after it, whatever happens (unless kept, to look at). `env` adds settings
 * (e.g. `loopbackTileEnv`, so no map tile is asked of the internet).
 */
export async function onLocalSystem(
  bench: string,
  run: (system: System, database: string) => Promise<void>,
  options: { keep?: boolean; env?: Record<string, string> } = {},
): Promise<void> {
  const name = `bench_${bench}_${Date.now()}`;
  const admin = connect(LOCAL_URL, 1);
  await admin.raw(`create database ${name}`);
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
    if (options.keep) console.log(`kept database ${name}`);
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
