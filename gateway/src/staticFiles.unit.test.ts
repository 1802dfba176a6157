import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@nordlog/platform';
import type { RequestHandler } from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createGatewayApp } from './app.js';
import { cacheControlFor, chooseEncoding, IMMUTABLE, REVALIDATE } from './staticFiles.js';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe('choosing an encoding (Accept-Encoding)', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    // Chromium's header lists gzip first; equal q-values go by the server's order.
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip', both, 'gzip'],
    ['br', both, 'br'],
    ['gzip, br', ['gzip'] as const, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['gzip;q=1, br;q=0.5', both, 'gzip'],
    ['BR;Q=0.9, GZIP;Q=0.8', both, 'br'],
    ['*', both, 'br'],
    ['*;q=0', both, null],
    ['identity', both, null],
    ['x-gzip', both, 'gzip'],
    ['deflate', both, null],
    ['', both, null],
    [undefined, both, null],
    ['gzip, deflate, br', [] as const, null],
  ])('%p with %p available: %p', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

describe('cache lifetimes', () => {
  it.each([
    ['/assets/index-DhpyXHtz.js', IMMUTABLE],
    ['/assets/FormHelperText-BfD0-2Zd.js', IMMUTABLE],
    ['/assets/MapPreview-Ds4Udj8m.css', IMMUTABLE],
    ['/assets/index-DhpyXHtz.js.map', IMMUTABLE],
    ['/index.html', REVALIDATE],
    ['/robots.txt', REVALIDATE],
    ['/favicon-DhpyXHtz.svg', REVALIDATE],
    ['/assets/logo.svg', REVALIDATE],
  ])('%s: %s', (urlPath, expected) => {
    expect(cacheControlFor(urlPath)).toBe(expected);
  });
});

/**
 * The gateway's static serving on a folder laid out as the web-app build writes it: index.html,
 * hashed assets with `.br` and `.gz` beside them, a small asset without, an unhashed file.
 */
describe('the gateway serves the built web app', () => {
  let dir: string;
  let server: Server;
  let port: number;
  const script = Buffer.from(`export const text = ${JSON.stringify('nordlog '.repeat(400))};\n`);
  const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
  const startApp = (sourceMaps: boolean) => {
    const none: RequestHandler = (_req, _res, next) => next();
    const refuse: RequestHandler = (_req, res) =>
      void res.status(401).json([{ errorType: 'NOT_LOGGED_IN', description: 'no session' }]);
    const app = createGatewayApp({
      commandApi: none,
      queryApi: none,
      authApi: none,
      authenticate: refuse,
      logger: silentLogger(),
      buildId: 'test',
      uiDir: dir,
      sourceMaps,
    });
    return new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nordlog-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), indexHtml);
    writeFileSync(path.join(dir, 'assets', 'app-AbCd_-12.js'), script);
    writeFileSync(path.join(dir, 'assets', 'app-AbCd_-12.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets', 'app-AbCd_-12.js.gz'), gzipSync(script));
    writeFileSync(path.join(dir, 'assets', 'app-AbCd_-12.js.map'), '{"version":3}');
    writeFileSync(path.join(dir, 'assets', 'tiny-XyZ98765.css'), 'a{b:c}');
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(path.join(dir, '.secret'), 'no');
    server = await startApp(false);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A raw request: no decoding, so the bytes on the wire are what is checked. */
  const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET', at = port) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: at, path: urlPath, method, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  const asset = '/assets/app-AbCd_-12.js';

  it("sends brotli to a browser that accepts it (Chromium's header), with the original's type", async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.body)).toEqual(script);
  });

  it('sends gzip when brotli is not accepted, and the plain file when neither is', async () => {
    const gz = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(script);
    const plain = await get(asset, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toEqual(script);
    const none = await get(asset);
    expect(none.body).toEqual(script);
    expect(none.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers HEAD with the headers of the chosen file and no body', async () => {
    const res = await get(asset, { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(res.body.length).toBe(0);
  });

  it('answers ranges of the file sent, plain or compressed', async () => {
    const plain = await get(asset, { range: 'bytes=0-9' });
    expect(plain.status).toBe(206);
    expect(plain.body).toEqual(script.subarray(0, 10));
    expect(plain.headers['content-range']).toBe(`bytes 0-9/${script.length}`);
    const br = brotliCompressSync(script);
    const compressed = await get(asset, { range: 'bytes=2-5', 'accept-encoding': 'br' });
    expect(compressed.status).toBe(206);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.body).toEqual(br.subarray(2, 6));
  });

  it('answers a conditional GET 304 per representation', async () => {
    const first = await get(asset, { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await get(asset, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    const gz = await get(asset, { 'accept-encoding': 'gzip' });
    expect(gz.headers.etag).not.toBe(etag);
  });

  it('sends small files plain and without Vary; unhashed files and index.html are revalidated', async () => {
    const tiny = await get('/assets/tiny-XyZ98765.css', { 'accept-encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['vary']).toBeUndefined();
    expect(tiny.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
    const robots = await get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('no-cache');
    const index = await get('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.body.toString()).toBe(indexHtml);
  });

  it('answers every other GET with index.html (the SPA), never a dotfile or a path outside', async () => {
    for (const p of ['/', '/planner/1/shipments', '/.secret', '/assets/../.secret', '/%2e%2e/x']) {
      const res = await get(p, { 'accept-encoding': 'br' });
      expect([p, res.status, res.body.toString()]).toEqual([p, 200, indexHtml]);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBeUndefined();
    }
    const bad = await get('/%E0%A4%A', {});
    expect(bad.status).toBeLessThan(500);
  });

  it('keeps source maps out of production, /api answers JSON, POST is not a file', async () => {
    expect((await get('/assets/app-AbCd_-12.js.map')).status).toBe(404);
    expect((await get('/api/nothing')).status).toBe(401);
    expect((await get(asset, {}, 'POST')).status).toBe(404);
    const dev = await startApp(true);
    try {
      const map = await get(
        '/assets/app-AbCd_-12.js.map',
        {},
        'GET',
        (dev.address() as AddressInfo).port,
      );
      expect(map.status).toBe(200);
      expect(map.body.toString()).toBe('{"version":3}');
    } finally {
      await new Promise((resolve) => dev.close(resolve));
    }
  });

  it('serves the OpenAPI document without a session', async () => {
    const res = await get('/api/openapi.json', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const text =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.body;
    expect(JSON.parse(text.toString())).toMatchObject({ openapi: '3.1.0' });
  });
});
