import type { Knex } from '@nordlog/platform';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fmt } from './stats.js';

/**
 * `bench:spine -- --profile`: CPU profiles of the server's thread (gateway, command service) and
 * of the projector's worker thread over one phase of the bench, saved as .cpuprofile files (open
 * them in Chrome's DevTools) under a temporary folder, with a short summary of self time by
 * function and by area; plus the server thread's PostgreSQL statements and the database's
 * writes per table over the same phase.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface Profiled {
  cpuProfile?: { start(): Promise<void>; stop(): Promise<unknown> };
}

/** Statements the server thread sent (pg's Client.query), by text, with their round-trip time. */
const statements = new Map<string, { n: number; ms: number }>();
let counting = false;
let patched = false;

function countStatements() {
  if (patched) return;
  patched = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!counting) return result;
    const first = args[0] as string | { text?: string } | undefined;
    const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 90);
    const started = performance.now();
    const done = () => {
      const s = statements.get(text) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - started;
      statements.set(text, s);
    };
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    else done();
    return result;
  };
}

/** The area a profiled function belongs to: a workspace package, a dependency, or node itself. */
function areaOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep) return dep[1]!;
  const ours =
    /\/(contracts|platform|command-service|projector|query-service|gateway|deploy|tests|optimizer)\/(?:dist|src)\/(.*)$/.exec(
      url,
    );
  if (ours) return `${ours[1]}/${ours[2]!.split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return url;
}

/** Self time by function and by area, in ms, over a profile; `(idle)` left out of the busy total. */
function summarise(profile: CpuProfile) {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += ms;
    const file = url.replace(/^.*\/(node_modules|wt\/[^/]+)\//, '');
    const key = `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const area = areaOf(url, functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  }
  return { busy, byFunction, byArea };
}

const top = (m: Map<string, number>, n: number) =>
  [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n);

interface TableWrites {
  relname: string;
  ins: number;
  upd: number;
  del: number;
}

async function tableWrites(knex: Knex): Promise<Map<string, TableWrites>> {
  // The statistics of this transaction's snapshot would not move: read them fresh.
  await knex.raw('select pg_stat_clear_snapshot()');
  const rows = (
    await knex.raw<{ rows: TableWrites[] }>(
      `select relname, n_tup_ins::float8 as ins, n_tup_upd::float8 as upd, n_tup_del::float8 as del
         from pg_stat_user_tables`,
    )
  ).rows;
  return new Map(rows.map((r) => [r.relname, r]));
}

export interface PhaseProfiler {
  start(): Promise<void>;
  /** Ends the phase: saves the profiles and prints their summary per `operations`. */
  stop(label: string, operations: number): Promise<void>;
}

/** A profiler of bench phases on `system` (its server thread and its projector's worker). */
export async function phaseProfiler(
  system: { projector: Profiled },
  knex: Knex,
  topN = 18,
): Promise<PhaseProfiler> {
  const dir = path.join(tmpdir(), `nordlog-spine-profile-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  console.log(`profiles: ${dir}`);
  countStatements();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  let writesBefore = new Map<string, TableWrites>();
  return {
    async start() {
      statements.clear();
      writesBefore = await tableWrites(knex);
      await session.post('Profiler.start');
      await system.projector.cpuProfile?.start().catch(() => undefined);
      counting = true;
    },
    async stop(label, operations) {
      counting = false;
      const server = (await session.post('Profiler.stop')).profile as unknown as CpuProfile;
      const projector = (await system.projector.cpuProfile?.stop().catch(() => undefined)) as
        CpuProfile | undefined;
      // Give the statistics collector time to flush the projector's last transactions.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const writesAfter = await tableWrites(knex);
      const slug = label.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      console.log(`\n-- profile: ${label} (${fmt(operations)} operations; ${dir}/${slug}.*) --`);
      for (const [thread, profile] of [
        ['server thread', server],
        ['projector worker', projector],
      ] as const) {
        if (!profile) continue;
        await writeFile(
          path.join(dir, `${slug}.${thread.split(' ')[0]}.cpuprofile`),
          JSON.stringify(profile),
        );
        const { busy, byFunction, byArea } = summarise(profile);
        console.log(
          `${thread}: ${fmt(busy / operations, 3)} ms of CPU per operation (self time, idle left out)`,
        );
        console.log('  by area:');
        for (const [area, ms] of top(byArea, 10))
          console.log(
            `    ${fmt((ms / busy) * 100, 1).padStart(5)} %  ${fmt(ms / operations, 3).padStart(7)} ms/op  ${area}`,
          );
        console.log('  by function:');
        for (const [fn, ms] of top(byFunction, topN))
          console.log(
            `    ${fmt((ms / busy) * 100, 1).padStart(5)} %  ${fmt(ms / operations, 3).padStart(7)} ms/op  ${fn}`,
          );
      }
      console.log('server thread: PostgreSQL statements per operation (round trip incl. waits):');
      const total = [...statements.values()].reduce((sum, s) => sum + s.n, 0);
      console.log(`    ${fmt(total / operations, 2)} statements/op in all`);
      for (const [text, s] of [...statements.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 12))
        console.log(
          `    ${fmt(s.n / operations, 2).padStart(6)} /op ${fmt(s.ms / s.n, 2).padStart(7)} ms  ${text}`,
        );
      console.log('database: rows written per operation (pg_stat_user_tables), by table:');
      const writes = [...writesAfter.values()]
        .map((w) => {
          const b = writesBefore.get(w.relname);
          return {
            table: w.relname,
            ins: w.ins - (b?.ins ?? 0),
            upd: w.upd - (b?.upd ?? 0),
            del: w.del - (b?.del ?? 0),
          };
        })
        .filter((w) => w.ins + w.upd + w.del > 0)
        .sort((a, b) => b.ins + b.upd + b.del - (a.ins + a.upd + a.del));
      for (const w of writes.slice(0, 14))
        console.log(
          `    ${w.table.padEnd(34)} insert ${fmt(w.ins / operations, 2)}  update ${fmt(w.upd / operations, 2)}  delete ${fmt(w.del / operations, 2)}`,
        );
    },
  };
}
