export { UserList } from './UserList';
export { UserCreate, UserEdit } from './UserForm';
