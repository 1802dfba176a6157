import type { RequestHandler } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sendStatic } from '../staticFiles.js';
import { openApiDocument, type OpenApiDocument } from './document.js';

/** Where the build writes the document (gateway/dist/openapi.json, beside the compiled code). */
export const builtOpenApiFile = fileURLToPath(new URL('../openapi.json', import.meta.url));

/** The gateway package's version: the document's `info.version`. */
export function gatewayVersion(): string {
  const pkg = fileURLToPath(new URL('../../package.json', import.meta.url));
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/**
 * `GET /api/openapi.json`: the document the build wrote (with its `.br` and `.gz`), or, when
 * there is none (the code was compiled by `tsc -b` alone, or runs from its sources), the same
 * document built on first request.
 */
export function openApiRoute(file: string = builtOpenApiFile): RequestHandler {
  let built: OpenApiDocument | undefined;
  return async (req, res, next) => {
    if (existsSync(file)) return sendStatic(req, res, next, file, 'no-cache');
    built ??= openApiDocument(gatewayVersion());
    res.set('Cache-Control', 'no-cache').json(built);
  };
}
