/** The admin resources' table lives in contracts (the browser walk reads it too). */
export {
  adminResources,
  resourcePath,
  type AdminResource,
  type AdminResourceName,
} from '@nordlog/contracts';
