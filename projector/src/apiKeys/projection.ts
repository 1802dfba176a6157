import {
  API_KEY_HASHES_TABLE,
  API_KEYS_ENTITY,
  API_KEYS_TABLE,
  type ApiKeyEvent,
  type ApiKeyRow,
  type RecordedEvent,
} from '@nordlog/contracts';
import type { Projection } from '../framework/projection.js';
import { rowProjection } from '../framework/rowProjection.js';

/** API keys (docs/decisions/0069-api-keys.md): what the admin customer screen lists. */
const KEY_EVENTS = new Set(['ApiKeyCreated', 'ApiKeyRotated', 'ApiKeyRevoked']);
const keyEvent = (e: RecordedEvent) =>
  KEY_EVENTS.has(e.type) ? (e as never as ApiKeyEvent) : null;

export const apiKeysProjection = rowProjection<ApiKeyRow>({
  name: 'apiKeys',
  table: API_KEYS_TABLE,
  entity: API_KEYS_ENTITY,
  migrations: [
    {
      name: '0001_rm_api_keys',
      async up(knex) {
        await knex.raw(`create table ${API_KEYS_TABLE} (
          id text primary key, revision integer not null, customer_id bigint not null,
          revoked boolean not null, data jsonb not null);
          create index ${API_KEYS_TABLE}_customer on ${API_KEYS_TABLE} (customer_id);`);
      },
    },
  ],
  rowId: (e) => keyEvent(e)?.data.id ?? null,
  evolve(row, e) {
    const event = keyEvent(e);
    if (!event) return row;
    const meta = { revision: e.streamRevision, updatedAtEpoch: Date.parse(e.metadata.occurredAt) };
    switch (event.type) {
      case 'ApiKeyCreated':
        return {
          id: event.data.id,
          customerId: event.data.customerId,
          label: event.data.label,
          createdAt: e.metadata.occurredAt,
          rotatedAt: null,
          revokedAt: null,
          ...meta,
        };
      case 'ApiKeyRotated':
        return row && { ...row, rotatedAt: e.metadata.occurredAt, ...meta };
      case 'ApiKeyRevoked':
        return row && { ...row, revokedAt: e.metadata.occurredAt, ...meta };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  columns: (row) => ({ customer_id: row.customerId, revoked: row.revokedAt !== null }),
});

/**
 * The hashes of the keys' current secrets, by key id, for the gateway's check of a presented key.
 * Kept apart from the listed rows so that no query, socket or change feed ever carries one. Each
 * row keeps the stream revision it has: an event delivered again changes nothing.
 */
export const apiKeyHashesProjection: Projection = {
  name: 'apiKeyHashes',
  tables: [API_KEY_HASHES_TABLE],
  entities: [],
  migrations: [
    {
      name: '0001_rm_api_key_hashes',
      async up(knex) {
        await knex.raw(`create table ${API_KEY_HASHES_TABLE} (
          id text primary key, revision integer not null, customer_id bigint not null,
          hash text not null, revoked boolean not null)`);
      },
    },
  ],
  handles: (e) => keyEvent(e) !== null,
  async apply(trx, events) {
    for (const e of events) {
      const event = keyEvent(e);
      if (!event) continue;
      const revision = e.streamRevision;
      if (event.type === 'ApiKeyCreated')
        await trx.raw(
          `insert into ${API_KEY_HASHES_TABLE} (id, revision, customer_id, hash, revoked)
           values (?, ?, ?, ?, false) on conflict (id) do nothing`,
          [event.data.id, revision, event.data.customerId, event.data.hash],
        );
      else
        await trx(API_KEY_HASHES_TABLE)
          .where('id', event.data.id)
          .andWhere('revision', '<', revision)
          .update(
            event.type === 'ApiKeyRotated'
              ? { hash: event.data.hash, revision }
              : { revoked: true, revision },
          );
    }
    return [];
  },
};
