import {
  identityOfUser,
  ORDERS_TABLE,
  unresolvedKeys,
  type ConsignmentState,
  type OrderRow,
} from '@nordlog/contracts';
import { copyRows, type Knex } from '@nordlog/platform';
import { queries } from '@nordlog/query-service';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { fmt, percentile } from './stats.js';

/**
 * `npm run bench:unresolved [-- --orders N --unresolved U --addresses A --samples S --keep]`
 *
 * Unresolved addresses (issue 39 part 4; docs/decisions/0053) on the local PostgreSQL server, in
 * a database of its own: a department with N (default 100,000) orders, U (default 5,000) of them
 * UNRESOLVED at A (default 3,000) distinct addresses (so some repeat, written differently), and a
 * second department as large. The rows go straight into the orders read model with the columns the
 * projection writes (`unresolved_keys` from contracts' `unresolvedKeys`, as the projection does):
 * the benchmark measures the query side.
 *
 * Measured in turn, S (default 300) times each after a warm-up: the `unresolvedAddressCount`
 * handler as the query service runs it for a planner of the department, and a bare indexed SELECT
 * of the same rows (the department's UNRESOLVED rows' keys). Target: p95 ≤ 3 × the SELECT's p95.
 * For information: `unresolvedAddresses` (the screen's list) p95. The machine is shared and
 * noisy: the ratio measured in the same run is what counts.
 */
const ORDERS = arg('--orders', 100_000);
const UNRESOLVED = arg('--unresolved', 5_000);
const ADDRESSES = arg('--addresses', 3_000);
const SAMPLES = arg('--samples', 300);
const TARGET = 3;
const DEPARTMENTS = ['1', '2'];
const DATE = '2026-03-02';

const states: ConsignmentState[] = ['CREATED', 'RESOLVED', 'ASSIGNED', 'DELIVERED'];

/** Order `i`; `unresolved`: the ordinal of an unresolved one (its address is that modulo A). */
function order(i: number, departmentId: string, unresolved: number | null): OrderRow {
  const a = (unresolved ?? 0) % ADDRESSES;
  // Every third repeat is written in other case and spacing: one address all the same.
  const street = i % 3 === 0 ? `ukjentveien  ${a},` : `Ukjentveien ${a}`;
  const block = (address: string, lat: number | null) => ({
    name: `Mottaker ${i}`,
    address,
    zipCode: '0000',
    zipArea: 'Nowhere',
    countryCode: 'NO',
    lat,
    lng: lat === null ? null : 10.75,
  });
  const id = String(Number(departmentId) * 10_000_000 + i);
  return {
    id,
    orderId: id,
    parentId: null,
    shipmentId: `S${id}`,
    departmentId,
    customerId: '1',
    state: unresolved !== null ? 'UNRESOLVED' : states[i % states.length]!,
    order: {
      orderId: id,
      departmentId,
      customerId: '1',
      pickupDate: DATE,
      pickup: block('Storgata 1', 59.91),
      delivery: unresolved !== null ? block(street, null) : block(`Bogstadveien ${i % 200}`, 59.92),
      measurements: [{ weight: 2, quantity: 1 }],
    } as unknown as OrderRow['order'],
    slotId: null,
    rejectionReason: null,
    otherReason: null,
    createdAt: `${DATE}T08:00:00.000Z`,
    updatedAtEpoch: 0,
    revision: 0,
    isEditable: true,
    isDeletable: true,
  };
}

async function load(knex: Knex): Promise<void> {
  const chunk = 10_000;
  // The unresolved orders spread over the department's orders, one in every N/U.
  const every = Math.max(1, Math.floor(ORDERS / UNRESOLVED));
  for (const departmentId of DEPARTMENTS)
    for (let start = 0; start < ORDERS; start += chunk) {
      const rows = [];
      for (let i = start; i < Math.min(ORDERS, start + chunk); i++) {
        const row = order(
          i,
          departmentId,
          i % every === 0 && i / every < UNRESOLVED ? i / every : null,
        );
        rows.push({
          id: row.id,
          revision: 0,
          department_id: departmentId,
          customer_id: 1,
          date: DATE,
          state: row.state,
          shipment_id: row.shipmentId,
          updated_at_epoch: 0,
          search_text: '',
          advanced_text: '',
          data: row,
          tracking_id: null,
          invoicing_date: DATE,
          corrections: 0,
          unresolved_keys: unresolvedKeys(row),
        });
      }
      await copyRows(knex, ORDERS_TABLE, rows);
    }
  await knex.raw(`analyze ${ORDERS_TABLE}`);
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

runBench(() =>
  onLocalSystem(
    'unresolved',
    async (system) => {
      const knex = system.db.knex;
      const loading = Date.now();
      await load(knex);
      console.log(
        `data: ${fmt(ORDERS * DEPARTMENTS.length)} orders in ${DEPARTMENTS.length} departments, ` +
          `${fmt(UNRESOLVED)} unresolved in department 1 at ${fmt(ADDRESSES)} addresses ` +
          `(${fmt((Date.now() - loading) / 1000, 1)} s)`,
      );
      const identity = identityOfUser({
        id: '1',
        role: 'PLANNER',
        access: ['PLANNER_UNRESOLVED'],
        departmentIds: ['1'],
        customerId: null,
      });
      const ctx = { knex, identity, clock: () => new Date() };
      const params = { departmentIds: ['1'] };
      const count = () => queries.unresolvedAddressCount(params, ctx);
      const bareSql = `select department_id, unresolved_keys from ${ORDERS_TABLE}
        where state = 'UNRESOLVED' and department_id = any(?::bigint[])`;
      const bare = () => knex.raw(bareSql, [params.departmentIds]);

      const answer = (await count()) as { count: number; orders: number };
      const rows = (await bare()).rows.length;
      console.log(`unresolvedAddressCount: ${JSON.stringify(answer)}; bare SELECT: ${rows} rows`);
      if (answer.orders !== rows) throw new Error('the count and the SELECT saw other rows');
      const plan = await knex.raw<{ rows: Record<string, string>[] }>(`explain ${bareSql}`, [
        params.departmentIds,
      ]);
      console.log(`bare SELECT plan: ${plan.rows.map((r) => Object.values(r)[0]).join(' / ')}`);

      for (let i = 0; i < 30; i++) {
        await count();
        await bare();
      }
      const times = { count: [] as number[], bare: [] as number[] };
      for (let i = 0; i < SAMPLES; i++) {
        // Alternating, so both see the same moments of a noisy machine.
        times.count.push(await time(count));
        times.bare.push(await time(bare));
      }
      const p95 = { count: percentile(times.count, 95), bare: percentile(times.bare, 95) };
      const ratio = p95.count / p95.bare;
      console.log(
        `unresolvedAddressCount p95 ${fmt(p95.count, 2)} ms (median ${fmt(percentile(times.count, 50), 2)}); ` +
          `bare indexed SELECT p95 ${fmt(p95.bare, 2)} ms (median ${fmt(percentile(times.bare, 50), 2)})`,
      );
      console.log(
        `ratio ${fmt(ratio, 2)}× (target ≤ ${TARGET}×): ${ratio <= TARGET ? 'met' : 'NOT MET'}`,
      );

      const list: number[] = [];
      const lines = (await queries.unresolvedAddresses(
        { ...params, limit: 5000 },
        ctx,
      )) as unknown[];
      for (let i = 0; i < 30; i++)
        list.push(await time(() => queries.unresolvedAddresses({ ...params, limit: 5000 }, ctx)));
      console.log(
        `for information: unresolvedAddresses (${lines.length} lines) p95 ${fmt(percentile(list, 95), 1)} ms`,
      );
      if (ratio > TARGET) process.exitCode = 1;
    },
    { keep: process.argv.includes('--keep') },
  ),
);
