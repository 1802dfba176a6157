import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  downloadPaths,
  downloadPrefixes,
  uploadPaths,
  uploadPrefixes,
  uploadSpecPaths,
} from '@nordlog/contracts';
import { silentLogger } from '@nordlog/platform';
import type { RequestHandler } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from './app.js';

/**
 * The gateway hands each file call to its own service and to no other (in the production
 * topology both are proxies that take whatever reaches them): every download of contracts'
 * table reaches the query service's handler, every upload the command service's, under `/api`
 * and at the spec's own path; a path of neither reaches neither.
 */
describe('file calls reach their own service', () => {
  let server: Server;
  let base: string;
  const answer =
    (service: string): RequestHandler =>
    (req, res) =>
      void res.json({ service, url: req.originalUrl });
  const through: RequestHandler = (_req, _res, next) => next();

  beforeAll(async () => {
    const app = createGatewayApp({
      commandApi: answer('command'),
      queryApi: answer('query'),
      authApi: through,
      authenticate: through,
      logger: silentLogger(),
      buildId: 'test',
      downloadApi: answer('query'),
      uploadApi: answer('command'),
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const serviceOf = async (method: string, path: string) => {
    const res = await fetch(`${base}${path}`, { method });
    return res.status === 200 ? ((await res.json()) as { service: string }).service : res.status;
  };

  it('every download reaches the query service, under /api and at its own path', async () => {
    for (const path of downloadPaths) {
      expect([path, await serviceOf('POST', `/api${path}`)]).toEqual([path, 'query']);
      expect([path, await serviceOf('POST', path)]).toEqual([path, 'query']);
    }
    for (const prefix of downloadPrefixes)
      expect(await serviceOf('GET', `/api${prefix}1/pdf/x.pdf`)).toBe('query');
  });

  it('every upload reaches the command service, the spec’s own also without /api', async () => {
    for (const path of uploadPaths)
      expect([path, await serviceOf('POST', `/api${path}`)]).toEqual([path, 'command']);
    for (const path of uploadSpecPaths)
      expect([path, await serviceOf('POST', path)]).toEqual([path, 'command']);
    for (const prefix of uploadPrefixes)
      expect(await serviceOf('GET', `/api${prefix}orders.xlsx`)).toBe('command');
  });

  it('a path of neither reaches neither', async () => {
    expect(await serviceOf('POST', '/api/uploadSomethingElse')).toBe(404);
    expect(await serviceOf('POST', '/api/exportSomething')).toBe(404);
  });
});
