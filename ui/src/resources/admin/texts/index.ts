export { MappingEdit, MappingList } from './MappingPages';
export { TextCreate, TextEdit, TextList } from './TextPages';
