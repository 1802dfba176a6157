export { NumberSeriesList } from './NumberSeriesList';
export { NumberSeriesCreate } from './NumberSeriesCreate';
