// The pieces of "until the `slots` query shows it" on a full slot and an empty one, timed alone
// and counted in bytes (docs/decisions/0049-slot-read-cost.md), on the database that
// `npm run bench:planning -- --commands --keep` leaves:
//   node scripts/slot-read-pieces.mjs <database> [samples]
// ROOT=<another clone, built> measures that clone's code on the same database (old against new,
// back to back). The projection's writes run in transactions that are rolled back.
const ROOT = process.env.ROOT ?? new URL('..', import.meta.url).pathname;
const [database, samplesArg] = process.argv.slice(2);
if (!database) throw new Error('usage: node scripts/slot-read-pieces.mjs <database> [samples]');
const N = Number(samplesArg ?? 30);
const { connect, withDatabase, writeChanges } = await import(`${ROOT}/platform/dist/index.js`);
const query = await import(`${ROOT}/query-service/dist/planning/query.js`);
const { scheduleSlot } = await import(`${ROOT}/query-service/dist/planning/schedule.js`);
const { slotsProjection } = await import(`${ROOT}/projector/dist/planning/slots.js`);
const knex = connect(withDatabase('postgres://postgres@127.0.0.1:5432/postgres', database), 4);

const timed = async (label, f) => {
  const xs = [];
  let out;
  for (let i = 0; i < N; i++) {
    const began = performance.now();
    out = await f(i);
    xs.push(performance.now() - began);
  }
  xs.sort((a, b) => a - b);
  const ms = (x) => x.toFixed(2).padStart(6);
  console.log(`${label.padEnd(72)} p50 ${ms(xs[Math.floor(N / 2)])} ms  min ${ms(xs[0])} ms`);
  return out;
};
const rollback = async (f) => {
  await knex
    .transaction(async (trx) => {
      await f(trx);
      throw new Error('rollback');
    })
    .catch((err) => {
      if (err.message !== 'rollback') throw err;
    });
};

const { rows: sizes } = await knex.raw(`select id::text as id,
  jsonb_array_length(data->'stops') as stops, pg_column_size(data) as stored,
  octet_length(data::text) as json from rm_slots where not deleted order by stops desc`);
const [full, empty] = [sizes[0], sizes[sizes.length - 1]];
console.log(
  `slots read-model row: full ${full.stops} stops, ${full.json} B JSON, ${full.stored} B stored; ` +
    `empty ${empty.stops} stops, ${empty.json} B JSON, ${empty.stored} B stored`,
);
const row = async (id) => (await knex('rm_slots').where({ id }).first('data')).data;
const fullRow = await timed('select data of the full slot row', () => row(full.id));
const emptyRow = await timed('select data of the empty slot row', () => row(empty.id));

for (const [label, r] of [
  ['full', fullRow],
  ['empty', emptyRow],
]) {
  const event = {
    type: 'SlotRouteReordered',
    data: { id: r.id, stops: [...r.stops].reverse() },
    streamId: `slot-${r.id}`,
    streamRevision: r.revision + 1,
    global: { transactionId: '1', position: '1' },
    metadata: { occurredAt: new Date().toISOString() },
  };
  let bytes = 0;
  await timed(`slots projection: a SlotRouteReordered (read, fold, write the row), ${label}`, () =>
    rollback((trx) => slotsProjection.apply(trx, [event])),
  );
  await timed(`slots projection: a SlotRouteReordered and its outbox change, ${label}`, () =>
    rollback(async (trx) => {
      const changes = await slotsProjection.apply(trx, [event]);
      bytes = JSON.stringify(changes).length;
      await writeChanges(trx, changes);
    }),
  );
  console.log(`  its outbox change: ${bytes} B JSON`);
  const data = JSON.stringify(event.data);
  await timed(`insert of that event into es_events, ${label} (${data.length} B JSON)`, () =>
    rollback((trx) =>
      trx.raw(
        `insert into es_events (event_id, stream_id, stream_revision, type, data, metadata)
         values (gen_random_uuid(), 'slot-0', 0, 'SlotRouteReordered', ?::jsonb, '{}'::jsonb)`,
        [data],
      ),
    ),
  );
}

const context = { knex, identity: { role: 'ADMIN', departmentIds: '*' }, clock: () => new Date() };
const params = (r) => ({
  fromDate: r.date,
  toDate: r.date,
  slotIds: [r.id],
  shallowFetch: false,
  excludeRoutePoints: false,
  includeProgress: false,
  includeDriven: false,
});
const answer = await timed('slots query, full slot, nothing changed (schedule kept)', () =>
  query.slots(params(fullRow), context),
);
const text = JSON.stringify(answer);
await timed('slots query, empty slot, nothing changed', () =>
  query.slots(params(emptyRow), context),
);
console.log(
  `  answers: full ${text.length} B JSON, empty ${JSON.stringify(await query.slots(params(emptyRow), context)).length} B`,
);
await timed('JSON.stringify of the full answer', () => JSON.stringify(answer));
await timed('JSON.parse of the full answer', () => JSON.parse(text));
// A change to the slot: its revision moves, so its schedule is computed again.
await timed('schedules of the full slot after a change to it', (i) =>
  query.schedules(knex, [{ ...fullRow, revision: fullRow.revision + 1000 + i }]),
);
await timed('schedules of the empty slot after a change to it', (i) =>
  query.schedules(knex, [{ ...emptyRow, revision: emptyRow.revision + 1000 + i }]),
);
const ids = [...new Set(fullRow.stops.flatMap((s) => (s.consignmentId ? [s.consignmentId] : [])))];
const rows = await timed(`route-point fields of the full slot's ${ids.length} consignments`, () =>
  query.stopRows(knex, ids),
);
await timed('the schedule itself (scheduleSlot), full slot', () =>
  scheduleSlot(fullRow, null, rows, 'Europe/Oslo'),
);
await knex.destroy();
