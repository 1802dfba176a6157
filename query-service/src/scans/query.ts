import { SLOT_SCANS_TABLE, type SlotScansRow } from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * Query `slotScans {slotId}` (docs/decisions/0064-courier-scans.md): the slot's scans, one row (none
 * before its first scan). The service keeps it only for a reader of the slot: a planner of its
 * department, or the courier who drives it (entity rule `slot`).
 */
export const slotScans: QueryHandler<'slotScans'> = async ({ slotId }, { knex }) => {
  const rows = await knex(SLOT_SCANS_TABLE)
    .where({ id: slotId })
    .select<{ data: SlotScansRow }[]>('data');
  return rows.map((r) => r.data);
};
