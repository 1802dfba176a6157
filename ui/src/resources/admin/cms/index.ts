export { BannerCreate, BannerEdit, BannerList } from './BannerPages';
export { HelpModalCreate, HelpModalEdit, HelpModalList } from './HelpModalPages';
export { NewsCreate, NewsEdit, NewsList } from './NewsPages';
