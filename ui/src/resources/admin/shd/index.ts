export { ShdCreate, ShdList } from './ShdPages';
