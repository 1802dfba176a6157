import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The benchmark's load generator, in its own worker thread so that its HTTP client does not
 * share the event loop of the server it measures. Receives a list of command bodies, sends them
 * with the given concurrency over keep-alive connections, and reports each latency and reply.
 */
export interface ClientJob {
  port: number;
  concurrency: number;
  type: string;
  payloads: unknown[];
  /** Commands per second to pace at (0: as fast as possible). */
  rate: number;
  /** Session cookie and CSRF header. */
  headers: Record<string, string>;
}

export interface ClientResult {
  ms: number;
  latencies: number[];
  /** For each command: the new entity id and the time its answer arrived (performance.timeOrigin based). */
  answers: { id: string; at: number }[];
}

const job = workerData as ClientJob;
const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });

function post(body: string): Promise<{ ids: string[] }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: job.port,
        path: `/api/command/${job.type}`,
        method: 'POST',
        agent,
        headers: {
          ...job.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${job.type}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text) as { ids: string[] });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<ClientResult> {
  const bodies = job.payloads.map((payload) => JSON.stringify({ type: job.type, payload }));
  const latencies: number[] = [];
  const answers: { id: string; at: number }[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= bodies.length) return;
        if (job.rate > 0) {
          const wait = started + (i * 1000) / job.rate - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        const t = performance.now();
        const reply = await post(bodies[i]!);
        const now = performance.now();
        latencies.push(now - t);
        answers.push({ id: reply.ids[0]!, at: performance.timeOrigin + now });
      }
    }),
  );
  return { ms: performance.now() - started, latencies, answers };
}

main().then(
  (result) => parentPort!.postMessage(result),
  (err: unknown) => parentPort!.postMessage({ error: String(err) }),
);
