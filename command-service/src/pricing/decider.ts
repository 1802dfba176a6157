import type { ArticleFields, PriceListFields } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

/** Articles: created under a code of their own, updated field by field, deleted once. */
export const articleDecider = referenceDecider<
  ArticleFields,
  'ArticleCreated',
  'ArticleUpdated',
  'ArticleDeleted'
>({
  label: 'Article',
  created: 'ArticleCreated',
  updated: 'ArticleUpdated',
  deleted: 'ArticleDeleted',
});

/** Price lists: their owner fixed at creation, their prices and period updated, deleted once. */
export const priceListDecider = referenceDecider<
  PriceListFields,
  'PriceListCreated',
  'PriceListUpdated',
  'PriceListDeleted'
>({
  label: 'Price list',
  created: 'PriceListCreated',
  updated: 'PriceListUpdated',
  deleted: 'PriceListDeleted',
});
