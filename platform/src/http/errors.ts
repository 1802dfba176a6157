import {
  AppError,
  errorStatus,
  issueKey,
  isValidationKey,
  validationMessages,
  type ErrorItem,
  type ValidationKey,
} from '@nordlog/contracts';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { Logger } from '../logger.js';

/**
 * zod issues as spec §8 items, the field path first in each description; `params` name the field
 * (path inside the payload) and the message key the web app translates (docs/decisions/0015):
 * `{errorType: 'VALIDATION_ERROR', description: 'payload.pickup.zipCode: valid zip code',
 *   params: {field: 'pickup.zipCode', key: 'validation.zipCode'}}`.
 */
export function validationError(error: ZodError, prefix = ''): AppError {
  return AppError.of(
    error.issues.map((issue) => {
      const field = issue.path.map(String).join('.');
      const path = [prefix, field].filter(Boolean).join('.');
      const key = issueKey(issue);
      const text = isValidationKey(issue.message) ? validationMessages[key] : issue.message;
      return {
        errorType: 'VALIDATION_ERROR',
        description: path ? `${path}: ${text}` : text,
        params: { field, key },
      };
    }),
  );
}

/** Field-level refusals decided outside zod (e.g. the clock rule), in the same shape. */
export function fieldErrors(
  issues: { path: (string | number)[]; message: ValidationKey }[],
): AppError {
  return AppError.of(
    issues.map((issue) => {
      const field = issue.path.map(String).join('.');
      return {
        errorType: 'VALIDATION_ERROR',
        description: `payload.${field}: ${validationMessages[issue.message]}`,
        params: { field, key: issue.message },
      };
    }),
  );
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
