import {
  AppError,
  MIN_POSITION_HEADER,
  MIN_POSITION_REACHED_HEADER,
  MIN_POSITION_WAIT_MS,
} from '@nordlog/contracts';
import type { RequestHandler } from 'express';

/** Waits until the read models have projected `position`; false when `timeoutMs` passed first. */
export type WaitForPosition = (position: string, timeoutMs: number) => Promise<boolean>;

/**
 * Read-your-writes: a request with `x-min-position: <position>` (the `position` of a command
 * answer) is answered once the read models have projected that event, or after `timeoutMs`
 * anyway; `x-min-position-reached` says which.
 */
export function minPosition(
  wait: WaitForPosition | undefined,
  timeoutMs = MIN_POSITION_WAIT_MS,
): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(MIN_POSITION_HEADER)?.trim();
    if (!header) return next();
    if (!/^\d{1,18}$/.test(header))
      throw new AppError(
        'BAD_REQUEST',
        `${MIN_POSITION_HEADER}: expected the position of a command answer (digits)`,
      );
    const reached = wait ? await wait(header, timeoutMs) : false;
    res.set(MIN_POSITION_REACHED_HEADER, String(reached));
    next();
  };
}
