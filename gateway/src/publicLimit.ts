import { AppError } from '@nordlog/contracts';
import type { RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { RateLimiter } from './auth/rateLimit.js';

/** The window of the public calls' limit. */
export const PUBLIC_WINDOW_MS = 60_000;

/**
 * The limit on what anyone may call without a session (`/openapi/*`, the tracking socket): at
 * most `perMinute` requests per client address and minute, per gateway process. A tracking key
 * holds 128 random bits, so the limit is not what keeps links from being guessed; it keeps one
 * address from loading the database through the public door.
 */
export class PublicLimit {
  private readonly limiter: RateLimiter;

  constructor(perMinute: number, clock: () => Date = () => new Date()) {
    this.limiter = new RateLimiter(perMinute, PUBLIC_WINDOW_MS, clock);
  }

  /** Express middleware: 429 TOO_MANY_REQUESTS over the limit. */
  middleware(): RequestHandler {
    return (req, _res, next) => {
      const address = req.ip ?? 'unknown';
      if (!this.limiter.hit(address))
        throw new AppError(
          'TOO_MANY_REQUESTS',
          'Too many requests from this address; wait a minute',
        ).retryAfter(this.limiter.retryAfterMs(address));
      next();
    };
  }

  /** A socket upgrade from an address still under the limit (counts the attempt). */
  admits(req: IncomingMessage): boolean {
    return this.limiter.hit(req.socket.remoteAddress ?? 'unknown');
  }
}
