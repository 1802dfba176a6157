import type { CustomerGroupFields } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

export const customerGroupDecider = referenceDecider<
  CustomerGroupFields,
  'CustomerGroupCreated',
  'CustomerGroupUpdated',
  'CustomerGroupDeleted'
>({
  label: 'Customer group',
  created: 'CustomerGroupCreated',
  updated: 'CustomerGroupUpdated',
  deleted: 'CustomerGroupDeleted',
});
