import {
  DOWNLOAD_ADDRESSES_PATH,
  UPLOAD_ADDRESSES_PATH,
  type AddressFileLanguage,
  type AddressUploadResult,
} from '@nordlog/contracts';
import { downloadFile } from '../../shell/download';
import { postForm } from '../../shell/upload';
import { addressFileName } from './addressModel';

/**
 * Uploads an address file as multipart/form-data: every row is the customer's when one is
 * given, the department is the screen's. A file with a refused row saves nothing: a 400 whose
 * first item lists the rows (`uploadProblems`).
 */
export async function uploadAddresses(
  file: File,
  options: { customerId: string; departmentId: string },
): Promise<AddressUploadResult> {
  const form = new FormData();
  if (options.customerId) form.append('customerId', options.customerId);
  if (options.departmentId) form.append('departmentId', options.departmentId);
  form.append('file', file, file.name);
  return postForm<AddressUploadResult>(`/api${UPLOAD_ADDRESSES_PATH}`, form);
}

/** A customer's addresses as an xlsx file, headed in `language`. */
export const downloadAddresses = (params: {
  customerNumber: string;
  subcustomer: string;
  language: AddressFileLanguage;
}) =>
  downloadFile(
    `/api${DOWNLOAD_ADDRESSES_PATH}`,
    { params },
    addressFileName(params.customerNumber, params.subcustomer),
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
