import {
  ORDERS_TABLE,
  SLOTS_TABLE,
  TRACKING_ID_PATTERN,
  type OrderRow,
  type SlotRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/**
 * What a tracking socket listens to: the shipment's order, the slot it is planned in and the
 * slot's courier. A change to any of them may change what the recipient sees (the state, the
 * arrival, the courier's position), so each is signalled; the hub keeps the slot and the courier
 * current from the changes themselves.
 */
export interface TrackedShipment {
  orderId: string;
  slotId: string | null;
  courierId: string | null;
}

/** The shipment a tracking key belongs to, from the read models; null for an unknown key. */
export function trackingLookup(knex: Knex) {
  return async (trackingId: string): Promise<TrackedShipment | null> => {
    if (!TRACKING_ID_PATTERN.test(trackingId)) return null;
    const order = (
      await knex(ORDERS_TABLE)
        .where('tracking_id', trackingId)
        .first<{ data: OrderRow } | undefined>('data')
    )?.data;
    if (!order) return null;
    const slot = order.slotId
      ? (
          await knex(SLOTS_TABLE)
            .where({ id: order.slotId, deleted: false })
            .first<{ data: SlotRow } | undefined>('data')
        )?.data
      : undefined;
    return {
      orderId: String(order.id),
      slotId: order.slotId ? String(order.slotId) : null,
      courierId: slot?.courierId ? String(slot.courierId) : null,
    };
  };
}
