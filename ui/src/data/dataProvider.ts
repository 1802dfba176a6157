import { isRestResourceName, restResources } from '@nordlog/contracts';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type DataProvider,
  type GetListParams,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { parseErrorBody, type UiError } from '../errors/parse';
import { adminResources, changedFields } from '../resources/registry';
import { fetchApi, sendCommand } from '../shell/api';

/** An HTTP error whose message is an i18n key when the first error has a known type. */
export function toHttpError(status: number, statusText: string, body: unknown): HttpError {
  const errors = parseErrorBody(body, status, statusText);
  return new HttpError(messageKey(errors, status), status, { items: errors });
}

const messageKey = (errors: UiError[], status: number): string => {
  const first = errors[0];
  // A refused field rule (e.g. a user's phone number) names the rule: `validation.phoneNO`.
  const rule = first?.errorType === 'VALIDATION_ERROR' ? first.params?.key : undefined;
  if (typeof rule === 'string' && rule.startsWith('validation.')) return rule;
  if (first?.errorType) return `errors.${first.errorType}`;
  if (first?.description) return first.description;
  return status === 400 ? 'errors.badRequest' : 'errors.server';
};

/** ra-data-simple-rest's HTTP client: the session cookie, read-your-writes, spec §8 errors. */
async function httpClient(url: string, options: { method?: string; body?: BodyInit | null } = {}) {
  const res = await fetchApi(url, {
    method: options.method ?? 'GET',
    body: options.body ?? null,
    headers: { accept: 'application/json' },
    read: true,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text.length > 0 ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (!res.ok) throw toHttpError(res.status, res.statusText, json);
  return { status: res.status, headers: res.headers, body: text, json };
}

/**
 * A refusal of fields the form has (every item a VALIDATION_ERROR naming its field and message
 * key) as react-admin's `body.errors`: each key shown on its field (a list's index is the list's
 * field). Null for any other refusal, which the toast reports.
 */
export function fieldErrorsOf(errors: UiError[]): Record<string, unknown> | null {
  if (errors.length === 0) return null;
  const out: Record<string, unknown> = {};
  for (const e of errors) {
    const field = e.params?.field;
    const key = e.params?.key;
    if (e.errorType !== 'VALIDATION_ERROR' || typeof field !== 'string' || field === '')
      return null;
    if (typeof key !== 'string') return null;
    const path = field.split('.');
    const cut = path.findIndex((p) => /^\d+$/.test(p));
    const parts = cut > 0 ? path.slice(0, cut) : path;
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<
        string,
        unknown
      >;
    }
    node[parts[parts.length - 1]!] ??= key;
  }
  return out;
}

const restName = (resource: string): string => adminResources[resource]?.rest ?? resource;

/**
 * The key a reference names its records by, from `meta.key` (contracts `restResources[…].keys`,
 * e.g. a price line's `articleCode`); null for `id`. An undeclared key is a programming error.
 */
export function referenceKey(resource: string, meta: unknown): string | null {
  const key = (meta as { key?: unknown } | undefined)?.key;
  if (key === undefined || key === 'id') return null;
  const rest = restName(resource);
  const keys: readonly string[] = isRestResourceName(rest) ? restResources[rest].keys : [];
  if (typeof key !== 'string' || !keys.includes(key))
    throw new Error(`${resource} is not referenced by ${JSON.stringify(key)}; keys: id, ${keys.join(', ')}`);
  return key;
}

/** Rows keyed by `key`: react-admin matches a reference to its record by `id`. */
const keyed = (key: string, rows: RaRecord[]): RaRecord[] =>
  rows.map((row) => ({ ...row, id: (row as Record<string, unknown>)[key] as Identifier }));

/**
 * Reads through the query service's REST resources in ra-data-simple-rest's dialect; writes go
 * to `POST /api/command/{NAME}` by the resource table (spec §7: state changes are commands).
 */
export function createDataProvider(apiUrl = '/api/rest'): DataProvider {
  const rest = simpleRestProvider(apiUrl, httpClient as never);
  const command = (resource: string, kind: 'create' | 'update' | 'delete'): string => {
    const name = adminResources[resource]?.[kind];
    if (!name) throw new HttpError('errors.BAD_REQUEST', 405, { items: [] });
    return name;
  };
  const run = async (resource: string, name: string, payload: unknown) => {
    try {
      return await sendCommand(name, payload);
    } catch (err) {
      const failure = err as { status?: number; errors?: UiError[]; body?: unknown };
      if (typeof failure.status === 'number') {
        const items = failure.errors ?? [];
        // react-admin reads `body.errors` as per-field form errors: only for the forms that
        // hold every field their command can refuse (registry `fieldErrors`).
        const fields = adminResources[resource]?.fieldErrors ? fieldErrorsOf(items) : null;
        throw new HttpError(messageKey(items, failure.status), failure.status, {
          items,
          ...(fields ? { errors: fields } : {}),
        });
      }
      throw err;
    }
  };
  return {
    getList: async (resource, params) => {
      const key = referenceKey(resource, params.meta);
      const answer = await rest.getList(restName(resource), params);
      return key ? { ...answer, data: keyed(key, answer.data as RaRecord[]) as never } : answer;
    },
    getOne: (resource, params) => rest.getOne(restName(resource), params),
    getMany: async (resource, params) => {
      const key = referenceKey(resource, params.meta);
      if (!key) return rest.getMany(restName(resource), params);
      // getMany by a key is a filter on it (the REST resource lists its keys as filters).
      const byKey: GetListParams = {
        filter: { [key]: params.ids },
        pagination: { page: 1, perPage: Math.max(1, params.ids.length) },
        sort: { field: 'id', order: 'ASC' },
        signal: params.signal,
      };
      const answer = await rest.getList(restName(resource), byKey);
      return { data: keyed(key, answer.data as RaRecord[]) as never };
    },
    getManyReference: (resource, params) => rest.getManyReference(restName(resource), params),
    create: async (resource, params) => {
      const answer = await run(resource, command(resource, 'create'), params.data);
      const id = answer.ids[0] as Identifier;
      return { data: { ...(params.data as object), id } as never };
    },
    update: async (resource, params) => {
      const payload = changedFields(
        { ...(params.data as Record<string, unknown>), id: params.id },
        params.previousData as Record<string, unknown> | undefined,
      );
      await run(resource, command(resource, 'update'), payload);
      const data: RaRecord = {
        ...(params.previousData as RaRecord),
        ...(params.data as object),
        id: params.id as Identifier,
      };
      return { data: data as never };
    },
    updateMany: async (resource, params) => {
      for (const id of params.ids) await run(resource, command(resource, 'update'), { id, ...params.data });
      return { data: params.ids };
    },
    delete: async (resource, params) => {
      await run(resource, command(resource, 'delete'), { id: params.id });
      return { data: (params.previousData ?? { id: params.id }) as RaRecord as never };
    },
    deleteMany: async (resource, params) => {
      for (const id of params.ids) await run(resource, command(resource, 'delete'), { id });
      return { data: params.ids };
    },
  };
}
