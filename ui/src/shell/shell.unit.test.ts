import { describe, expect, it } from '@jest/globals';
import { environmentOf } from './config';
import { revisionPollMs, watchRevision } from './revision';
import {
  loadWithRetry,
  reloadFlagTtlMs,
  shouldReloadForStaleCode,
  staleCodeMessages,
} from './staleCode';
import { fetchRetries, toastTimeout, toastTimeouts } from './timeouts';

const memoryStorage = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

describe('app shell rules (spec §2, §4, §8, §9)', () => {
  it('S4-BEH-030 S4-BEH-031 S9-CONST-006: a stale-code error reloads once; the flag expires after 10 s', () => {
    const storage = memoryStorage();
    const msg = 'TypeError: Failed to fetch dynamically imported module: /assets/x.js';
    expect(shouldReloadForStaleCode('some other error', storage, 0)).toBe(false);
    expect(shouldReloadForStaleCode(msg, storage, 1_000)).toBe(true);
    expect(shouldReloadForStaleCode(msg, storage, 1_000 + reloadFlagTtlMs - 1)).toBe(false);
    expect(shouldReloadForStaleCode(msg, storage, 1_000 + reloadFlagTtlMs + 100)).toBe(true);
    expect(staleCodeMessages).toEqual(
      expect.arrayContaining([
        'Failed to fetch dynamically imported module',
        'Load failed',
        'Importing a module script failed',
        'Unable to preload CSS',
      ]),
    );
  });

  it('S8-ERR-029: a lazy page load is retried 3 times 500 ms apart, then the page reloads', async () => {
    const waits: number[] = [];
    let calls = 0;
    let reloaded = 0;
    await expect(
      loadWithRetry(
        () => {
          calls++;
          return Promise.reject(new Error('Failed to fetch dynamically imported module'));
        },
        { wait: async (ms) => void waits.push(ms), reload: () => void reloaded++ },
      ),
    ).rejects.toThrow();
    expect(calls).toBe(4);
    expect(waits).toEqual([500, 500, 500]);
    expect(reloaded).toBe(1);
    let second = 0;
    await expect(
      loadWithRetry(() => (++second < 3 ? Promise.reject(new Error('x')) : Promise.resolve('ok')), {
        wait: async () => undefined,
        reload: () => void reloaded++,
      }),
    ).resolves.toBe('ok');
    expect(reloaded).toBe(1);
  });

  it('S2-SCREEN-052 S9-CONST-002: /revision every 30 s; a new revision reloads; a failure is logged and retried', async () => {
    let tick: () => void = () => undefined;
    let interval = 0;
    const answers = ['a', 'a', 'fail', 'b'];
    let reloads = 0;
    const logs: string[] = [];
    watchRevision({
      fetchRevision: async () => {
        const next = answers.shift()!;
        if (next === 'fail') throw new Error('offline');
        return next;
      },
      onNewVersion: () => reloads++,
      log: (m) => logs.push(m),
      setInterval: (fn, ms) => {
        tick = fn;
        interval = ms;
        return 1;
      },
      clearInterval: () => undefined,
    });
    const flush = () => new Promise((r) => setTimeout(r, 0));
    await flush();
    expect(interval).toBe(revisionPollMs);
    expect(revisionPollMs).toBe(30_000);
    tick();
    await flush();
    expect(reloads).toBe(0);
    tick();
    await flush();
    expect(logs).toEqual(['revision check failed']);
    tick();
    await flush();
    expect(reloads).toBe(1);
  });

  it('S9-CONST-001 S9-CONST-003 S9-CONST-004 S9-CONST-005: retries and toast timeouts', () => {
    expect(fetchRetries).toBe(3);
    expect(toastTimeout('info', undefined)).toBe(1_000);
    expect(toastTimeout('error', undefined)).toBe(10_000);
    expect(toastTimeout('warning', undefined)).toBe(10_000);
    expect(toastTimeout('success', 5_000)).toBe(5_000);
    expect(toastTimeouts.short).toBe(5_000);
  });

  it('the environment follows the host name (local, qa, demo, pilot, production)', () => {
    expect(environmentOf('localhost')).toBe('local');
    expect(environmentOf('qa.nordlog.example')).toBe('qa');
    expect(environmentOf('demo.nordlog.example')).toBe('demo');
    expect(environmentOf('pilot.nordlog.example')).toBe('pilot');
    expect(environmentOf('app.nordlog.example')).toBe('production');
  });
});
