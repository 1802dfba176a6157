import {
  AppError,
  ORDERS_TABLE,
  SLOTS_TABLE,
  inScope,
  mayReadRow,
  scopeOf,
  type OrderRow,
  type SlotRow,
  type StopContact,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * Query `stopContact` (docs/decisions/0064-courier-scans.md): a stop's party's name and numbers,
 * for calling or texting from the stop. A courier gets them only while it drives the stop's slot
 * (IN_PROGRESS or PAUSED), the rule of its reports; a planner for a stop of a slot it reads and an
 * order of its scope. A slot the reader may not read, or a consignment that is no stop of it: not
 * found.
 */
export const stopContact: QueryHandler<'stopContact'> = async (
  { slotId, consignmentId, type },
  { knex, identity },
) => {
  const slot = (
    await knex(SLOTS_TABLE).where({ id: slotId, deleted: false }).first<{ data: SlotRow }>('data')
  )?.data;
  if (!slot || !mayReadRow(identity, 'slots', { id: slotId, scope: scopeOf('slots', slot) }))
    throw new AppError('NOT_FOUND', `Slot ${slotId} not found`, { field: 'slotId' });
  const stop = slot.stops.some(
    (s) => s.kind === type && 'consignmentId' in s && s.consignmentId === consignmentId,
  );
  if (!stop)
    throw new AppError(
      'NOT_FOUND',
      `Consignment ${consignmentId} has no ${type} stop on the slot`,
      {
        field: 'consignmentId',
      },
    );
  if (identity.role === 'COURIER' && slot.state !== 'IN_PROGRESS' && slot.state !== 'PAUSED')
    throw new AppError('NO_ACCESS', 'A stop\u2019s numbers are given while its route is driven');
  const order = (
    await knex(ORDERS_TABLE).where({ id: consignmentId }).first<{ data: OrderRow }>('data')
  )?.data;
  if (
    !order ||
    (identity.role !== 'COURIER' && !inScope(identity, order.departmentId, order.customerId))
  )
    throw new AppError('NOT_FOUND', `Consignment ${consignmentId} not found`, {
      field: 'consignmentId',
    });
  const party = order.order[type];
  const contact: StopContact = {
    consignmentId,
    type,
    name: party.name || null,
    contactPerson: party.contactPerson || null,
    phone: party.phone || null,
    secondPhone: party.secondPhone || null,
    leaveAtDoor: type === 'delivery' ? (order.order.leaveAtDoor?.note ?? null) : null,
  };
  return contact;
};
