import type { z } from 'zod';
import { downloadPermissions, type DownloadPath, type Permission } from './access/permissions.js';
import { exportOrdersSchema } from './exports/index.js';
import { downloadAddressesSchema } from './addressBook/columns.js';
import { exportMultilegReturnsSchema } from './returns/index.js';
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
