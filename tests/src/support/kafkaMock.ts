import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * librdkafka's mock cluster, hosted by Debian's `kcat` (NOTES: a real Kafka protocol
 * implementation; produce with acks=-1, consumer groups and offset commits behave; no topic
 * administration, no idempotent producer; topics auto-create with 4 partitions). Tests that use
 * it are mock-broker tests and say so in their names.
 */
export interface MockKafka {
  brokers: string[];
  stop(): Promise<void>;
}

export const kcatAvailable = (): boolean =>
  spawnSync('kcat', ['-V'], { stdio: 'ignore' }).status === 0;

export async function startMockKafka(brokers = 3): Promise<MockKafka> {
  // The mock cluster lives as long as this consumer of a keep-alive topic; its debug output names
  // the cluster's bootstrap servers. The output goes to a file, never a pipe: the mock's broker
  // threads write a line per request, and a pipe nobody drains (a test blocked in spawnSync)
  // would stop the brokers.
  const dir = mkdtempSync(path.join(tmpdir(), 'kafka-mock-'));
  const logFile = path.join(dir, 'mock.log');
  const fd = openSync(logFile, 'w');
  const child = spawn(
    'kcat',
    [
      '-b',
      '127.0.0.1:1',
      '-X',
      `test.mock.num.brokers=${brokers}`,
      '-d',
      'mock',
      '-C',
      '-t',
      'keepalive',
      '-o',
      'end',
      '-q',
    ],
    { stdio: ['ignore', 'ignore', fd] },
  );
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let servers: string[] | null = null;
  for (let waited = 0; !servers; waited += 50) {
    if (child.exitCode !== null) throw new Error(`kcat exited with ${child.exitCode}`);
    if (waited > 10_000) throw new Error('kcat mock cluster did not start');
    await new Promise((r) => setTimeout(r, 50));
    const found = /bootstrap\.servers=(\S+)/.exec(readFileSync(logFile, 'utf8'));
    if (found) servers = found[1]!.split(',');
  }
  return {
    brokers: servers,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One message as kcat prints it with `-J`. */
export interface KcatMessage {
  topic: string;
  partition: number;
  offset: number;
  key: string | null;
  payload: string | null;
  headers: Record<string, string>;
}

/**
 * Every message of a topic from the beginning to its current end, read by kcat itself (an
 * independent consumer, not the code under test).
 */
export function readTopicWithKcat(brokers: string[], topic: string): KcatMessage[] {
  const result = spawnSync(
    'kcat',
    ['-b', brokers.join(','), '-C', '-t', topic, '-o', 'beginning', '-e', '-J', '-q'],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout: 60_000 },
  );
  if (result.status !== 0) throw new Error(`kcat: ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((l) => l.trim().startsWith('{'))
    .map((l) => {
      const raw = JSON.parse(l) as Omit<KcatMessage, 'headers'> & { headers?: string[] };
      const headers: Record<string, string> = {};
      const list = raw.headers ?? [];
      for (let i = 0; i + 1 < list.length; i += 2) headers[list[i]!] = list[i + 1]!;
      return { ...raw, headers };
    });
}
