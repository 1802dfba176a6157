import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commandSchemas } from '@nordlog/contracts';
import { createGatewayApp } from '@nordlog/gateway';
import { silentLogger, startEmbeddedPostgres } from '@nordlog/platform';
import type express from 'express';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, unlink, writeFile, mkdir } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshPhone, startTestSystem, type TestSystem, storeHead } from '../support/system.js';

const head = (sys: TestSystem) => storeHead(sys);

/** A GET or POST with the given address as the client's source (a non-loopback caller). */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; localAddress?: string } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP edge: CSRF on every path, security headers, reused command ids', () => {
  let sys: TestSystem;
  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => sys.shutdown());

  it('every command, under any spelling of its path, without the CSRF token is refused and changes nothing', async () => {
    const spellings = (name: string) => [
      `/api/command/${name}`,
      `/api/Command/${name}`,
      `/API/COMMAND/${name}`,
      `/api/command/${name.toLowerCase()}`,
      `/api//command/${name}`,
      `/api/command/${name}/`,
      `/api/%63ommand/${name}`,
      `/Api/cOMMAND/${name}?x=1`,
    ];
    const before = await head(sys);
    for (const name of Object.keys(commandSchemas)) {
      for (const path of spellings(name)) {
        const res = await fetch(`${sys.url}${path}`, {
          method: 'POST',
          headers: { cookie: sys.admin.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({
            type: name,
            payload: { name: 'Sneaky', departmentType: 'courier', country: 'NO' },
          }),
        });
        expect({ path, status: [403, 404].includes(res.status) }).toEqual({ path, status: true });
      }
    }
    expect(await head(sys)).toBe(before);
    // With the token the same command is applied: the refusal was the token's.
    const ok = await sys.command('CREATE_DEPARTMENT', {
      name: 'Fair',
      departmentType: 'courier',
      country: 'NO',
    });
    expect(ok.status).toBe(200);
  });

  it('security headers on every kind of answer; HSTS only over HTTPS', async () => {
    for (const path of [
      '/',
      '/health',
      '/auth/user',
      '/api/query/departments',
      '/nothing-here',
      '/api/nothing',
    ]) {
      const res = await call(`${sys.url}${path}`, { headers: { cookie: sys.admin.cookie } });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect({ path, csp }).toEqual({
        path,
        csp: expect.stringContaining("frame-ancestors 'none'"),
      });
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain('https://tile.openstreetmap.org');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    // Behind a TLS-terminating proxy on this machine (trust proxy: loopback).
    const secure = await call(`${sys.url}/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toContain('max-age=');
  });

  it('a commandId reused by another user or for another command is refused (409); its own repeat gets the first reply', async () => {
    const commandId = randomUUID();
    const payload = { name: 'Once', departmentType: 'courier', country: 'NO' };
    const first = await sys.command('CREATE_DEPARTMENT', payload, { commandId });
    expect(first.status).toBe(200);
    const again = await sys.command('CREATE_DEPARTMENT', payload, { commandId });
    expect(again).toEqual(first);
    const other = sys.as(await sys.login({ phoneNumber: freshPhone(), role: 'ADMIN' }));
    const before = await head(sys);
    const stolen = await other.command('CREATE_DEPARTMENT', payload, { commandId });
    expect(stolen.status).toBe(409);
    expect(stolen.body[0].errorType).toBe('COMMAND_ID_TAKEN');
    const otherType = await sys.command(
      'UPDATE_DEPARTMENT',
      { id: first.body.ids[0], name: 'Twice' },
      { commandId },
    );
    expect(otherType.status).toBe(409);
    expect(otherType.body[0].errorType).toBe('COMMAND_ID_TAKEN');
    expect(await head(sys)).toBe(before);
  });

  it('a body that is not JSON (text/plain, a form, no Content-Type) gets 415 naming application/json on every JSON route, and changes nothing', async () => {
    const payload = { name: 'Plain', departmentType: 'courier', country: 'NO' };
    const routes: [string, unknown][] = [
      ['/api/command/CREATE_DEPARTMENT', { type: 'CREATE_DEPARTMENT', payload }],
      ['/api/query/departments', { query: 'departments', params: {} }],
      ['/auth/request-token', { phoneNumber: freshPhone() }],
      ['/api/auth/customer-login-initiate', { phoneNumber: freshPhone() }],
      ['/auth/verify-token', { phoneNumber: freshPhone(), token: '123456' }],
      ['/auth/verify-pwd', { password: 'x' }],
      ['/auth/claim-email', { email: 'a@b.no' }],
      ['/auth/request-pwd-reset', { email: 'a@b.no' }],
      ['/auth/set-pwd', { token: 'x', password: 'y' }],
    ];
    const before = await head(sys);
    for (const [path, body] of routes)
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', null]) {
        const res = await fetch(`${sys.url}${path}`, {
          method: 'POST',
          headers: { cookie: sys.admin.cookie, 'x-csrf-token': sys.admin.csrf },
          // A Blob without a type sends no Content-Type at all.
          body: new Blob([JSON.stringify(body)], type ? { type } : {}),
        });
        const answer = (await res.json()) as { errorType: string; description: string }[];
        expect({ path, type, status: res.status, errorType: answer[0]?.errorType }).toEqual({
          path,
          type,
          status: 415,
          errorType: 'UNSUPPORTED_MEDIA_TYPE',
        });
        expect(answer[0]!.description).toContain('Content-Type: application/json');
      }
    expect(await head(sys)).toBe(before);
    // The same calls as JSON are served; a POST without a body (log-out) needs no Content-Type.
    expect((await sys.query('departments', {})).status).toBe(200);
    const other = await sys.login({ phoneNumber: freshPhone(), role: 'PLANNER' });
    const out = await fetch(`${sys.url}/auth/logout`, {
      method: 'POST',
      headers: { cookie: other.cookie },
    });
    expect(out.status).toBe(200);
  });
});

describe('development mode stays on this machine', () => {
  let sys: TestSystem;
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  beforeAll(async () => {
    if (!outside) throw new Error('this test needs a non-loopback IPv4 interface (none found)');
    sys = await startTestSystem({ env: { NODE_ENV: 'development', HOST: '0.0.0.0' } });
  });
  afterAll(async () => sys?.shutdown());

  it('impersonation and the message page answer loopback callers only', async () => {
    const port = new URL(sys.url).port;
    const local = await call(`http://127.0.0.1:${port}/auth/user/admin`);
    expect(local.status).toBe(200);
    expect((await call(`http://127.0.0.1:${port}/dev/messages`)).status).toBe(200);
    const remote = await call(`http://${outside}:${port}/auth/user/admin`, {
      localAddress: outside,
    });
    expect(remote.status).toBe(404);
    expect(remote.headers['set-cookie']).toBeUndefined();
    expect(
      (await call(`http://${outside}:${port}/dev/messages`, { localAddress: outside })).status,
    ).toBe(404);
    // A forwarded header from elsewhere does not make a caller local.
    const forged = await call(`http://${outside}:${port}/auth/user/admin`, {
      localAddress: outside,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forged.status).toBe(404);
  });
});

describe('no source maps in production', () => {
  it('the gateway answers the web app but not its .map files when told not to serve them', async () => {
    const uiDir = await mkdtemp(path.join(tmpdir(), 'nordlog-ui-'));
    await mkdir(path.join(uiDir, 'assets'));
    await writeFile(path.join(uiDir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(uiDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(path.join(uiDir, 'assets', 'app.js.map'), '{"version":3}');
    const serve = async (sourceMaps: boolean) => {
      const none: express.RequestHandler = (_req, _res, next) => next();
      const app = createGatewayApp({
        commandApi: none,
        queryApi: none,
        authApi: none,
        authenticate: none,
        logger: silentLogger(),
        buildId: 'x',
        uiDir,
        sourceMaps,
      });
      const server = createServer(app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = {
        js: (await call(`${base}/assets/app.js`)).status,
        map: (await call(`${base}/assets/app.js.map`)).status,
        upper: (await call(`${base}/assets/APP.JS.MAP`)).status,
      };
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return result;
    };
    expect(await serve(false)).toEqual({ js: 200, map: 404, upper: 404 });
    expect((await serve(true)).map).toBe(200);
    await rm(uiDir, { recursive: true, force: true });
  });
});

describe('the embedded server has no constant password', () => {
  it('a new cluster gets a random password kept with mode 0600; an old one with the constant gets one at start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nordlog-pw-'));
    const file = path.join(dataDir, 'pg-password');
    try {
      const first = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true });
      const password = (await readFile(file, 'utf8')).trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(password).not.toBe('embedded');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(new URL(first.url).password).toBe(encodeURIComponent(password));
      // Make it a cluster of the old kind: the constant password and no file.
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query(`alter role postgres password 'embedded'`);
      await client.end();
      await first.stop();
      await unlink(file);
      const second = await startEmbeddedPostgres({ dataDir, logger: silentLogger(), fast: true });
      const renewed = (await readFile(file, 'utf8')).trim();
      expect(renewed).not.toBe('embedded');
      const old = new pg.Client({
        connectionString: second.url.replace(/:[^:@/]+@/, ':embedded@'),
      });
      await expect(old.connect()).rejects.toThrow();
      const fresh = new pg.Client({ connectionString: second.url });
      await fresh.connect();
      await fresh.end();
      await second.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
