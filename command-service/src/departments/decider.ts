import { departmentProblems, type CreateDepartment } from '@nordlog/contracts';
import { referenceDecider } from '../framework/referenceDecider.js';

export const departmentDecider = referenceDecider<
  CreateDepartment,
  'DepartmentCreated',
  'DepartmentUpdated'
>({
  label: 'Department',
  created: 'DepartmentCreated',
  updated: 'DepartmentUpdated',
  check: departmentProblems,
});
