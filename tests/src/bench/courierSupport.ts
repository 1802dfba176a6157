import { performance } from 'node:perf_hooks';
import type { System } from '@nordlog/deploy';
import WebSocket from 'ws';
import { must } from './localSystem.js';
import { signIn, type SessionHeaders } from './signIn.js';
import { fmt, percentile } from './stats.js';

/** bench:courier's clock, sending and measuring (courier.ts). */

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Sends a command as a session; its status. */
export async function send(
  system: System,
  headers: SessionHeaders,
  type: string,
  payload: unknown,
  commandId?: string,
): Promise<number> {
  const res = await fetch(`${system.url}/api/command/${type}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ type, payload, ...(commandId ? { commandId } : {}) }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Where a batch's time goes, from the database's own stamps (one clock: the same machine): sent →
 * the handler's decision (the events' `occurredAt`) → the append's transaction (`es_events`) →
 * the projector's transaction that published the slot's row (`rm_changes`) → the planner's socket.
 */
export async function printStages(
  system: System,
  timed: Map<string, { sent: number; seen?: number }>,
): Promise<void> {
  const appended = await system.db
    .knex('es_events')
    .where('type', 'ScansRecorded')
    .select<{ stream_id: string; stream_revision: number; at: Date; decided: string }[]>(
      'stream_id',
      'stream_revision',
      system.db.knex.raw('created_at as at'),
      system.db.knex.raw(`metadata->>'occurredAt' as decided`),
    );
  const published = await system.db
    .knex('rm_changes')
    .where('entity', 'slotScans')
    .select<{ entity_id: string; revision: number; at: Date }[]>(
      'entity_id',
      'revision',
      system.db.knex.raw('created_at as at'),
    );
  const outbox = new Map(published.map((r) => [`${r.entity_id}:${r.revision}`, r.at.getTime()]));
  const stages: Record<string, number[]> = {
    'sent → decided (HTTP, checks, handler reads)': [],
    'decided → append transaction': [],
    'append → projector transaction': [],
    'projector transaction → planner socket': [],
  };
  const [accept, append, project, push] = Object.values(stages) as [
    number[],
    number[],
    number[],
    number[],
  ];
  for (const e of appended) {
    const key = `${e.stream_id.replace('slot-scans-', '')}:${e.stream_revision}`;
    const batch = timed.get(key);
    const out = outbox.get(key);
    if (!batch?.seen || out === undefined) continue;
    const decided = Date.parse(e.decided);
    accept.push(decided - batch.sent);
    append.push(e.at.getTime() - decided);
    project.push(out - e.at.getTime());
    push.push(batch.seen - out);
  }
  for (const [name, values] of Object.entries(stages))
    console.log(
      `    ${name}: p50 ${fmt(percentile(values, 50), 1)} ms, p99 ${fmt(percentile(values, 99), 1)} ms (${values.length})`,
    );
}

/**
 * The floor of the change path under the load: a customer of its own (no orders) changed every
 * 250 ms, each change's arrival on a planner's socket of customers timed from its send.
 */
export async function floorProbe(system: System, department: string, planner: SessionHeaders) {
  const admin = await signIn(system, '+4797000044', { role: 'ADMIN' });
  const [customerId] = await must(system, 'CREATE_CUSTOMER', {
    name: 'Probe AS',
    departmentId: department,
  });
  const ws = new WebSocket(
    `${system.url.replace('http', 'ws')}/api/subscribe?departmentIds=${department}&types=customers`,
    { headers: { cookie: planner.cookie! } },
  );
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  /** Changes sent and not yet seen, in order: [n, sent at]. A socket sends a row's latest. */
  const sent: [number, number][] = [];
  const lags: number[] = [];
  ws.on('message', (raw) => {
    const text = Buffer.from(raw as Buffer).toString('utf8');
    if (text === 'ping') return void ws.send('pong');
    if (!text.startsWith('{')) return;
    const m = JSON.parse(text) as { entity: string; id: string; data?: { alystraId?: string } };
    if (m.entity !== 'customers' || m.id !== customerId) return;
    const at = now();
    const seen = Number((m.data?.alystraId ?? '').replace('P-', ''));
    while (sent.length > 0 && sent[0]![0] <= seen) lags.push(at - sent.shift()![1]);
  });
  return {
    async run(ms: number) {
      const end = performance.now() + ms;
      for (let n = 0; performance.now() < end; n++) {
        const tick = performance.now();
        sent.push([n, now()]);
        await send(system, admin, 'UPDATE_CUSTOMER', { id: customerId, alystraId: `P-${n}` });
        await sleep(tick + 250 - performance.now());
      }
      const until = performance.now() + 60_000;
      while (sent.length > 0 && performance.now() < until) await sleep(100);
      ws.close();
      return { lags, missed: sent.length };
    },
  };
}
