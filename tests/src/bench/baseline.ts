import type { Knex } from '@nordlog/platform';
import { cpuPer, cpuSample, runConcurrent } from './stats.js';

const ROW = {
  consignmentId: 123456,
  state: 'RESOLVED',
  departmentId: 12,
  weight: 12.5,
  zip: '0155',
  note: 'baseline row of about 150 bytes',
};

/** Raw PostgreSQL insert rates on the same database, measured in the same run. */
export async function measureBaselines(knex: Knex, n: number, concurrency: number) {
  await knex.raw(
    'drop table if exists bench_baseline; create table bench_baseline (id bigserial primary key, data jsonb not null)',
  );
  const data = JSON.stringify(ROW);
  const cpuBefore = await cpuSample(knex);
  const single = await runConcurrent(n, concurrency, async () => {
    await knex.raw('insert into bench_baseline (data) values (?::jsonb)', [data]);
  });
  const singleCpu = cpuPer(cpuBefore, await cpuSample(knex), n);
  const batches = Math.max(5, Math.round(n / 1000) * 5);
  const rows = Array.from({ length: 1000 }, () => data);
  const batchedBefore = await cpuSample(knex);
  const batched = await runConcurrent(batches, 1, async () => {
    await knex.raw('insert into bench_baseline (data) select unnest(?::jsonb[])', [rows]);
  });
  const batchedCpu = cpuPer(batchedBefore, await cpuSample(knex), batches * 1000);
  // For context only: the same batched insert with rows the size of a consignment grid row.
  const big = JSON.stringify({ ...ROW, padding: 'x'.repeat(750) });
  const bigRows = Array.from({ length: 1000 }, () => big);
  const batchedBig = await runConcurrent(batches, 1, async () => {
    await knex.raw('insert into bench_baseline (data) select unnest(?::jsonb[])', [bigRows]);
  });
  await knex.raw('drop table bench_baseline');
  return {
    singlePerSec: (n / single.ms) * 1000,
    /** CPU per single-row INSERT (ms): this process and the server. */
    singleCpu,
    batchedRowsPerSec: ((batches * 1000) / batched.ms) * 1000,
    /** CPU per row of the 1000-row INSERTs (ms). */
    batchedCpu,
    batchedBigRowsPerSec: ((batches * 1000) / batchedBig.ms) * 1000,
  };
}
