import {
  COURIER_LOCATIONS_TABLE,
  SLOTS_TABLE,
  mayReadRow,
  scopeOf,
  type CourierLocationRow,
  type SlotRow,
} from '@nordlog/contracts';
import { allowedDepartments, type QueryHandler } from '../framework.js';

/** Query `courierLocationsByDepartmentId` (spec §7): the latest position of the department's couriers. */
export const courierLocationsByDepartmentId: QueryHandler<
  'courierLocationsByDepartmentId'
> = async ({ departmentId }, { knex, identity }) => {
  const allowed = allowedDepartments(identity, [departmentId]);
  if (allowed !== '*' && allowed.length === 0) return [];
  const rows = (await knex(COURIER_LOCATIONS_TABLE)
    .whereRaw('? = any(department_ids)', [departmentId])
    .select('data')
    .orderBy('id')) as { data: CourierLocationRow }[];
  return rows.map((r) => r.data);
};

/**
 * Query `courierLocationsBySlotId` (spec §7): the latest position of the courier who drives the
 * slot, for a reader of the slot (none: the slot has no courier, or is not the reader's).
 */
export const courierLocationsBySlotId: QueryHandler<'courierLocationsBySlotId'> = async (
  { slotId },
  { knex, identity },
) => {
  const slot = (
    await knex(SLOTS_TABLE).where({ id: slotId, deleted: false }).first<{ data: SlotRow }>('data')
  )?.data;
  if (
    !slot?.courierId ||
    !mayReadRow(identity, 'slots', { id: slotId, scope: scopeOf('slots', slot) })
  )
    return [];
  const rows = await knex(COURIER_LOCATIONS_TABLE)
    .where({ id: slot.courierId })
    .select<{ data: CourierLocationRow }[]>('data');
  return rows.map((r) => r.data);
};
