import type { DepartmentGroupFields } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

export const departmentGroupDecider = referenceDecider<
  DepartmentGroupFields,
  'DepartmentGroupCreated',
  'DepartmentGroupUpdated',
  'DepartmentGroupDeleted'
>({
  label: 'Department group',
  created: 'DepartmentGroupCreated',
  updated: 'DepartmentGroupUpdated',
  deleted: 'DepartmentGroupDeleted',
});
