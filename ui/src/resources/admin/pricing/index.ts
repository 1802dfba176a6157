export { ArticleCreate, ArticleEdit, ArticleList } from './ArticlePages';
export { PriceListCreate, PriceListEdit, PriceListList } from './PriceListPages';
