import {
  WEBHOOKS_ENTITY,
  WEBHOOKS_TABLE,
  type RecordedEvent,
  type WebhookEvent,
  type WebhookRow,
} from '@nordlog/contracts';
import { rowProjection } from '../framework/rowProjection.js';

/** A customer's webhooks as the admin screens read them (docs/decisions/0070); no secret. */

const webhookEvents = new Set<string>([
  'WebhookCreated',
  'WebhookUpdated',
  'WebhookSecretRotated',
  'WebhookDeleted',
  'WebhookMessageReplayRequested',
]);
export const isWebhookEvent = (e: RecordedEvent) => webhookEvents.has(e.type);

export const webhooksProjection = rowProjection<WebhookRow>({
  name: 'webhooks',
  table: WEBHOOKS_TABLE,
  entity: WEBHOOKS_ENTITY,
  migrations: [
    {
      name: '0001_rm_webhooks',
      async up(knex) {
        await knex.raw(`create table ${WEBHOOKS_TABLE} (
          id bigint primary key, revision integer not null, customer_id bigint not null,
          department_id bigint, deleted boolean not null, data jsonb not null);
          create index ${WEBHOOKS_TABLE}_customer on ${WEBHOOKS_TABLE} (customer_id) where not deleted;`);
      },
    },
  ],
  rowId: (e) => (isWebhookEvent(e) ? (e.data as { id: string }).id : null),
  tombstone: (row) => row.deleted,
  evolve(row, recorded) {
    const event = recorded as unknown as WebhookEvent;
    const meta = {
      revision: recorded.streamRevision,
      updatedAtEpoch: Date.parse(recorded.metadata.occurredAt),
    };
    switch (event.type) {
      case 'WebhookCreated':
        return { ...event.data, deleted: false, ...meta };
      case 'WebhookUpdated':
        return row && { ...row, ...event.data, ...meta };
      case 'WebhookSecretRotated':
        return row && { ...row, ...event.data, ...meta };
      case 'WebhookDeleted':
        return row && { ...row, deleted: true, ...meta };
      case 'WebhookMessageReplayRequested':
        return row && { ...row, ...meta };
      default:
        return row;
    }
  },
  columns: (row) => ({
    customer_id: row.customerId,
    department_id: row.departmentId,
    deleted: row.deleted,
  }),
});
