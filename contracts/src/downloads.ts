import type { z } from 'zod';
import { downloadPermissions, type DownloadPath, type Permission } from './access/permissions.js';
import { exportOrdersSchema } from './exports/index.js';
import { downloadAddressesSchema, UPLOAD_ADDRESSES_PATH } from './addressBook/columns.js';
import {
  IMPORT_ROW_ERASE_PATH,
  IMPORT_ROW_PATH,
  IMPORT_TEMPLATE_PATH,
  UPLOAD_ORDERS_PATH,
} from './importing/index.js';
import { exportMultilegReturnsSchema } from './returns/index.js';
import { PROOF_IMAGE_PREFIX } from './proof/index.js';
import { exportLocationListSchema } from './routeLists/index.js';

/**
 * The file downloads of spec §7 ("other calls"), one table: each path's params and who may.
 * The gateway serves every one at the spec's own path (without `/api`) and under `/api`; the
 * access matrix and the fuzz suite walk this table, so a download added here is checked with
 * the rest the moment it exists.
 */
export interface DownloadEndpoint {
  schema: z.ZodType;
  permission: Permission;
}

const params: Record<DownloadPath, z.ZodType> = {
  '/exportLocationListForSlot': exportLocationListSchema,
  '/exportMultilegReturnsList': exportMultilegReturnsSchema,
  '/query': exportOrdersSchema,
  '/downloadCustomerAddresses': downloadAddressesSchema,
};

export const downloadEndpoints: Record<DownloadPath, DownloadEndpoint> = Object.fromEntries(
  (Object.keys(params) as DownloadPath[]).map((path) => [
    path,
    { schema: params[path], permission: downloadPermissions[path] },
  ]),
) as Record<DownloadPath, DownloadEndpoint>;

export const downloadPaths = Object.keys(params) as DownloadPath[];

/**
 * The downloads' GET documents below `/api` by path prefix: an issued invoice (0032), a
 * delivery's proof images (0068).
 */
export const downloadPrefixes: readonly string[] = ['/download-invoice/', PROOF_IMAGE_PREFIX];

/**
 * The uploads of spec §7 ("file uploads are multipart POSTs"), served by the command service:
 * at these paths below `/api`, the spec's own two also without it (`uploadSpecPaths`), and the
 * import's templates by prefix. The gateway passes exactly these to the command service.
 */
export const uploadSpecPaths: readonly string[] = [UPLOAD_ORDERS_PATH, UPLOAD_ADDRESSES_PATH];
export const uploadPaths: readonly string[] = [
  ...uploadSpecPaths,
  IMPORT_ROW_PATH,
  IMPORT_ROW_ERASE_PATH,
];
export const uploadPrefixes: readonly string[] = [`${IMPORT_TEMPLATE_PATH}/`];
