import { customerProblems, type CreateCustomer } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

export const customerDecider = referenceDecider<
  CreateCustomer,
  'CustomerCreated',
  'CustomerUpdated',
  'CustomerDeleted'
>({
  label: 'Customer',
  created: 'CustomerCreated',
  updated: 'CustomerUpdated',
  deleted: 'CustomerDeleted',
  check: customerProblems,
});
