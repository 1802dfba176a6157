import type { TestSystem } from './system.js';

/** The events stored in the system's event store: "nothing appended" is this count unchanged. */
export const countEvents = async (sys: TestSystem): Promise<number> =>
  Number((await sys.db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count);
