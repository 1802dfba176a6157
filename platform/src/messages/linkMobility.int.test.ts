import { afterAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LinkMobilitySmsSender, senderTon, type LinkMobilityOptions } from './linkMobility.js';
import { DeliveryError, type SmsMessage } from './types.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

type Reply = (res: ServerResponse, req: IncomingMessage) => void;

/** A stand-in for LINK Mobility on this machine: records each request and answers with `replies` in turn. */
async function provider(replies: Reply[]) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
        at: Date.now(),
      });
      const reply = replies[Math.min(seen.length - 1, replies.length - 1)]!;
      reply(res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const queued: Reply = (res) =>
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(
      JSON.stringify({ messageId: 'Dcshuhod0PMAAAFQ', resultCode: 1005, description: 'Queued' }),
    );
const status =
  (code: number): Reply =>
  (res) =>
    res.writeHead(code, { 'content-type': 'application/json' }).end('{"description":"no"}');
const dropConnection: Reply = (_res, req) => req.socket.destroy();
const neverAnswer: Reply = () => undefined;

const code: SmsMessage = {
  channel: 'sms',
  to: '+4791234567',
  body: 'Your Nordlog login code is 123456. It is valid for 10 minutes.',
  validForMs: 600_000,
};

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('SMS adapter: LINK Mobility SMS REST API over fetch, against a local HTTP server', () => {
  const servers: { close(): Promise<void> }[] = [];
  const start = async (replies: Reply[]) => {
    const p = await provider(replies);
    servers.push(p);
    return p;
  };
  const sender = (url: string, extra: Partial<LinkMobilityOptions> = {}) =>
    new LinkMobilitySmsSender({
      url,
      user: 'nordlog',
      password: 'pa:ss wörd',
      platformId: 'COMMON_API',
      platformPartnerId: '4711',
      sender: 'Nordlog',
      retryDelaysMs: [20, 40],
      timeoutMs: 2000,
      ...extra,
    });
  afterAll(async () => Promise.all(servers.map((s) => s.close())));

  it('S7-CALL-015 POSTs /sms/send with Basic auth and the documented JSON body, the number in E.164', async () => {
    const p = await start([queued]);
    await sender(`${p.url}/`).send(code);
    expect(p.seen).toHaveLength(1);
    const [request] = p.seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/sms/send');
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('nordlog:pa:ss wörd').toString('base64')}`,
    );
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.accept).toBe('application/json');
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      source: 'Nordlog',
      sourceTON: 'ALPHANUMERIC',
      destination: '+4791234567',
      destinationTON: 'MSISDN',
      userData: 'Your Nordlog login code is 123456. It is valid for 10 minutes.',
      platformId: 'COMMON_API',
      platformPartnerId: '4711',
      useDeliveryReport: false,
      ignoreResponse: false,
      relativeValidityTime: 600_000,
      refId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('retries 5xx answers and dropped connections with backoff, the same refId each time, then succeeds', async () => {
    const p = await start([status(503), dropConnection, queued]);
    await sender(p.url, { retryDelaysMs: [100, 200] }).send(code);
    expect(p.seen).toHaveLength(3);
    expect(new Set(p.seen.map((s) => JSON.parse(s.body).refId)).size).toBe(1);
    expect(p.seen[1]!.at - p.seen[0]!.at).toBeGreaterThanOrEqual(95);
    expect(p.seen[2]!.at - p.seen[1]!.at).toBeGreaterThanOrEqual(195);
  });

  it('gives up after the bounded retries on persistent 5xx: a service failure after 3 attempts', async () => {
    const p = await start([status(500)]);
    const error = await failure(sender(p.url).send(code));
    expect(p.seen).toHaveLength(3);
    expect(error.scope).toBe('service');
    expect(error.message).toContain('HTTP 500');
  });

  it('times out a hanging provider and retries within the bound', async () => {
    const p = await start([neverAnswer]);
    const began = Date.now();
    // Each attempt must reach the provider before its time-out: 1 s, not less, so a loaded
    // machine's stall cannot end an attempt before it was sent (150 ms did, in CI).
    const error = await failure(sender(p.url, { timeoutMs: 1000, retryDelaysMs: [10] }).send(code));
    expect(p.seen).toHaveLength(2);
    expect(error.scope).toBe('service');
    expect(error.message).toContain('timed out');
    expect(Date.now() - began).toBeLessThan(5000);
  });

  it('never retries a 4xx: a refused message is a recipient failure, refused credentials or throttling a service failure', async () => {
    const refused = await start([status(400), queued]);
    expect((await failure(sender(refused.url).send(code))).scope).toBe('recipient');
    expect(refused.seen).toHaveLength(1);
    for (const c of [401, 403, 429]) {
      const p = await start([status(c), queued]);
      const error = await failure(sender(p.url).send(code));
      expect([c, error.scope]).toEqual([c, 'service']);
      expect(p.seen).toHaveLength(1);
    }
  });

  it('sends nothing for a number that is not E.164', async () => {
    const p = await start([queued]);
    for (const to of ['4791234567', '+47 912 34 567', '+0791234567', '+47']) {
      expect((await failure(sender(p.url).send({ ...code, to }))).scope).toBe('recipient');
    }
    expect(p.seen).toEqual([]);
  });

  it('reads the sender as an alphanumeric name, a short number or an MSISDN', () => {
    expect(senderTon('Nordlog')).toBe('ALPHANUMERIC');
    expect(senderTon('2333')).toBe('SHORTNUMBER');
    expect(senderTon('+4790000000')).toBe('MSISDN');
  });
});
