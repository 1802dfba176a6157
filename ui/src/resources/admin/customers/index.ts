export { CustomerList } from './CustomerList';
export { CustomerCreate, CustomerEdit } from './CustomerForm';
