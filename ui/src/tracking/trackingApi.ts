import { socketProtocol, trackingSocket, type TrackingDetails } from '@nordlog/contracts';

/** What the page knows of its shipment. */
export type TrackingState =
  | { kind: 'loading' }
  | { kind: 'found'; details: TrackingDetails }
  | { kind: 'notFound' }
  | { kind: 'failed' };

const QUERY = 'getShipmentDetailsFromTracking';

/**
 * The recipient's view of the shipment (spec §7, answered without a session at the openquery
 * endpoint `/openapi/query/{name}`): found, not found (404 for an unknown key, 400 for a link
 * that is not a key at all), or failed (anything else: the page offers to try again).
 */
export async function fetchTracking(id: string, signal?: AbortSignal): Promise<TrackingState> {
  try {
    const res = await fetch(`/openapi/query/${QUERY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY, params: { id } }),
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    });
    if (res.status === 404 || res.status === 400) return { kind: 'notFound' };
    if (!res.ok) return { kind: 'failed' };
    return { kind: 'found', details: (await res.json()) as TrackingDetails };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { kind: 'failed' };
  }
}

/** The tracking socket's address for a page at `location` (same host, ws or wss). */
export const trackingSocketUrl = (location: Pick<Location, 'protocol' | 'host'>, id: string) =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${socketProtocol.path}?${
    trackingSocket.param
  }=${encodeURIComponent(id)}`;

/** Whether a socket frame is the signal that this page's shipment changed. */
export function isTrackingSignal(text: string, id: string): boolean {
  if (!text.startsWith('{')) return false;
  try {
    const frame = JSON.parse(text) as { entity?: unknown; id?: unknown };
    return frame.entity === trackingSocket.entity && frame.id === id;
  } catch {
    return false;
  }
}

/** The tracking key of a `/track/{id}` path (the rest of the path and the query left out). */
export const trackingIdOf = (path: string): string =>
  decodeURIComponent(path.slice('/track/'.length).split('/')[0] ?? '');

/** What an answer came to: done, or refused with the reason the page shows. */
export type AnswerResult =
  | { ok: true }
  | { ok: false; reason: 'closed' | 'left' | 'expired' | 'tooMany' | 'notFound' | 'failed' };

/**
 * A recipient's answer (docs/decisions/0063): a public command at `/openapi/command/{name}`, the
 * tracking key in the payload its only credential (no session, no cookie).
 */
export async function sendAnswer(
  name: 'RECIPIENT_REQUEST_DAY' | 'RECIPIENT_LEAVE_AT_DOOR' | 'RECIPIENT_CHOOSE_PICKUP_POINT',
  payload: Record<string, string>,
): Promise<AnswerResult> {
  try {
    const res = await fetch(`/openapi/command/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: name, payload }),
      cache: 'no-store',
      credentials: 'omit',
    });
    if (res.ok) return { ok: true };
    const reasons: Record<number, Exclude<AnswerResult, { ok: true }>['reason']> = {
      400: 'closed',
      404: 'notFound',
      409: 'left',
      410: 'expired',
      429: 'tooMany',
    };
    return { ok: false, reason: reasons[res.status] ?? 'failed' };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/**
 * The recipient's net promoter answer after delivery (docs/decisions/0083): the public command
 * `RECIPIENT_RATE_DELIVERY`, the tracking key its only credential. True when it was taken.
 */
export async function sendRating(payload: {
  trackingId: string;
  score: number;
  comment?: string;
}): Promise<boolean> {
  try {
    const res = await fetch('/openapi/command/RECIPIENT_RATE_DELIVERY', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'RECIPIENT_RATE_DELIVERY', payload }),
      cache: 'no-store',
      credentials: 'omit',
    });
    return res.ok;
  } catch {
    return false;
  }
}
