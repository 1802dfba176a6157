import { describe, it } from '@jest/globals';
import type {
  ArticleEvent,
  ArticleFields,
  PriceListEvent,
  PriceListFields,
} from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { articleDecider, priceListDecider } from './decider.js';

const freight: ArticleFields = {
  code: 'FREIGHT',
  label: 'Freight',
  kind: 'FREIGHT',
  vasCode: null,
  group: 'TRANSPORT',
  active: true,
};
const created: ArticleEvent = { type: 'ArticleCreated', data: { id: '1', ...freight } };
const oslo: PriceListFields = {
  name: 'Oslo',
  customerId: null,
  customerGroupId: null,
  departmentId: '1',
  currency: 'NOK',
  validFrom: '2026-01-01',
  validTo: null,
  zones: [],
  lines: [
    {
      articleCode: 'FREIGHT',
      zone: null,
      from: 0,
      per: 'ORDER',
      customerPrice: 19_900,
      resourcePrice: 0,
    },
  ],
};
const listCreated: PriceListEvent = { type: 'PriceListCreated', data: { id: '2', ...oslo } };

describe('articles and price lists', () => {
  it('creates an article, changes only what an update names, deletes it once', () => {
    given(articleDecider).when({ type: 'create', id: '1', fields: freight }).then([created]);
    given(articleDecider, [created])
      .when({ type: 'update', id: '1', fields: { label: 'Freight, road', active: true } })
      .then([{ type: 'ArticleUpdated', data: { id: '1', changes: { label: 'Freight, road' } } }]);
    given(articleDecider, [created])
      .when({ type: 'delete', id: '1' })
      .then([{ type: 'ArticleDeleted', data: { id: '1' } }]);
    given(articleDecider, [created, { type: 'ArticleDeleted', data: { id: '1' } }])
      .when({ type: 'delete', id: '1' })
      .then([]);
    given(articleDecider)
      .when({ type: 'update', id: '1', fields: { label: 'x' } })
      .thenRefuses('NOT_FOUND');
  });

  it('a price list’s prices change as named; an update that changes nothing is no event', () => {
    given(priceListDecider).when({ type: 'create', id: '2', fields: oslo }).then([listCreated]);
    const lines = [{ ...oslo.lines[0]!, customerPrice: 21_900 }];
    given(priceListDecider, [listCreated])
      .when({ type: 'update', id: '2', fields: { lines } })
      .then([{ type: 'PriceListUpdated', data: { id: '2', changes: { lines } } }]);
    given(priceListDecider, [listCreated])
      .when({ type: 'update', id: '2', fields: { lines: oslo.lines } })
      .then([]);
    given(priceListDecider, [listCreated])
      .when({ type: 'create', id: '2', fields: oslo })
      .thenRefuses('ALREADY_EXISTS');
  });
});
