import {
  ARTICLES_ENTITY,
  ARTICLES_TABLE,
  PRICE_LISTS_ENTITY,
  PRICE_LISTS_TABLE,
  type ArticleRow,
  type PriceListRow,
} from '@nordlog/contracts';
import { referenceRows } from '../framework/referenceRows.js';
import { rowProjection } from '../framework/rowProjection.js';

/** The article catalogue (docs/decisions/0030-prices.md); a deleted article stays as a tombstone. */
export const articlesProjection = rowProjection<ArticleRow>({
  name: 'articles',
  table: ARTICLES_TABLE,
  entity: ARTICLES_ENTITY,
  migrations: [
    {
      name: '0001_rm_articles',
      async up(knex) {
        await knex.raw(`create table ${ARTICLES_TABLE} (
          id bigint primary key, revision integer not null, code text not null,
          article_group text not null, deleted boolean not null, data jsonb not null);
          create index ${ARTICLES_TABLE}_group on ${ARTICLES_TABLE} (article_group)`);
      },
    },
  ],
  ...referenceRows<ArticleRow>('ArticleCreated', 'ArticleUpdated', 'ArticleDeleted'),
  columns: (row) => ({ code: row.code, article_group: row.group, deleted: row.deleted }),
});

/** Price lists by owner; a deleted list stays as a tombstone. */
export const priceListsProjection = rowProjection<PriceListRow>({
  name: 'priceLists',
  table: PRICE_LISTS_TABLE,
  entity: PRICE_LISTS_ENTITY,
  migrations: [
    {
      name: '0001_rm_price_lists',
      async up(knex) {
        await knex.raw(`create table ${PRICE_LISTS_TABLE} (
          id bigint primary key, revision integer not null, customer_id bigint,
          customer_group_id bigint, department_id bigint, valid_from date not null,
          valid_to date, deleted boolean not null, data jsonb not null);
          create index ${PRICE_LISTS_TABLE}_customer on ${PRICE_LISTS_TABLE} (customer_id) where customer_id is not null;
          create index ${PRICE_LISTS_TABLE}_department on ${PRICE_LISTS_TABLE} (department_id) where department_id is not null`);
      },
    },
  ],
  ...referenceRows<PriceListRow>('PriceListCreated', 'PriceListUpdated', 'PriceListDeleted'),
  columns: (row) => ({
    customer_id: row.customerId,
    customer_group_id: row.customerGroupId,
    department_id: row.departmentId,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    deleted: row.deleted,
  }),
});
