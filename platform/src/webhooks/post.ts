import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddress } from './addressGuard.js';

export interface PostResult {
  /** The HTTP status; null when no answer came (timeout, refused address, connection error). */
  statusCode: number | null;
  /** The start of the answer's body. */
  answer: string | null;
  error: string | null;
  durationMs: number;
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowLocal: boolean;
  /** Characters of the answer kept. */
  excerpt: number;
}

/**
 * One POST of a webhook: the connection's address checked as it is looked up (no rebinding),
 * no redirects followed (a redirect is an answer, logged; following it would leave the check),
 * the whole exchange bounded by `timeoutMs`, at most 64 KiB of the answer read.
 */
export function postWebhook(o: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const url = new URL(o.url);
  const client = url.protocol === 'https:' ? https : http;
  // An address written as such is not looked up: checked here (a name is checked in the lookup).
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const refusal = o.allowLocal
    ? null
    : ((isIP(host) !== 0 ? refusedAddress(host) : null) ??
      (url.protocol !== 'https:' ? 'a webhook URL must use https' : null));
  if (refusal)
    return Promise.resolve({ statusCode: null, answer: null, error: refusal, durationMs: 0 });
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(o.body),
          'user-agent': 'Nordlog-Webhooks/1',
          ...o.headers,
        },
        lookup: guardedLookup(o.allowLocal),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 65_536) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          done({
            statusCode: res.statusCode ?? null,
            answer: Buffer.concat(chunks).toString('utf8').slice(0, o.excerpt) || null,
            error: null,
          }),
        );
        res.on('error', (err) =>
          done({ statusCode: res.statusCode ?? null, answer: null, error: err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      done({ statusCode: null, answer: null, error: `no answer within ${o.timeoutMs} ms` });
      req.destroy();
    }, o.timeoutMs);
    req.on('error', (err) => done({ statusCode: null, answer: null, error: err.message }));
    req.end(o.body);
  });
}
