/** The slice of `fetch` the HTTP geocoders use (injected: tests answer with recorded bodies). */
export type FetchJson = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** GET a JSON answer; any failure (network, status, timeout, bad JSON) is null (spec §8). */
export async function getJson(
  fetchJson: FetchJson,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  onError: (err: unknown) => void,
): Promise<unknown> {
  try {
    const res = await fetchJson(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) {
      onError(new Error(`HTTP ${res.status}`));
      return null;
    }
    return await res.json();
  } catch (err) {
    onError(err);
    return null;
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined;
