import type { PhaseResult } from './socketModel.js';
import type { FanOut } from './socketsBare.js';
import { fmt, percentile } from './stats.js';

/** What one run of bench:sockets measured, for the hub or the bare baseline. */
export interface Measured {
  connectMs: number;
  perSocket: { heap: number; rss: number };
  idleCpuMsPerSec: number;
  result: PhaseResult;
  /** CPU of this process in the window, ms. */
  cpuMs: number;
  windowMs: number;
  /** The main thread's event loop utilisation in the window. */
  busy: number;
  /** CPU of the main thread in the window, ms. */
  mainCpuMs: number;
  /** The longest the main thread's event loop was blocked in the window, ms. */
  stallMs: number;
  /** The highest RSS in the window (sampled every 500 ms), bytes. */
  peakRss: number;
  fanOut: FanOut;
}

/** Prints the hub's figures beside the bare baseline's, and the target's verdict. */
export function reportSockets(hub: Measured, bare: Measured, targetP99Ms: number) {
  const kB = (bytes: number) => `${fmt(bytes / 1024, 1)} kB`;
  const ms = (n: number) => `${fmt(n, 1)} ms`;
  const perMessageUs = (m: Measured) => (m.cpuMs * 1000) / m.result.delivered;
  const perFannedOutUs = (m: Measured) => (m.cpuMs * 1000) / m.fanOut.messages;
  const rows: [string, (m: Measured) => string][] = [
    ['connect', (m) => `${fmt(m.connectMs / 1000, 2)} s`],
    ['memory per socket', (m) => `heap ${kB(m.perSocket.heap)}, RSS ${kB(m.perSocket.rss)}`],
    ['idle CPU (no changes)', (m) => `${fmt(m.idleCpuMsPerSec, 1)} ms/s`],
    [
      'changes written',
      (m) =>
        `${fmt(m.result.written)} in ${fmt(m.result.writeMs / 1000, 1)} s = ${fmt((m.result.written / m.result.writeMs) * 1000)}/s (${fmt(m.result.transactions)} writes)`,
    ],
    [
      'messages expected',
      (m) =>
        `${fmt(m.result.expected)} (${fmt(m.result.expected / m.result.written, 1)} sockets per change)`,
    ],
    [
      'delivered',
      (m) =>
        `${fmt(m.result.delivered)}; lost ${fmt(m.result.lost)} (${fmt(m.result.socketsShort)} sockets short)` +
        (m.result.gaveUp === 'cap'
          ? `; still arriving ${fmt(m.result.capMs / 1000)} s after the last write: late, not lost`
          : m.result.gaveUp === 'stalled'
            ? '; nothing arrived for 15 s'
            : ''),
    ],
    [
      'wrong deliveries',
      (m) =>
        `unexpected ${m.result.unexpected}, dup/out of order ${m.result.disorder}, bad content ${m.result.mismatches}, closed ${m.result.closed}` +
        (m.result.closed > 0
          ? ` (codes ${Object.entries(m.result.closeCodes)
              .map(([code, n]) => `${code}×${n}`)
              .join(', ')})`
          : ''),
    ],
    [
      'latency p50/p95/p99',
      (m) =>
        `${ms(m.result.p50)} / ${ms(m.result.p95)} / ${ms(m.result.p99)} (max ${ms(m.result.max)})`,
    ],
    [
      '  commit → fan-out start',
      (m) =>
        `p50 ${ms(percentile(m.fanOut.pickup, 50))}, p99 ${ms(percentile(m.fanOut.pickup, 99))}`,
    ],
    ['drain after last write', (m) => ms(m.result.drainMs)],
    [
      'gateway process CPU',
      (m) =>
        `${fmt(m.cpuMs / 1000, 2)} s in ${fmt(m.windowMs / 1000, 1)} s (${fmt((m.cpuMs / m.windowMs) * 100)} % of a core)`,
    ],
    [
      '  per message',
      (m) =>
        `${fmt(perMessageUs(m), 2)} µs per delivered, ${fmt(perFannedOutUs(m), 2)} µs per fanned out`,
    ],
    [
      '  main thread',
      (m) =>
        `CPU ${fmt(m.mainCpuMs / 1000, 2)} s, loop busy ${fmt(m.busy * 100)} %, longest stall ${ms(m.stallMs)}`,
    ],
    [
      '  in fan-out code',
      (m) =>
        `${fmt(m.fanOut.ms / 1000, 2)} s wall, ${fmt((m.fanOut.ms * 1000) / Math.max(1, m.fanOut.changes), 1)} µs per change (${fmt(m.fanOut.changes / Math.max(1, m.fanOut.calls), 1)} per batch)`,
    ],
    [
      '  capacity',
      // What one core's main thread could fan out: the main thread's CPU per change broadcast.
      (m) =>
        `≈ ${fmt((m.fanOut.changes / m.mainCpuMs) * 1000)} changes/s at 100 % (${fmt(m.fanOut.changes)} fanned out)`,
    ],
    ['  peak RSS', (m) => `${fmt(m.peakRss / 1024 / 1024)} MB`],
    ['load process CPU', (m) => `${fmt(m.result.loadCpuMs / 1000, 2)} s`],
  ];
  console.log(`\n${''.padEnd(26)}${'SocketHub (gateway)'.padEnd(62)}bare ws (precomputed map)`);
  for (const [label, f] of rows) console.log(`${label.padEnd(26)}${f(hub).padEnd(62)}${f(bare)}`);

  const r = hub.result;
  const complete = r.lost === 0 && r.unexpected === 0 && r.disorder === 0 && r.mismatches === 0;
  console.log('');
  console.log(
    `delivery p50 ${ms(r.p50)} p95 ${ms(r.p95)} p99 ${ms(r.p99)} ` +
      `(target p99 < ${targetP99Ms} ms: ${r.p99 < targetP99Ms ? 'met' : 'NOT MET'})`,
  );
  console.log(
    `delivery check: ${fmt(r.delivered)}/${fmt(r.expected)} delivered, lost ${fmt(r.lost)}, ` +
      `unexpected ${r.unexpected}, dup/out of order ${r.disorder}, bad content ${r.mismatches}` +
      (complete
        ? ' (complete)'
        : r.gaveUp === 'cap' && r.unexpected + r.disorder + r.mismatches === 0
          ? ` (INCOMPLETE: ${fmt(r.lost)} still undelivered ${fmt(r.capMs / 1000)} s after the last write; the latencies are those of the delivered ones, a lower bound)`
          : ' (INCOMPLETE: the figures above are not valid)'),
  );
  console.log(
    `memory per socket: hub heap ${kB(hub.perSocket.heap)}, RSS ${kB(hub.perSocket.rss)}; ` +
      `bare ws heap ${kB(bare.perSocket.heap)}, RSS ${kB(bare.perSocket.rss)} (measured second: RSS a lower bound); ` +
      `ratio heap ${fmt(hub.perSocket.heap / bare.perSocket.heap, 2)}`,
  );
  console.log(
    `CPU per delivered message: hub ${fmt(perMessageUs(hub), 2)} µs, bare ws ${fmt(perMessageUs(bare), 2)} µs, ` +
      `ratio ${fmt(perMessageUs(hub) / perMessageUs(bare), 2)}` +
      (complete
        ? ''
        : ` (hub incomplete; per message it fanned out: hub ${fmt(perFannedOutUs(hub), 2)} µs, ` +
          `ratio ${fmt(perFannedOutUs(hub) / perFannedOutUs(bare), 2)})`),
  );
}
