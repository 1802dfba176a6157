import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The web app's files (docs/decisions/0023-http-edge.md): each text file comes with `.br` and
 * `.gz` beside it, written at build time (ui/vite.config.ts); the best one the client accepts is
 * sent as is, with the original's Content-Type. Hashed assets are cached for a year, immutable;
 * everything else is revalidated. Range and HEAD requests and conditional GETs are `send`'s (of
 * `res.sendFile`), on the file chosen.
 */

/** Encodings written beside a file, in the server's order of preference. */
export const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['encoding'];

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's output under /assets/: `name-HASH.ext` (an 8-character base64url hash), maps too. */
const HASHED_ASSET = /^\/assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(?:\.map)?$/;

/** Cache-Control of a URL path: a content-hashed asset never changes; other files may. */
export const cacheControlFor = (urlPath: string): string =>
  HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE;

/**
 * The encoding to send of those `available`, by `Accept-Encoding` (RFC 9110 §12.5.3): the highest
 * q-value wins, and between equal ones the server's order (brotli is the smaller). None: the
 * plain file (also when the client refuses identity: a 406 helps nobody).
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') weight = Number(value);
    }
    if (Number.isFinite(weight)) q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of ENCODINGS.map((e) => e.encoding)) {
    if (!available.includes(encoding)) continue;
    const weight = q.get(encoding) ?? q.get('*') ?? 0;
    if (weight > bestQ) [best, bestQ] = [encoding, weight];
  }
  return best;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Sends `file` (absolute) or its precompressed variant the request accepts, with `cacheControl`;
 * `next()` when there is no such file.
 */
export async function sendStatic(
  req: Request,
  res: Response,
  next: NextFunction,
  file: string,
  cacheControl: string,
): Promise<void> {
  if (!(await isFile(file))) return next();
  const available: Encoding[] = [];
  for (const { encoding, suffix } of ENCODINGS)
    if (await isFile(file + suffix)) available.push(encoding);
  const encoding = chooseEncoding(req.get('accept-encoding'), available);
  const chosen = encoding ? file + ENCODINGS.find((e) => e.encoding === encoding)!.suffix : file;
  const headers: Record<string, string> = { 'Cache-Control': cacheControl };
  if (encoding) headers['Content-Encoding'] = encoding;
  // The type of the original, not of `.br`; `send` keeps a Content-Type already set.
  res.type(path.extname(file));
  if (available.length > 0) res.vary('Accept-Encoding');
  res.set(headers);
  await new Promise<void>((resolve) => {
    // dotfiles: paths were checked by the caller (the folder itself may sit under a dot folder).
    res.sendFile(chosen, { cacheControl: false, dotfiles: 'allow' }, (err?: unknown) => {
      resolve();
      if (!err) return;
      const e = err as { code?: string; status?: number; syscall?: string };
      // Gone since the stat (a build replacing the folder): as if it had never been there.
      if (e.code === 'ENOENT' || e.code === 'EISDIR' || e.status === 404) {
        if (res.headersSent) return;
        for (const name of ['Content-Type', 'Content-Encoding', 'Cache-Control', 'Vary'])
          res.removeHeader(name);
        return next();
      }
      // The client went away mid-answer: nothing to tell it.
      if (e.code === 'ECONNABORTED' || e.syscall === 'write' || res.headersSent) return;
      next(err);
    });
  });
}

/**
 * The file of a URL path inside `root`, or null: an undecodable path, a NUL, a dotfile or dot
 * folder (`.git`, `..`), a directory path, or anything outside `root`.
 */
export function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.endsWith('/')) return null;
  if (decoded.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

/** GET and HEAD of the files in `root`; anything else, or no such file: `next()`. */
export function staticFiles(root: string): RequestHandler {
  const base = path.resolve(root);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = fileInside(base, req.path);
    if (!file) return next();
    await sendStatic(req, res, next, file, cacheControlFor(req.path));
  };
}
