import { HttpFailure, parseErrorBody } from '../errors/parse';
import { csrfHeaders, fetchApi } from './api';

/**
 * Posts `form` as multipart/form-data (spec §7 "file uploads are multipart POSTs") to `path`
 * and answers its JSON; a refusal throws the spec §8 errors as an HttpFailure (its body kept, for
 * the rows an upload refused).
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const res = await fetchApi(path, {
    method: 'POST',
    headers: { accept: 'application/json', ...csrfHeaders() },
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok)
    throw new HttpFailure(res.status, parseErrorBody(body, res.status, res.statusText), body);
  return body as T;
}
