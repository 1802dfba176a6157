import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on loopback for the tests: it keeps what it gets and answers as `answer`
 * says for each request (a status, or `hang` to never answer).
 */
export class Receiver {
  readonly received: Received[] = [];
  private server: Server | null = null;
  private readonly hanging = new Set<() => void>();

  constructor(private readonly answer: (r: Received, n: number) => number | 'hang') {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = {
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(r);
        const a = this.answer(r, this.received.length);
        if (a === 'hang') {
          const end = () => res.destroy();
          this.hanging.add(end);
          return;
        }
        res
          .writeHead(a, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: a < 300, n: this.received.length }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  bodies(): Record<string, any>[] {
    return this.received.map((r) => JSON.parse(r.body) as Record<string, any>);
  }

  async stop(): Promise<void> {
    for (const end of this.hanging) end();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
