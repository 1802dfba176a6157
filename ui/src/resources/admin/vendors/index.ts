export { VendorCreate, VendorEdit, VendorList } from './VendorPages';
