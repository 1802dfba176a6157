export { createQueryService, queries, type QueryServiceDeps } from './service.js';
