import { AppError, errorStatus, type ErrorItem } from '@nordlog/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger.js';

/** zod issues as spec §8 items, the field path first in each description. */
export function validationError(error: ZodError, prefix = ''): AppError {
  const items: ErrorItem[] = error.issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    return {
      errorType: 'VALIDATION_ERROR',
      description: path ? `${path}: ${issue.message}` : issue.message,
    };
  });
  return AppError.of(items);
}

/** Any error to the status and body of spec §8; unexpected ones are logged and never leak. */
export function toErrorResponse(
  err: unknown,
  logger: Logger,
): { status: number; body: ErrorItem[] } {
  if (err instanceof AppError) return { status: err.status, body: err.items };
  if (err instanceof ZodError) return toErrorResponse(validationError(err), logger);
  const e = err as { type?: string; status?: number; message?: string };
  if (e?.type === 'entity.parse.failed') {
    return {
      status: 400,
      body: [{ errorType: 'BAD_REQUEST', description: 'The body is not valid JSON' }],
    };
  }
  if (e?.type === 'entity.too.large') {
    return {
      status: 413,
      body: [{ errorType: 'PAYLOAD_TOO_LARGE', description: 'The body is too large' }],
    };
  }
  logger.error({ err }, 'unexpected error');
  return {
    status: errorStatus.INTERNAL_ERROR,
    body: [{ errorType: 'INTERNAL_ERROR', description: 'Something went wrong on the server' }],
  };
}

export const errorMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (err, _req, res, _next) => {
    const { status, body } = toErrorResponse(err, logger);
    res.status(status).json(body);
  };

export const notFoundHandler: RequestHandler = (req, res) => {
  res
    .status(404)
    .json([{ errorType: 'NOT_FOUND', description: `No such resource: ${req.method} ${req.path}` }]);
};
