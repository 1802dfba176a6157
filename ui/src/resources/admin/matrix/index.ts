export { MatrixCreate, MatrixEdit, MatrixList } from './MatrixPages';
