import 'fake-indexeddb/auto';
import { describe, expect, it } from '@jest/globals';
import { HttpFailure } from '../../errors/parse';
import type { CommandAnswer } from '../../shell/api';
import {
  canonical,
  classifyFailure,
  enqueue,
  flushReports,
  serialised,
  type QueuedCommand,
  type Report,
} from './queue';
import { CourierReports } from './sender';
import { indexedDbReports } from './store';

let users = 0;
const newUser = () => `courier-${++users}`;
const store = indexedDbReports();
const scan = (code: string, second: number) => ({
  slotId: 'slot-1',
  scans: [
    { code, kind: 'LOADED', scannedAt: `2026-12-03T10:00:${String(second).padStart(2, '0')}Z` },
  ],
});
const failure = (status: number, errorType = 'NOT_FOUND') =>
  new HttpFailure(status, [{ errorType, description: `${errorType} here` }], null);

/**
 * A command service as ours answers (command-service/src/service.ts): a command id it has seen
 * gets the first answer and changes nothing; `lose` drops the answer of the nth call after the
 * server applied it (the network cut mid-answer); `refuse` refuses by payload.
 */
function fakeServer(
  options: {
    lose?: number[];
    offlineFrom?: number;
    refuse?: (r: Report) => HttpFailure | null;
  } = {},
) {
  const applied: { name: QueuedCommand; payload: unknown; commandId: string }[] = [];
  const answers = new Map<string, CommandAnswer>();
  let calls = 0;
  const send = (r: Report): Promise<CommandAnswer> => {
    calls++;
    if (options.offlineFrom !== undefined && calls >= options.offlineFrom)
      return Promise.reject(new TypeError('Failed to fetch'));
    const refusal = options.refuse?.(r);
    if (refusal) return Promise.reject(refusal);
    let answer = answers.get(r.commandId);
    if (!answer) {
      applied.push({ name: r.name, payload: r.payload, commandId: r.commandId });
      answer = {
        commandId: r.commandId,
        position: String(applied.length),
        events: [],
        ids: [],
        failed: [],
      };
      answers.set(r.commandId, answer);
    }
    if (options.lose?.includes(calls)) return Promise.reject(new TypeError('network changed'));
    return Promise.resolve(answer);
  };
  return { send, applied, online: () => (options.offlineFrom = undefined) };
}

const make = async (userId: string, n: number) => {
  for (let i = 1; i <= n; i++)
    await enqueue(store, {
      userId,
      name: 'ADD_SCANNED_EVENTS',
      payload: scan(`C${i}`, i),
      subject: `C${i}`,
    });
};

describe('the courier’s stored reports (0072)', () => {
  it('sends the reports in the order made, each once, and leaves none behind', async () => {
    const user = newUser();
    await make(user, 5);
    await enqueue(store, {
      userId: user,
      name: 'MANUAL_DELIVER',
      payload: { consignmentIds: ['o1'] },
      subject: 'Kari',
    });
    const server = fakeServer();
    const result = await flushReports(store, user, server.send);
    expect(result.stopped).toBeNull();
    expect(server.applied.map((a) => a.name)).toEqual([
      ...Array(5).fill('ADD_SCANNED_EVENTS'),
      'MANUAL_DELIVER',
    ]);
    expect(
      server.applied.slice(0, 5).map((a) => (a.payload as ReturnType<typeof scan>).scans[0]!.code),
    ).toEqual(['C1', 'C2', 'C3', 'C4', 'C5']);
    expect(await store.list(user)).toEqual([]);
  });

  it('a network cut stops the run: the rest waits in order and goes later with the same command ids', async () => {
    const user = newUser();
    await make(user, 5);
    const ids = (await store.list(user)).map((r) => r.commandId);
    const server = fakeServer({ offlineFrom: 3 });
    const first = await flushReports(store, user, server.send);
    expect(first).toMatchObject({ stopped: 'offline', refused: [] });
    expect(first.sent).toHaveLength(2);
    expect((await store.list(user)).map((r) => r.commandId)).toEqual(ids.slice(2));
    server.online();
    expect((await flushReports(store, user, server.send)).stopped).toBeNull();
    expect(server.applied.map((a) => a.commandId)).toEqual(ids);
  });

  it('an answer lost after the server applied it: the resend has the same command id and is applied once', async () => {
    const user = newUser();
    await make(user, 3);
    const server = fakeServer({ lose: [2] });
    expect((await flushReports(store, user, server.send)).stopped).toBe('offline');
    expect(await store.list(user)).toHaveLength(2);
    expect((await flushReports(store, user, server.send)).sent).toHaveLength(2);
    expect(server.applied).toHaveLength(3);
    expect(new Set(server.applied.map((a) => a.commandId)).size).toBe(3);
  });

  it('the same report tapped twice while waiting is stored once; scans at different times are each kept', async () => {
    const user = newUser();
    const deliver = {
      userId: user,
      name: 'MANUAL_DELIVER' as const,
      payload: { consignmentIds: ['o1'] },
      subject: 'Kari',
    };
    const a = await enqueue(store, deliver);
    const b = await enqueue(store, {
      ...deliver,
      payload: { consignmentIds: ['o1'], extra: undefined },
    });
    expect(a.added).toBe(true);
    expect(b).toEqual({ report: a.report, added: false });
    await make(user, 2);
    expect((await store.list(user)).map((r) => r.name)).toEqual([
      'MANUAL_DELIVER',
      'ADD_SCANNED_EVENTS',
      'ADD_SCANNED_EVENTS',
    ]);
    expect(canonical({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
  });

  it('a refusal is kept with its reason, is not sent again, and does not hold back the reports after it', async () => {
    const user = newUser();
    await make(user, 3);
    const server = fakeServer({
      refuse: (r) =>
        (r.payload as ReturnType<typeof scan>).scans[0]!.code === 'C2' ? failure(404) : null,
    });
    const result = await flushReports(
      store,
      user,
      server.send,
      () => new Date('2026-12-03T12:00:00Z'),
    );
    expect(result.sent).toHaveLength(2);
    expect(result.refused).toHaveLength(1);
    const [kept] = await store.list(user);
    expect(kept!.subject).toBe('C2');
    expect(kept!.refusal).toEqual({
      status: 404,
      errors: [{ errorType: 'NOT_FOUND', description: 'NOT_FOUND here' }],
      at: '2026-12-03T12:00:00.000Z',
    });
    expect((await flushReports(store, user, server.send)).sent).toEqual([]);
    expect(server.applied).toHaveLength(2);
  });

  it('what a failure means: no answer, 401, 5xx, 429 and a lost race wait; other answers are refusals', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'wait',
      reason: 'offline',
    });
    expect(classifyFailure(failure(401, 'NOT_LOGGED_IN'))).toEqual({
      kind: 'wait',
      reason: 'session',
    });
    for (const status of [429, 500, 502, 503, 504])
      expect(classifyFailure(failure(status, 'X'))).toEqual({ kind: 'wait', reason: 'server' });
    expect(classifyFailure(failure(409, 'CONCURRENCY_CONFLICT'))).toEqual({
      kind: 'wait',
      reason: 'server',
    });
    for (const status of [400, 403, 404, 409, 413])
      expect(classifyFailure(failure(status, 'NO_ACCESS'))).toMatchObject({
        kind: 'refused',
        refusal: { status },
      });
  });

  it('each courier’s reports are its own: another user’s are neither listed nor sent', async () => {
    const [ola, kari] = [newUser(), newUser()];
    await make(ola, 2);
    await make(kari, 1);
    const server = fakeServer();
    await flushReports(store, kari, server.send);
    expect(server.applied).toHaveLength(1);
    expect(await store.list(ola)).toHaveLength(2);
  });

  it('runs never overlap, and a run asked for during one sends what was added meanwhile', async () => {
    let running = 0;
    let most = 0;
    const runs: number[] = [];
    const run = serialised(async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      runs.push(runs.length);
      running--;
      return runs.length;
    });
    const results = await Promise.all([run(), run(), run(), run()]);
    expect(most).toBe(1);
    expect(runs).toHaveLength(2);
    expect(results).toEqual([1, 2, 2, 2]);
  });

  it('the page’s queue answers each report: sent, waiting on the phone, or refused; a refusal stays until dismissed', async () => {
    const user = newUser();
    const server = fakeServer({
      refuse: (r) => (r.subject === 'Per' ? failure(403, 'NO_ACCESS') : null),
    });
    let answered = 0;
    const queue = new CourierReports(user, store, server.send);
    queue.onAnswered = () => answered++;
    expect(await queue.report('MANUAL_COLLECT', { consignmentIds: ['o1'] }, 'Kari')).toMatchObject({
      kind: 'sent',
    });
    const refused = await queue.report('MANUAL_DELIVER', { consignmentIds: ['o2'] }, 'Per');
    expect(refused).toMatchObject({
      kind: 'refused',
      report: { subject: 'Per', refusal: { status: 403 } },
    });
    expect(queue.current.refused).toHaveLength(1);
    const offline = new CourierReports(user, store, () => Promise.reject(new TypeError('offline')));
    expect(await offline.report('MANUAL_DELIVER', { consignmentIds: ['o1'] }, 'Kari')).toEqual({
      kind: 'queued',
    });
    expect(offline.current).toMatchObject({ stopped: 'offline', waiting: [{ subject: 'Kari' }] });
    await queue.flush();
    await queue.dismiss(queue.current.refused[0]!.id);
    expect(queue.current).toEqual({ waiting: [], refused: [], stopped: null });
    expect(server.applied.map((a) => a.name)).toEqual(['MANUAL_COLLECT', 'MANUAL_DELIVER']);
    expect(answered).toBe(3);
  });

  it('a network that answers nothing does not hold the courier: the report is called waiting, and stays stored', async () => {
    const user = newUser();
    const hanging = new CourierReports(user, store, () => new Promise<CommandAnswer>(() => {}));
    expect(await hanging.report('MANUAL_COLLECT', { consignmentIds: ['o9'] }, 'Nils', 20)).toEqual({
      kind: 'queued',
    });
    expect(hanging.current.waiting.map((r) => r.subject)).toEqual(['Nils']);
  });
});
