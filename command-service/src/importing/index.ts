export { createImportApi, type ImportApiDeps } from './router.js';
export { ImportRunner } from './runner.js';
export {
  IMPORT_CONCURRENCY,
  batchCommandId,
  rowCommandId,
  namedUuid,
  type ImportJobDeps,
} from './jobs.js';
export { readSheet, decodeText } from './read.js';
