import { MIN_POSITION_HEADER, MIN_POSITION_REACHED_HEADER } from '@nordlog/contracts';
import { HttpFailure, parseErrorBody } from '../errors/parse';
import { positionMemory, tabStorage } from './readYourWrites';

/** The CSRF token of the session (from `GET /auth/user`), sent on every state-changing call. */
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null): void => {
  csrfToken = token;
};
export const csrfHeaders = (): Record<string, string> =>
  csrfToken ? { 'x-csrf-token': csrfToken } : {};

/** Called on a 401 from an API call (spec §2/§8 login redirect). */
let onUnauthorized: (() => void) | null = null;
export const setUnauthorizedHandler = (handler: (() => void) | null): void => {
  onUnauthorized = handler;
};

/** The position of the latest command this tab sent: reads wait until it is projected. */
const positions = positionMemory(tabStorage());
export const rememberPosition = (position: string | null | undefined): void =>
  positions.remember(position);
export const readHeaders = (): Record<string, string> => positions.headers();

/**
 * fetch for every call of the web app: a read sends the position (`readHeaders`, added by the
 * caller or here with `read: true`), and every answer is shown to the position memory, which
 * forgets a position whose wait ran out (see `positionMemory`).
 */
export async function fetchApi(
  url: string,
  init: Omit<RequestInit, 'headers'> & { headers: Record<string, string>; read?: boolean },
): Promise<Response> {
  const { read, ...rest } = init;
  const headers = read ? { ...readHeaders(), ...init.headers } : init.headers;
  const res = await fetch(url, { credentials: 'same-origin', ...rest, headers });
  positions.answered(headers[MIN_POSITION_HEADER], res.headers.get(MIN_POSITION_REACHED_HEADER));
  return res;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (res.status === 204) return null;
  if (type.includes('json')) return res.json().catch(() => null);
  const raw = await res.text();
  return raw.length > 0 ? raw : null;
}

/** fetch with the session cookie and JSON; a non-OK answer throws HttpFailure (spec §8). */
export async function requestJson<T>(
  url: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(method === 'GET' ? readHeaders() : csrfHeaders()),
    ...init.headers,
  };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetchApi(url, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = await readBody(res);
  if (!res.ok) {
    if (res.status === 401 && !url.startsWith('/auth/')) onUnauthorized?.();
    throw new HttpFailure(res.status, parseErrorBody(body, res.status, res.statusText), body);
  }
  return body as T;
}

export interface CommandAnswer {
  commandId: string;
  position: string | null;
  events: string[];
  ids: string[];
  failed: { id: string; errorType: string; description: string }[];
}

/**
 * `POST /api/command/{name}` with `{type, payload}` (spec §7). A command sent again with the same
 * `commandId` gets the first answer and changes nothing (the courier's stored reports, 0072).
 */
export async function sendCommand(
  name: string,
  payload: unknown,
  commandId: string = crypto.randomUUID(),
): Promise<CommandAnswer> {
  const answer = await requestJson<CommandAnswer>(`/api/command/${name}`, {
    method: 'POST',
    body: { type: name, payload, commandId },
  });
  rememberPosition(answer.position);
  return answer;
}

const inFlight = new Map<string, Promise<unknown>>();

/** How long an answer asked for at start-up waits for its page (older, the page asks again). */
export const EARLY_ANSWER_MS = 10_000;
const early = new Map<string, { answer: Promise<unknown>; at: number }>();

/**
 * Asks for a query at start-up, beside the session, before the page that needs it has loaded
 * (app/earlyData.ts): the page's first identical `runQuery` takes the answer, once
 * (docs/decisions/0046-web-start-up.md, addendum). A failed answer is the page's to handle, as
 * its own would be (its query retries with a request of its own).
 */
export function runQueryEarly(name: string, params: unknown, now = Date.now()): void {
  const key = `${name}:${JSON.stringify(params)}`;
  const answer = requestJson(`/api/query/${name}`, {
    method: 'POST',
    body: { query: name, params },
    headers: { ...readHeaders() },
  });
  answer.catch(() => undefined);
  early.set(key, { answer, at: now });
}

/** `POST /api/query/{name}` with `{query, params}`; identical requests in flight are shared (§7). */
export function runQuery<T>(name: string, params: unknown = {}): Promise<T> {
  const body = { query: name, params };
  const key = `${name}:${JSON.stringify(params)}`;
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<T>;
  const asked = early.get(key);
  if (asked) {
    early.delete(key);
    if (Date.now() - asked.at <= EARLY_ANSWER_MS) return asked.answer as Promise<T>;
  }
  const promise = requestJson<T>(`/api/query/${name}`, {
    method: 'POST',
    body,
    headers: { ...readHeaders() },
  }).finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}
