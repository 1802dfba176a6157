import { ORDERS_TABLE, WEBHOOK_DELIVERIES_TABLE } from '@nordlog/contracts';
import type { Database } from '@nordlog/platform';
import { readCustomerReferences, readRecipientCandidates } from '@nordlog/query-service';

/** What some commands look up in the read models (the command side reads no read model itself). */
export const readModelLookups = (db: Database) => ({
  // The recipient's answers find their order by its tracking key (docs/decisions/0063).
  trackedOrderId: async (trackingId: string) =>
    (
      await db
        .knex(ORDERS_TABLE)
        .where('tracking_id', trackingId)
        .first<{ id: string } | undefined>('id')
    )?.id ?? null,
  // A replay names a message of its own hook (0070): the queue's delivery says whose it is.
  webhookOfMessage: async (messageId: string) => {
    const row = await db
      .knex(WEBHOOK_DELIVERIES_TABLE)
      .where('id', messageId)
      .first<{ webhook_id: string } | undefined>('webhook_id');
    return row ? String(row.webhook_id) : null;
  },
  // The booking form's recipient look-up: the address book and the orders (0089).
  recipientCandidates: readRecipientCandidates(db.knex),
  // What refers to a customer, so DELETE_CUSTOMER refuses one still in use (0099).
  customerReferences: readCustomerReferences(db.knex),
});
