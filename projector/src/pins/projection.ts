import { PINNED_ADDRESSES_TABLE, type PinnedAddress, type RecordedEvent } from '@nordlog/contracts';
import type { Projection } from '../framework/projection.js';

const isPin = (e: RecordedEvent): e is RecordedEvent<'AddressPinned', PinnedAddress> =>
  e.type === 'AddressPinned';

/**
 * A planner's pins (issue 36): per department, an address's normalised text (`pinKey`) and the
 * point a planner moved its pin to; the last pin wins. Read by query `pinnedAddress` (the booking
 * form's suggestion path); no socket entity: a pin matters when an address is typed, not live.
 * Each key's pins are one stream (pinStream), so a row keeps the revision of its pin and a pin is
 * written only over an older one: an earlier pin delivered again never puts back its point.
 */
export const pinnedAddressesProjection: Projection = {
  name: 'pinnedAddresses',
  tables: [PINNED_ADDRESSES_TABLE],
  entities: [],
  migrations: [
    {
      name: '0001_rm_pinned_addresses',
      async up(knex) {
        await knex.raw(`create table ${PINNED_ADDRESSES_TABLE} (
          department_id bigint not null, key text not null, data jsonb not null,
          primary key (department_id, key))`);
      },
    },
    {
      // Rows written before: -1, so any pin of their key is newer (as every pin was before).
      name: '0002_rm_pinned_addresses_revision',
      async up(knex) {
        await knex.raw(
          `alter table ${PINNED_ADDRESSES_TABLE} add column revision integer not null default -1`,
        );
      },
    },
  ],
  handles: isPin,
  async apply(trx, events) {
    // The last pin of a key in the batch wins (events come in order).
    const latest = new Map<string, { pin: PinnedAddress; revision: number }>();
    for (const e of events)
      if (isPin(e))
        latest.set(`${e.data.departmentId}|${e.data.key}`, {
          pin: e.data,
          revision: e.streamRevision,
        });
    if (latest.size > 0) {
      const rows = [...latest.values()];
      await trx.raw(
        `insert into ${PINNED_ADDRESSES_TABLE} as t (department_id, key, data, revision)
         select * from unnest(?::bigint[], ?::text[], ?::jsonb[], ?::integer[])
         on conflict (department_id, key) do update
           set data = excluded.data, revision = excluded.revision
           where t.revision < excluded.revision`,
        [
          rows.map((r) => r.pin.departmentId),
          rows.map((r) => r.pin.key),
          rows.map((r) => JSON.stringify(r.pin)),
          rows.map((r) => r.revision),
        ],
      );
    }
    return [];
  },
};
