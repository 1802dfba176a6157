import { describe, expect, it } from '@jest/globals';
import { silentLogger } from '@nordlog/platform';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { createGatewayApp } from './app.js';
import { PublicLimit } from './publicLimit.js';

/**
 * The public door (`/openapi/*`: the tracking query, the postal-code check) is limited per client
 * address, and the limit and the calls are one mount: no spelling of the path reaches the calls
 * without passing the limit.
 */
describe('public limit', () => {
  it('counts every spelling of /openapi against one limit per address; 429 over it', async () => {
    let now = 0;
    const reached: string[] = [];
    const openApi = express.Router();
    openApi.use((req, res) => void (reached.push(req.path), res.json({ ok: true })));
    const refuse: express.RequestHandler = (_req, res) => void res.status(401).end();
    const app = createGatewayApp({
      commandApi: refuse,
      queryApi: refuse,
      authApi: refuse,
      authenticate: refuse,
      logger: silentLogger(),
      buildId: 'test',
      openApi,
      publicLimit: new PublicLimit(3, () => new Date(now)),
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const post = (path: string) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
      const statuses = [];
      for (const path of [
        '/openapi/query/getShipmentDetailsFromTracking',
        '/OPENAPI/query/getShipmentDetailsFromTracking',
        '/OpenApi/Query/x',
        '/openapi/query/getShipmentDetailsFromTracking',
        '/OPENAPI/validate/postalCode',
      ])
        statuses.push((await post(path)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(reached).toHaveLength(3);
      const refused = await post('/openapi/query/x');
      expect(((await refused.json()) as { errorType: string }[])[0]!.errorType).toBe(
        'TOO_MANY_REQUESTS',
      );
      // It says when the address is let in again: when its oldest request leaves the window.
      expect(refused.headers.get('retry-after')).toBe('60');
      now = 45_000;
      expect((await post('/openapi/query/x')).headers.get('retry-after')).toBe('15');
      // A minute later the address is let in again.
      now = 60_000;
      expect((await post('/openapi/query/x')).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the public commands (/openapi/command, 0063) count against the same limit as the queries, and reach only the command side', async () => {
    const reached: string[] = [];
    const openApi = express.Router();
    openApi.use((req, res) => void (reached.push(`query ${req.path}`), res.json({ ok: true })));
    const openCommands = express.Router();
    openCommands.use(
      (req, res) => void (reached.push(`command ${req.path}`), res.json({ ok: true })),
    );
    const refuse: express.RequestHandler = (_req, res) => void res.status(401).end();
    const app = createGatewayApp({
      commandApi: refuse,
      queryApi: refuse,
      authApi: refuse,
      authenticate: refuse,
      logger: silentLogger(),
      buildId: 'test',
      openApi,
      openCommands,
      publicLimit: new PublicLimit(3, () => new Date(0)),
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const statuses = [];
      for (const path of [
        '/openapi/command/RECIPIENT_LEAVE_AT_DOOR',
        '/openapi/query/getShipmentDetailsFromTracking',
        '/OPENAPI/Command/RECIPIENT_REQUEST_DAY',
        '/openapi/command/RECIPIENT_REQUEST_DAY',
      ])
        statuses.push(
          (
            await fetch(`${base}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(reached).toEqual([
        'command /RECIPIENT_LEAVE_AT_DOOR',
        'query /query/getShipmentDetailsFromTracking',
        'command /RECIPIENT_REQUEST_DAY',
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
