import { UPSALES_RULES_ENTITY, UPSALES_RULES_TABLE, type UpsalesRuleRow } from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/**
 * Upsales rules (docs/decisions/0087-upsales-rules.md): a row per rule, its switch one of its
 * fields (`enabled`); a deleted rule stays as a tombstone.
 */
export const upsalesRulesProjection = rowProjection<UpsalesRuleRow>({
  name: 'upsalesRules',
  table: UPSALES_RULES_TABLE,
  entity: UPSALES_RULES_ENTITY,
  migrations: [
    {
      name: '0001_rm_upsales_rules',
      async up(knex) {
        await knex.raw(`create table ${UPSALES_RULES_TABLE} (
          id bigint primary key, revision integer not null, priority integer not null,
          enabled boolean not null, deleted boolean not null, data jsonb not null);
          create index ${UPSALES_RULES_TABLE}_enabled
            on ${UPSALES_RULES_TABLE} (priority) where enabled and not deleted;`);
      },
    },
  ],
  ...referenceRows<UpsalesRuleRow>(
    'UpsalesRuleCreated',
    'UpsalesRuleUpdated',
    'UpsalesRuleDeleted',
  ),
  columns: (row) => ({ priority: row.priority, enabled: row.enabled, deleted: row.deleted }),
});
