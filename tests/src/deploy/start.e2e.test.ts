import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const mainJs = path.join(root, 'deploy', 'dist', 'embedded', 'main.js');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether anything accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Resolves with the exit code (or signal) of a process, or 'timeout' after `ms`. */
const exited = (child: ChildProcess, ms: number) =>
  new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve(child.exitCode ?? child.signalCode!);
    const timer = setTimeout(() => resolve('timeout'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal ?? 'unknown');
    });
  });

/**
 * `npm start` as the README runs it, its build skipped (`-- --no-build`: the tests run on what
 * `tsc -b` built), on a DATA_DIR and port of its own with the embedded PostgreSQL. A supervisor
 * (systemd, a container runtime) stops a service by signalling the process it started.
 */
describe('npm start stops on a signal', () => {
  let dataDir: string;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(mainJs))
      throw new Error(
        'deploy/dist is missing: `npm test` builds it; alone, run `npx tsc -b` first',
      );
    dataDir = await mkdtemp(path.join(tmpdir(), 'nordlog-start-'));
  });

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    // A failed run may leave the embedded server behind: stop it by its pid file.
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts `command` on a fresh port and waits until the product answers /health. */
  async function start(command: string, args: string[]) {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    };
    delete env.DATABASE_URL;
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the start ended early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`no answer on /health in 120 s:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { child, port, output: () => output };
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const pidFile = () => path.join(dataDir, 'pg', 'postmaster.pid');

  it('`npm start` signalled with SIGTERM exits 0 within 30 s, frees its port and stops the embedded PostgreSQL', async () => {
    const { child, port, output } = await start('npm', ['start', '--', '--no-build']);
    expect(existsSync(pidFile())).toBe(true);
    child.kill('SIGTERM');
    const code = await exited(child, 30_000);
    expect({ code, output: code === 0 ? '' : output() }).toEqual({ code: 0, output: '' });
    expect(await listening(port)).toBe(false);
    expect(existsSync(pidFile())).toBe(false);
  }, 180_000);

  it('the server itself (deploy/dist/embedded/main.js) stops the same way on SIGINT', async () => {
    const { child, port, output } = await start(process.execPath, [mainJs]);
    child.kill('SIGINT');
    const code = await exited(child, 30_000);
    expect({ code, output: code === 0 ? '' : output() }).toEqual({ code: 0, output: '' });
    expect(await listening(port)).toBe(false);
    expect(existsSync(pidFile())).toBe(false);
  }, 180_000);
});
