import { IMPORT_ROW_PATH, UPLOAD_ORDERS_PATH, type ImportRowResult } from '@nordlog/contracts';
import type { Translate } from '../../i18n/translator';
import { HttpFailure, failureText } from '../../errors/parse';
import { requestJson } from '../../shell/api';
import { postForm } from '../../shell/upload';

/** The import's calls (docs/decisions/0059-import.md): the upload and a fixed row booked again. */
export interface UploadAnswer {
  importId: string;
  total: number;
  refused: number;
  pending: number;
}

/** `POST /api/uploadExcelOrdersV2` as multipart/form-data (spec §7 "file uploads are multipart"). */
export async function uploadOrders(departmentId: string, file: File): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('departmentId', departmentId);
  form.append('file', file, file.name);
  return postForm<UploadAnswer>(`/api${UPLOAD_ORDERS_PATH}`, form);
}

export const bookRowAgain = (importId: string, row: number, values: Record<string, string>) =>
  requestJson<ImportRowResult>(`/api${IMPORT_ROW_PATH}`, { body: { importId, row, values } });

/** A refusal of a whole file in the user's language: the import's own reason when it has one. */
export function uploadFailureText(err: unknown, translate: Translate): string {
  const first = err instanceof HttpFailure ? err.errors[0] : undefined;
  const key = first?.params?.key;
  if (typeof key === 'string' && key.startsWith('import.'))
    return translate(`importing.errors.${key.slice('import.'.length)}`, {
      _: first?.description ?? key,
      max: first?.params?.max ?? '',
    });
  return failureText(err, translate);
}

/** A row refusal's text: the form's message in the user's language, else the server's. */
export const rowErrorText = (
  translate: Translate,
  error: { key: string; message: string },
): string => translate(error.key, { _: error.message });
