import { IMPORT_ROW_PATH, UPLOAD_ORDERS_PATH, type ImportRowResult } from '@nordlog/contracts';
import type { Translate } from '../../i18n/translator';
import { HttpFailure, failureText, parseErrorBody } from '../../errors/parse';
import { csrfHeaders, fetchApi, requestJson } from '../../shell/api';

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
  const res = await fetchApi(`/api${UPLOAD_ORDERS_PATH}`, {
    method: 'POST',
    headers: { accept: 'application/json', ...csrfHeaders() },
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok)
    throw new HttpFailure(res.status, parseErrorBody(body, res.status, res.statusText), body);
  return body as UploadAnswer;
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
