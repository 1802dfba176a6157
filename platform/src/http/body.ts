import { AppError } from '@nordlog/contracts';
import express, { type RequestHandler } from 'express';

/**
 * Text PostgreSQL cannot store, or that JSON cannot carry faithfully: a NUL character and a
 * UTF-16 surrogate without its pair. Rejected at the edge for every request, so no such value
 * reaches a schema, a query or the event log.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Keys that reach an object's prototype when a parsed value is copied key by key. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than any payload of ours: a value nested deeper is refused, not walked. */
const MAX_DEPTH = 64;

/** Where in `value` (a parsed JSON body or query string) it holds what the product refuses, if anywhere. */
export function unacceptableText(value: unknown, root = 'body'): string | null {
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value, path: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return `${path}: text with a NUL character or an unpaired surrogate`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH} levels`;
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(v)) {
      if (PROTOTYPE_KEYS.has(key)) return `${path}: the key ${key} is not allowed`;
      if (UNSTORABLE.test(key))
        return `${path}: a key with a NUL character or an unpaired surrogate`;
      stack.push({
        value: (v as Record<string, unknown>)[key],
        path: `${path}.${key}`,
        depth: depth + 1,
      });
    }
  }
  return null;
}

/** Refuses (400) a request whose body or query string holds text the product cannot keep. */
export const refuseUnacceptableText: RequestHandler = (req, _res, next) => {
  const problem = unacceptableText(req.body) ?? unacceptableText(req.query, 'query');
  if (problem) throw new AppError('BAD_REQUEST', problem);
  next();
};

/**
 * A request that carries a body of another type than JSON (`text/plain`, a form, none named) is
 * refused with 415 before anything reads it: otherwise the body stays unparsed and the schema
 * reports a missing payload. A request without a body (e.g. `POST /auth/logout`) passes.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  // Not type-is's hasBody: fetch sends `Content-Length: 0` with a POST that has no body.
  const hasContent =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (hasContent && !req.is('application/json'))
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The body must be JSON sent with Content-Type: application/json (got ${req.get('content-type') ?? 'no Content-Type'})`,
    );
  next();
};

/** The JSON body of every API route: JSON only, parsed (up to `limit`), then checked as above. */
export const jsonBody = (limit: string): RequestHandler[] => [
  requireJsonBody,
  express.json({ limit }),
  refuseUnacceptableText,
];
