export { UpsalesCreate, UpsalesEdit, UpsalesList } from './UpsalesPages';
