/**
 * Spec §2/§9: `GET /revision` every 30 s; a different revision than the one the page started with
 * means a newer app version: reload. A failed fetch is logged and tried again at the next tick.
 */
export interface RevisionWatchOptions {
  fetchRevision: () => Promise<string>;
  onNewVersion: () => void;
  log?: (message: string, err: unknown) => void;
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export const revisionPollMs = 30_000;

export function watchRevision(options: RevisionWatchOptions): () => void {
  let known: string | null = null;
  let stopped = false;
  const check = async () => {
    try {
      const revision = await options.fetchRevision();
      if (stopped) return;
      if (known === null) known = revision;
      else if (revision !== known) {
        stopped = true;
        options.onNewVersion();
      }
    } catch (err) {
      (options.log ?? ((m, e) => console.error(m, e)))('revision check failed', err);
    }
  };
  void check();
  const set = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const clear = options.clearInterval ?? ((h) => globalThis.clearInterval(h as number));
  const handle = set(() => void check(), options.intervalMs ?? revisionPollMs);
  return () => {
    stopped = true;
    clear(handle);
  };
}

export async function fetchRevision(): Promise<string> {
  const res = await fetch('/revision', { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { revision: string };
  return body.revision;
}
