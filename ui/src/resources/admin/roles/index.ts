export { RoleList } from './RoleList';
export { RoleCreate, RoleEdit } from './RoleForm';
