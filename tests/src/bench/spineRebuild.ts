import { START } from '@nordlog/contracts';
import { copyIn, copyOut, type EventStore, type Knex } from '@nordlog/platform';
import { projections, rebuild } from '@nordlog/projector';
import { measureBaselines } from './baseline.js';
import type { PhaseProfiler } from './spineProfile.js';
import { cpuPer, cpuSample, cpuText, fmt, percentile } from './stats.js';

/**
 * bench:spine's rebuild phase: every read model rebuilt from position 0 from the log as it is,
 * against a 1000-row INSERT and against its floor, the rebuilt rows written once more by COPY
 * alone; `rebuilds` pairs of rebuild and floor back to back (docs/decisions/0045). The rows of
 * the bench's table.
 */
export async function rebuildPhase(
  knex: Knex,
  store: EventStore,
  options: { rebuilds: number; profile: { profiler: PhaseProfiler; label: string } | null },
): Promise<string[][]> {
  const { rebuilds, profile } = options;
  const rows: string[][] = [];
  const events = Number(
    (await knex.raw<{ rows: { n: string }[] }>('select count(*)::text as n from es_events'))
      .rows[0]!.n,
  );
  const base = await measureBaselines(knex, 1000, 1);
  if (profile) await profile.profiler.start();
  const cpuRebuild = await cpuSample(knex);
  const result = await rebuild(knex, store, projections);
  if (profile) await profile.profiler.stop(`${profile.label} rebuild`, events);
  const perSec = (events / result.ms) * 1000;
  const rebuildCpu = cpuPer(cpuRebuild, await cpuSample(knex), events);
  rows.push([
    'rebuild',
    `${fmt(events)} events in ${fmt(result.ms / 1000, 2)} s = ${fmt(perSec)} events/s`,
    `1000-row INSERT rows/s ${fmt(base.batchedRowsPerSec)}`,
    `ratio ${fmt(perSec / base.batchedRowsPerSec, 2)}`,
  ]);
  rows.push([
    '',
    `CPU per row of a 1000-row INSERT ${cpuText(base.batchedCpu, 3)}`,
    `per rebuilt event ${cpuText(rebuildCpu, 3)}`,
    `(ratio ${fmt(base.batchedCpu.total / rebuildCpu.total, 2)})`,
  ]);
  // The floor of any rebuild on this server: the rebuilt read models' rows written once more by
  // COPY alone (no event read, no projection code; every table on its own connection, as the
  // rebuild does), into copies of the tables with their indexes; expressed per event of the log.
  const tables = projections.flatMap((p) => p.tables);
  const dumps = await Promise.all(tables.map((t) => copyOut(knex, t)));
  const floorRun = async () => {
    for (const t of tables) await knex.raw(`create table floor_${t} (like ${t} including all)`);
    const started = performance.now();
    await Promise.all(tables.map((t, i) => copyIn(knex, `floor_${t}`, dumps[i]!)));
    const ms = performance.now() - started;
    for (const t of tables) await knex.raw(`drop table floor_${t}`);
    return ms;
  };
  const floorMs = await floorRun();
  const floorPerSec = (events / floorMs) * 1000;
  const megabytes = dumps.reduce((sum, d) => sum + d.length, 0) / 1e6;
  rows.push([
    '',
    `floor: the read models (${fmt(megabytes, 1)} MB) by COPY alone`,
    `${fmt(floorPerSec)} events/s (ratio ${fmt(floorPerSec / base.batchedRowsPerSec, 2)})`,
    `rebuild / floor ${fmt(perSec / floorPerSec, 2)}`,
  ]);
  // On a shared machine one pair can be taken at different loads: more pairs, rebuild and floor
  // back to back, and their median ratio. The log read alone (every event, in the rebuild's
  // batches) is the other part a rebuild cannot do without.
  const ratios = [floorMs / result.ms];
  const readRatios: number[] = [];
  for (let k = 1; k < rebuilds; k++) {
    const again = await rebuild(knex, store, projections);
    ratios.push((await floorRun()) / again.ms);
    const readStarted = performance.now();
    for (let batch = await store.readAll(START, 5000); batch.length > 0;) {
      batch = await store.readAll(batch[batch.length - 1]!.global, 5000);
    }
    readRatios.push((performance.now() - readStarted) / again.ms);
  }
  if (rebuilds > 1) {
    const sorted = [...ratios].sort((a, b) => a - b);
    rows.push([
      '',
      `rebuild / floor over ${ratios.length} pairs: median ${fmt(percentile(sorted, 50), 2)}`,
      `min ${fmt(sorted[0]!, 2)} max ${fmt(sorted[sorted.length - 1]!, 2)}`,
      `log read alone / rebuild ${fmt(percentile(readRatios, 50), 2)}`,
    ]);
  }
  rows.push([
    '',
    `(context: 1000-row INSERT of 900-byte rows/s ${fmt(base.batchedBigRowsPerSec)}`,
    `ratio ${fmt(perSec / base.batchedBigRowsPerSec, 2)})`,
    '',
  ]);
  return rows;
}
