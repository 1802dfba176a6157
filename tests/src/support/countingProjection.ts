import type { RecordedEvent } from '@nordlog/contracts';
import type { Projection } from '@nordlog/projector';

/**
 * Records every delivery in `seen_events (event_id uuid)`, without de-duplication, so a double or
 * a gap is visible. The test creates the table.
 */
export const countingProjection: Projection = {
  name: 'counting',
  tables: ['seen_events'],
  entities: [],
  migrations: [],
  handles: () => true,
  async apply(trx, events: RecordedEvent[]) {
    await trx('seen_events').insert(events.map((e) => ({ event_id: e.eventId })));
    return [];
  },
};
