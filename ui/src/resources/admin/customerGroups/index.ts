export { CustomerGroupList } from './CustomerGroupList';
export { CustomerGroupCreate, CustomerGroupEdit } from './CustomerGroupForm';
