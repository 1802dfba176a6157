import { request, type Agent } from 'node:http';
import { parentPort, Worker } from 'node:worker_threads';

/**
 * POSTs JSON with node:http through `agent` (keep-alive) and reads the JSON answer: a cheaper
 * client than fetch (on this machine ~60 µs of CPU a request against ~400 µs), for benchmarks
 * whose client shares the cores with the system it measures.
 */
export function postJson(
  agent: Agent,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: answer ? JSON.parse(answer) : null });
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * An HTTP client on a thread of its own, for benchmarks of a system that runs in the same
 * process: the client's work (reading and parsing a large answer) then does not queue behind the
 * server's on one event loop, so the latencies are the server's as another process would see them.
 */
export interface Request {
  path: string;
  body: unknown;
  headers: Record<string, string>;
  /**
   * A follow-up request sent with `x-min-position` set to the first answer's `position` (with the
   * first's headers unless it has its own).
   */
  then?: { path: string; body: unknown; headers?: Record<string, string> };
}

interface Job {
  id: number;
  url: string;
  requests: Request[];
  warmup: number;
}

/** Sends `r` (and its follow-up); answers the ms of the first request's own round trip. */
async function send(url: string, r: Request): Promise<number> {
  const began = performance.now();
  const res = await fetch(`${url}${r.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...r.headers },
    body: JSON.stringify(r.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${r.path}: ${res.status} ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as { position?: string };
  const own = performance.now() - began;
  if (r.then)
    await send(url, {
      path: r.then.path,
      body: r.then.body,
      headers: {
        ...(r.then.headers ?? r.headers),
        'x-min-position': String(answer.position ?? '0'),
      },
    });
  return own;
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (job: Job) => {
    void (async () => {
      try {
        for (const r of job.requests.slice(0, job.warmup)) await send(job.url, r);
        const latencies: number[] = [];
        const own: number[] = [];
        for (const r of job.requests.slice(job.warmup)) {
          const t = performance.now();
          own.push(await send(job.url, r));
          latencies.push(performance.now() - t);
        }
        port.postMessage({ id: job.id, latencies, own });
      } catch (err) {
        port.postMessage({ id: job.id, error: String(err) });
      }
    })();
  });
}

/** Starts the client thread; `measure` sends requests one after the other and times each. */
export function startHttpClient(url: string) {
  const worker = new Worker(new URL(import.meta.url));
  let next = 0;
  return {
    measure: async (requests: Request[], warmup = 5): Promise<number[]> =>
      (await timed(requests, warmup)).total,
    /**
     * Like `measure`, in the order sent: `total` (with each follow-up) and `own` (the first
     * request's round trip alone, e.g. a command without the query that waits for it).
     */
    measureEach: timed,
    close: () => worker.terminate(),
  };
  function timed(requests: Request[], warmup = 5): Promise<{ total: number[]; own: number[] }> {
    const id = next++;
    return new Promise((resolve, reject) => {
      const onMessage = (m: {
        id: number;
        latencies?: number[];
        own?: number[];
        error?: string;
      }) => {
        if (m.id !== id) return;
        worker.off('message', onMessage);
        if (m.error) reject(new Error(m.error));
        else resolve({ total: m.latencies!, own: m.own! });
      };
      worker.on('message', onMessage);
      worker.postMessage({ id, url, requests, warmup } satisfies Job);
    });
  }
}
