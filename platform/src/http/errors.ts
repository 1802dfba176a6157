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
      const message = isValidationKey(issue.message) ? validationMessages[key] : issue.message;
      // A text too long says how long it may be (the web form counts towards the same number).
      const max =
        issue.code === 'too_big' && typeof issue.maximum === 'number' ? issue.maximum : undefined;
      const text = max === undefined ? message : `${message} (at most ${max})`;
      const params: Record<string, string | number> = { field, key };
      if (max !== undefined) params.max = max;
      return {
        errorType: 'VALIDATION_ERROR' as const,
        description: path ? `${path}: ${text}` : text,
        params,
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

/**
 * `Retry-After` of an answer that asks the caller to come back (RFC 9110 §10.2.3): a limit's own
 * wait where it knows it, else these. Every 429 and 503 carries one, so a client or a proxy never
 * has to guess.
 */
export const defaultRetryAfterSeconds: Readonly<Record<number, number>> = { 429: 60, 503: 5 };

export interface ErrorResponse {
  status: number;
  body: ErrorItem[];
  /** Set for every status of `defaultRetryAfterSeconds`. */
  retryAfterSeconds?: number;
}

/** Any error to the status and body of spec §8; unexpected ones are logged and never leak. */
export function toErrorResponse(err: unknown, logger: Logger): ErrorResponse {
  const answer = errorAnswer(err, logger);
  const fallback = defaultRetryAfterSeconds[answer.status];
  if (fallback === undefined) return answer;
  const own = err instanceof AppError ? err.retryAfterSeconds : undefined;
  return { ...answer, retryAfterSeconds: own ?? fallback };
}

function errorAnswer(err: unknown, logger: Logger): ErrorResponse {
  if (err instanceof AppError) return { status: err.status, body: err.items };
  if (err instanceof ZodError) return errorAnswer(validationError(err), logger);
  const e = err as {
    type?: string;
    status?: number;
    statusCode?: number;
    expose?: boolean;
    message?: string;
    code?: string;
  };
  const one = (status: number, errorType: ErrorItem['errorType'], description: string) => ({
    status,
    body: [{ errorType, description }],
  });
  if (e?.type === 'entity.parse.failed')
    return one(400, 'BAD_REQUEST', 'The body is not valid JSON');
  if (e?.type === 'entity.too.large') return one(413, 'PAYLOAD_TOO_LARGE', 'The body is too large');
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return one(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `${e.message ?? 'Unsupported body'}; send UTF-8 JSON`,
    );
  // Any other refusal of the HTTP layer (body-parser, raw-body: an aborted or damaged body, a
  // false Content-Encoding or Content-Length) is the client's: its 4xx, never a 500.
  const status = e?.status ?? e?.statusCode;
  if (e?.expose && typeof status === 'number' && status >= 400 && status < 500)
    return one(
      status === 413 ? 413 : 400,
      status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST',
      e.message ?? 'Bad request',
    );
  // The database refused a value (SQLSTATE class 22, data exception): input no rule caught.
  if (typeof e?.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) {
    logger.warn({ err }, 'the database refused a value of a request');
    return one(400, 'BAD_REQUEST', 'A value of the request cannot be stored');
  }
  // The database is not reachable (connection refused or lost, shutting down, too many clients).
  if (isUnavailable(e)) {
    logger.warn({ err: e.message, code: e.code }, 'database unavailable');
    return one(
      503,
      'SERVICE_UNAVAILABLE',
      'The database is not reachable; nothing was changed. Try again in a moment',
    );
  }
  logger.error({ err }, 'unexpected error');
  return {
    status: errorStatus.INTERNAL_ERROR,
    body: [{ errorType: 'INTERNAL_ERROR', description: 'Something went wrong on the server' }],
  };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin shutdown
  '57P02', // crash shutdown
  '57P03', // cannot connect now (starting up, shutting down)
  '53300', // too many connections
]);

/** Whether an error says the database cannot be reached now (the request may be retried). */
/** The KurrentDB client's error types for a server it cannot reach or that cannot answer now. */
const UNAVAILABLE_TYPES = new Set(['unavailable', 'deadline-exceeded', 'not-leader']);

export function isUnavailable(
  e:
    | { code?: string | number; message?: string; type?: unknown; syscall?: unknown }
    | null
    | undefined,
): boolean {
  if (!e) return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08')))
    return true;
  // A Unix socket whose server is down: its file is gone (the embedded server's connection).
  if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
  if (typeof e.type === 'string' && UNAVAILABLE_TYPES.has(e.type)) return true;
  const message = e.message ?? '';
  return (
    message.includes('Connection terminated') ||
    message.includes('Knex: Timeout acquiring a connection') ||
    message.includes('Client has encountered a connection error')
  );
}

export const errorMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (err, _req, res, _next) => {
    const { status, body, retryAfterSeconds } = toErrorResponse(err, logger);
    // A file already on its way (a streamed export) cannot turn into an error answer: the
    // connection is cut, so the client sees a broken transfer rather than a short file.
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (retryAfterSeconds !== undefined) res.set('Retry-After', String(retryAfterSeconds));
    res.status(status).json(body);
  };

export const notFoundHandler: RequestHandler = (req, res) => {
  res
    .status(404)
    .json([{ errorType: 'NOT_FOUND', description: `No such resource: ${req.method} ${req.path}` }]);
};
