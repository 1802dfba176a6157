import { AppError } from '@nordlog/contracts';
import type { Request, RequestHandler } from 'express';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether the caller is on this machine: both the connection and the address the proxy chain
 * reports (`trust proxy` = loopback) are loopback. A forwarded request from elsewhere is not.
 */
export function fromLoopback(req: Request): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && LOOPBACK.test(req.ip ?? '');
}

/**
 * Development pages that hand out sessions or login codes answer only callers on this machine;
 * anyone else gets the 404 of a page that does not exist.
 */
export const loopbackOnly =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) => {
    if (!fromLoopback(req))
      throw new AppError('NOT_FOUND', `No such resource: ${req.method} ${req.path}`);
    return handler(req, res, next);
  };
