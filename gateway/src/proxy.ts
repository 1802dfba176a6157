import { AppError, type Identity } from '@nordlog/contracts';
import { signIdentity, type Logger } from '@nordlog/platform';
import type { Request, RequestHandler } from 'express';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Request headers a service may need; nothing else (no cookie: the identity is signed). */
const FORWARDED_REQUEST = [
  'content-type',
  'content-length',
  'accept',
  'accept-language',
  'x-min-position',
  'x-request-id',
  'x-csrf-token',
  // The external orders API's retry key (docs/decisions/0069).
  'idempotency-key',
];
/** Hop-by-hop headers (RFC 9110 §7.6.1) never pass a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

/**
 * The gateway's way to a service running as its own process (docs/decisions/0025-topology.md):
 * the request goes on unchanged (method, path, body streamed) with the caller's identity signed
 * under INTERNAL_SECRET; the answer comes back as the service gave it. A service that cannot be
 * reached is 503 SERVICE_UNAVAILABLE for the client, as an unreachable database is.
 */
export function forwardTo(
  target: string,
  secret: string,
  logger: Logger,
  options: { timeoutMs?: number } = {},
): RequestHandler {
  const base = new URL(target);
  const send = base.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req, res, next) => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const identity = (req as Request & { identity?: Identity }).identity;
    if (identity) Object.assign(headers, signIdentity(secret, identity));
    const upstream = send(
      new URL(req.originalUrl, base),
      { method: req.method, headers, timeout: options.timeoutMs ?? 120_000 },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('service timed out')));
    upstream.on('error', (err) => {
      logger.warn({ err, target: base.host, path: req.path }, 'service call failed');
      if (res.headersSent) res.destroy();
      else next(new AppError('SERVICE_UNAVAILABLE', 'The service is not reachable; try again'));
    });
    req.pipe(upstream);
  };
}
