export { NumberSeriesList } from './NumberSeriesList';
export { NumberSeriesCreate, NumberSeriesEdit } from './NumberSeriesCreate';
