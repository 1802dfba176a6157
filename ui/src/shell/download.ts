import { HttpFailure, parseErrorBody } from '../errors/parse';
import { csrfHeaders, fetchApi } from './api';

/**
 * Posts `body` to a file download of the API (spec §7 exports) and saves the answer as
 * `fileName` (`accept`: the file's type); a refusal throws the spec §8 errors as an HttpFailure.
 */
export async function downloadFile(
  path: string,
  body: unknown,
  fileName: string,
  accept = 'text/csv',
): Promise<void> {
  const res = await fetchApi(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: `${accept}, application/json`,
      ...csrfHeaders(),
    },
    body: JSON.stringify(body),
    read: true,
  });
  if (!res.ok) {
    const answer: unknown = await res.json().catch(() => null);
    throw new HttpFailure(res.status, parseErrorBody(answer, res.status, res.statusText), answer);
  }
  saveBlob(await res.blob(), fileName);
}

/** Saves `blob` as the file `fileName` (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; the object URL is not needed after it.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
