export { DepartmentGroupList } from './DepartmentGroupList';
export { DepartmentGroupCreate, DepartmentGroupEdit } from './DepartmentGroupForm';
