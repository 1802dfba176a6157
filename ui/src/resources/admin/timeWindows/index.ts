export { WeekCreate, WeekList } from './WeekPages';
export {
  ProductionWindowCreate,
  ProductionWindowEdit,
  ProductionWindowList,
} from './ProductionWindowPages';
