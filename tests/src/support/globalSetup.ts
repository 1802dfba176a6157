import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmbeddedServer } from '@nordlog/platform';

declare global {
  var __embeddedPostgres: EmbeddedServer | undefined;
}

/**
 * Integration tests run against TEST_DATABASE_URL when it is set (CI: the local PostgreSQL 15
 * server); otherwise against an embedded PostgreSQL server started here for this run.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  // Jest loads global setup outside its module mapping, so it uses the built platform package;
  // an incremental build keeps it current (a no-op when nothing changed).
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'platform'], {
    stdio: 'inherit',
  });
  const { startEmbeddedPostgres, silentLogger } = await import('@nordlog/platform');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nordlog-test-'));
  const server = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true });
  globalThis.__embeddedPostgres = server;
  process.env.TEST_DATABASE_URL = server.url;
  process.env.TEST_EMBEDDED_DATA_DIR = dataDir;
}
