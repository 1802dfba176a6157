export { DepartmentList } from './DepartmentList';
export { DepartmentCreate, DepartmentEdit } from './DepartmentForm';
