import { PINNED_ADDRESSES_TABLE, type PinnedAddress, type RecordedEvent } from '@nordlog/contracts';
import type { Projection } from '../framework/projection.js';

const isPin = (e: RecordedEvent): e is RecordedEvent<'AddressPinned', PinnedAddress> =>
  e.type === 'AddressPinned';

/**
 * A planner's pins (issue 36): per department, an address's normalised text (`pinKey`) and the
 * point a planner moved its pin to; the last pin wins. Read by query `pinnedAddress` (the booking
 * form's suggestion path); no socket entity: a pin matters when an address is typed, not live.
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
  ],
  handles: isPin,
  async apply(trx, events) {
    // The last pin of a key in the batch wins (events come in order).
    const latest = new Map<string, PinnedAddress>();
    for (const e of events)
      if (isPin(e)) latest.set(`${e.data.departmentId}|${e.data.key}`, e.data);
    if (latest.size > 0)
      await trx(PINNED_ADDRESSES_TABLE)
        .insert(
          [...latest.values()].map((p) => ({
            department_id: p.departmentId,
            key: p.key,
            data: JSON.stringify(p),
          })),
        )
        .onConflict(['department_id', 'key'])
        .merge();
    return [];
  },
};
