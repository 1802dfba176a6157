import express, { type Request, type Router } from 'express';
import type { Knex } from 'knex';
import { BlockList, isIP } from 'node:net';
import type { Logger } from '../logger.js';
import { oldestUnprojectedAgeMs, withDeadline } from '../metrics/database.js';
import type { Metrics } from '../metrics/index.js';

/** What `/ready` answers: 200 when `ok`, 503 otherwise, with the checks either way. */
export interface Readiness {
  ok: boolean;
  checks: Record<string, unknown>;
}

export interface HealthRoutesOptions {
  /** Served at `/metrics`; without it there is no `/metrics` route. */
  metrics?: Metrics;
  /** The readiness check (see `readiness`); a rejection counts as not ready. */
  ready: () => Promise<Readiness>;
  /**
   * Who may read `/metrics`; everyone else gets the 404 of a route that does not exist. Default
   * `fromPrivateNetwork`: a direct connection (no proxy headers) from loopback or a private
   * network. Pass your own rule when Prometheus reaches the service some other way.
   */
  allow?: (req: Request) => boolean;
}

/**
 * `GET /health`: 200 `{ok: true}` whenever the process can answer at all (liveness: restart it
 * when this fails). `GET /ready`: 200 or 503 with `{ok, checks}` (readiness: send it traffic only
 * on 200). `GET /metrics`: the Prometheus text of `metrics`.
 *
 * `/metrics` is refused (404) to any caller `allow` rejects, by default everything but a direct
 * connection from loopback or a private network (10/8, 172.16/12, 192.168/16, fc00::/7), so a
 * public listener does not publish it by accident; a request that came through a proxy (it
 * carries `Forwarded`, `X-Forwarded-For` or `X-Real-IP`) is refused as well, since a reverse
 * proxy or ingress on the private network would otherwise lend every internet caller its
 * address. `/health` and `/ready` say nothing beyond up/down and are open to everyone (load
 * balancers and orchestrators call them).
 */
export function healthRoutes(options: HealthRoutesOptions): Router {
  const router = express.Router();
  const allow = options.allow ?? fromPrivateNetwork;
  router.get('/health', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  router.get('/ready', async (_req, res) => {
    let result: Readiness;
    try {
      result = await options.ready();
    } catch {
      result = { ok: false, checks: { ready: { ok: false, error: 'the check failed' } } };
    }
    res
      .status(result.ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(result);
  });
  const metrics = options.metrics;
  if (metrics)
    router.get('/metrics', async (req, res) => {
      if (!allow(req)) {
        res
          .status(404)
          .json([{ errorType: 'NOT_FOUND', description: `No such resource: GET ${req.path}` }]);
        return;
      }
      const text = await metrics.text();
      res.set('Content-Type', metrics.contentType).set('Cache-Control', 'no-store').send(text);
    });
  return router;
}

const privateNetworks = new BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

/** Whether an address is loopback or private (RFC 1918, IPv6 unique local), IPv4-mapped too. */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  return privateNetworks.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * The default rule of `/metrics`: the connection comes from loopback or a private network, and
 * not through a proxy (no forwarding headers; `req.ip` agrees). See gateway/src/auth/loopback.ts
 * for the stricter loopback-only rule of the development pages.
 */
export function fromPrivateNetwork(req: Request): boolean {
  if (PROXY_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const peer = req.socket?.remoteAddress;
  return isPrivateAddress(peer) && isPrivateAddress(req.ip ?? peer);
}

export interface ReadinessOptions {
  knex: Knex;
  /** Ready while the projections lag at most this much (default 30 s; READY_MAX_LAG_MS). */
  maxLagMs?: number;
  /** Time allowed for each database call (default 2 s). */
  timeoutMs?: number;
  /**
   * The projections that must keep up (default: every checkpoint row). Named ones without a
   * checkpoint yet count as having applied nothing.
   */
  projections?: readonly string[];
  /** Calls within this long share one answer, so a flood of probes is one query (default 1 s). */
  cacheMs?: number;
  /** Told when readiness changes (warn when lost, info when regained). */
  logger?: Logger;
}

/**
 * The readiness check of a service with a database: the database answers `select 1` within
 * `timeoutMs`, and the oldest event the slowest projection has not applied is at most `maxLagMs`
 * old. Checks: `{database: {ok, ms} | {ok: false, error}, projections: {ok, lagMs, maxLagMs}}`.
 * Error texts stay generic (the answer may be public); the cause goes to the log.
 */
export function readiness(options: ReadinessOptions): () => Promise<Readiness> {
  const maxLagMs = options.maxLagMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 2000;
  const cacheMs = options.cacheMs ?? 1000;
  let inflight: Promise<Readiness> | null = null;
  let last: { at: number; result: Readiness } | null = null;
  let wasReady: boolean | null = null;

  const check = async (): Promise<Readiness> => {
    const began = performance.now();
    try {
      await withDeadline(
        options.knex.raw('select 1').timeout(timeoutMs, { cancel: true }),
        timeoutMs,
        'select 1',
      );
    } catch (err) {
      return report(err, {
        database: { ok: false, error: timedOut(err) ? 'timed out' : 'unreachable' },
        projections: { ok: false, error: 'not checked: no database' },
      });
    }
    const database = { ok: true, ms: Math.round(performance.now() - began) };
    let lagMs: number;
    try {
      lagMs = await withDeadline(
        oldestUnprojectedAgeMs(options.knex, options.projections, timeoutMs),
        timeoutMs * 2,
        'projection lag',
      );
    } catch (err) {
      return report(err, {
        database,
        projections: { ok: false, error: 'the checkpoints could not be read' },
      });
    }
    const projections = { ok: lagMs <= maxLagMs, lagMs: Math.round(lagMs), maxLagMs };
    return report(null, { database, projections });
  };

  const report = (
    err: unknown,
    checks: Record<string, { ok: boolean; [detail: string]: unknown }>,
  ): Readiness => {
    const ok = Object.values(checks).every((c) => c.ok);
    if (ok !== wasReady) {
      if (!ok) options.logger?.warn({ err, checks }, 'not ready');
      else if (wasReady === false) options.logger?.info({ checks }, 'ready again');
      wasReady = ok;
    }
    return { ok, checks };
  };

  return () => {
    if (last && performance.now() - last.at < cacheMs) return Promise.resolve(last.result);
    inflight ??= check()
      .then((result) => {
        last = { at: performance.now(), result };
        return result;
      })
      .finally(() => (inflight = null));
    return inflight;
  };
}

const timedOut = (err: unknown) =>
  err instanceof Error && (err.name === 'KnexTimeoutError' || /timed out/i.test(err.message));
