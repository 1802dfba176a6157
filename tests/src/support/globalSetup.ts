import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EmbeddedServer } from '@nordlog/platform';

declare global {
  var __embeddedPostgres: { server: EmbeddedServer; dataDir: string }[] | undefined;
}

/**
 * Integration tests run against TEST_DATABASE_URL when it is set (CI: the local PostgreSQL 15
 * server) and jest runs one test file at a time; otherwise against embedded PostgreSQL started
 * here for this run: one cluster per jest worker, so that files running at once never share a
 * server. A gapless read stops below the oldest transaction open on the whole server, so one
 * file's open transaction on a shared server held back another file's projector and change feed
 * (decision record 0033). Worker k reads its server from TEST_DATABASE_URL_k (`serverUrl`).
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const workers = Math.max(1, globalConfig.maxWorkers);
  if (process.env.TEST_DATABASE_URL && workers === 1) return;
  if (process.env.TEST_DATABASE_URL)
    console.log(
      `\n${workers} jest workers: each gets an embedded PostgreSQL cluster of its own; TEST_DATABASE_URL is used with one worker`,
    );
  // Jest loads global setup outside its module mapping, so it uses the built platform package;
  // an incremental build keeps it current (a no-op when nothing changed).
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'platform'], {
    stdio: 'inherit',
  });
  const { startEmbeddedPostgres, silentLogger } = await import('@nordlog/platform');
  const started: { server: EmbeddedServer; dataDir: string }[] = [];
  globalThis.__embeddedPostgres = started;
  for (let worker = 1; worker <= workers; worker++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), `nordlog-test-${worker}-`));
    const server = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true });
    started.push({ server, dataDir });
    process.env[`TEST_DATABASE_URL_${worker}`] = server.url;
  }
  process.env.TEST_DATABASE_URL = started[0]!.server.url;
}
