import type { Change } from '@nordlog/platform';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  accepts,
  scopeKey,
  shapeKey,
  shapesOf,
  type SocketSpec,
  type Universe,
} from './socketModel.js';

/** Time in the fan-out code (SocketHub.broadcast / the bare handler), wall clock. */
export interface FanOut {
  ms: number;
  calls: number;
  changes: number;
  /** Messages handed to sockets (for the hub: the matching sockets of each change broadcast). */
  messages: number;
  /** Per change: from its send time to the start of its fan-out (commit → change bus → hub). */
  pickup: number[];
}

/** The baseline: a plain WebSocketServer whose sockets are found by a precomputed map. */
export async function startBare(u: Universe, specs: SocketSpec[]) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 * 1024 });
  const recipients = new Map<string, WebSocket[]>();
  const timing: FanOut = { ms: 0, calls: 0, changes: 0, messages: 0, pickup: [] };
  let subscribers = 0;
  wss.on('connection', (ws, req) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/publish') {
      ws.on('message', (raw: Buffer) => {
        const t = performance.now();
        const changes = JSON.parse(raw.toString('utf8')) as Change[];
        const at = performance.timeOrigin + t;
        for (const c of changes) {
          timing.pickup.push(at - (c.data as { sentAt: number }).sentAt);
          const list = recipients.get(
            scopeKey(c.scope.departmentId!, c.scope.customerId!, c.scope.date!),
          );
          if (!list) continue;
          const { entity, op, id, revision, data } = c;
          const frame = Buffer.from(JSON.stringify({ entity, op, id, revision, data }));
          for (const r of list) r.send(frame, { binary: false });
          timing.messages += list.length;
        }
        timing.ms += performance.now() - t;
        timing.calls += 1;
        timing.changes += changes.length;
      });
      return;
    }
    const spec = specs[Number(url.searchParams.get('socket'))]!;
    const keys = shapesOf(spec.department)
      .filter((s) => accepts(spec, s))
      .map((s) => shapeKey(s, u));
    for (const k of keys) {
      const list = recipients.get(k);
      if (list) list.push(ws);
      else recipients.set(k, [ws]);
    }
    subscribers += 1;
    ws.on('close', () => {
      subscribers -= 1;
      for (const k of keys) {
        const list = recipients.get(k)!;
        list.splice(list.indexOf(ws), 1);
      }
    });
  });
  await new Promise((resolve) => wss.once('listening', resolve));
  const port = (wss.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    timing,
    subscribers: () => subscribers,
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}
