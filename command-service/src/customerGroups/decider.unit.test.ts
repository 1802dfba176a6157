import { describe, it } from '@jest/globals';
import type { CustomerGroupEvent, CustomerGroupFields } from '@nordlog/contracts';
import { given } from '../framework/testing.js';
import { customerGroupDecider } from './decider.js';

const fields: CustomerGroupFields = { name: 'Pharmacies', description: '', customerIds: ['2'] };
const created: CustomerGroupEvent = { type: 'CustomerGroupCreated', data: { id: '1', ...fields } };

describe('customer groups', () => {
  it('S7-CMD-048 S3-ENT-049 creates, updates and deletes a group of customers', () => {
    given(customerGroupDecider).when({ type: 'create', id: '1', fields }).then([created]);
    given(customerGroupDecider, [created])
      .when({ type: 'update', id: '1', fields: { customerIds: ['2', '5'] } })
      .then([
        { type: 'CustomerGroupUpdated', data: { id: '1', changes: { customerIds: ['2', '5'] } } },
      ]);
    given(customerGroupDecider, [created])
      .when({ type: 'delete', id: '1' })
      .then([{ type: 'CustomerGroupDeleted', data: { id: '1' } }]);
  });
  it('refuses a second create under the same id and an update of an unknown group', () => {
    given(customerGroupDecider, [created])
      .when({ type: 'create', id: '1', fields })
      .thenRefuses('ALREADY_EXISTS');
    given(customerGroupDecider)
      .when({ type: 'update', id: '1', fields: { name: 'x' } })
      .thenRefuses('NOT_FOUND');
  });
});
