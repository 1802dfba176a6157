import {
  AppError,
  REST_COUNT_HEADER,
  denial,
  entityId,
  isRestResourceName,
  readableRows,
  restPermission,
  restResources,
  type Identity,
  type RestResourceName,
} from '@nordlog/contracts';
import { requestIdentity, type Knex } from '@nordlog/platform';
import express, { type Request, type Router } from 'express';
import { searchWords, whereWord } from '../framework.js';
import { contentRange, parseListParams, type FilterValue, type ListParams } from './params.js';
import { restSources, type FilterSql, type RestSource } from './sources.js';

export interface RestServiceDeps {
  knex: Knex;
  identify?: (req: Request) => Identity;
}

const isId = (value: unknown) => entityId.safeParse(value).success;
const texts = (value: FilterValue) =>
  (Array.isArray(value) ? value : [value]).map((v) => (v === null ? null : String(v)));

function resourceOf(req: Request, identity: Identity): RestResourceName {
  const raw = req.params.resource;
  const name = typeof raw === 'string' ? raw : '';
  if (!isRestResourceName(name))
    throw new AppError(
      'NOT_FOUND',
      `Unknown resource: ${name}; known: ${Object.keys(restResources).join(', ')}`,
    );
  const refused = denial(identity, restPermission(name), 'query');
  if (refused) throw new AppError('NO_ACCESS', refused);
  return name;
}

function applyFilter(q: Knex.QueryBuilder, field: string, sql: FilterSql, value: FilterValue) {
  const values = texts(value);
  const present = values.filter((v): v is string => v !== null);
  const withNull = values.length > present.length;
  if (sql.kind === 'list') {
    if (withNull) throw new AppError('BAD_REQUEST', `filter.${field}: null is not a member`);
    q.whereRaw(
      `exists (select 1 from jsonb_array_elements_text(${sql.expr}) as m(v) where m.v = any(?::text[]))`,
      [present],
    );
    return;
  }
  if (values.length === 0) {
    q.whereRaw('false'); // any of no values
    return;
  }
  q.where((w) => {
    if (present.length > 0) w.whereRaw(`${sql.expr} = any(?::text[])`, [present]);
    if (withNull) w.orWhereRaw(`${sql.expr} is null`);
  });
}

/** The filtered, scoped rows of a list request (no order, no page). */
function filtered<R extends RestResourceName>(
  knex: Knex,
  name: R,
  identity: Identity,
  params: ListParams,
) {
  const resource = restResources[name];
  const source = restSources[name] as RestSource<R>;
  const q = source.scope(knex(resource.table), identity);
  source.base?.(q);
  for (const [field, value] of Object.entries(params.filter)) {
    if (field === 'id') {
      const ids = texts(value);
      if (!ids.every(isId)) throw new AppError('BAD_REQUEST', 'filter.id: not a valid id');
      q.whereIn('id', ids as string[]);
    } else if (field === 'q') {
      if (typeof value !== 'string') throw new AppError('BAD_REQUEST', 'filter.q: a text');
      for (const word of searchWords(value))
        q.where((one) => whereWord(one, knex.raw(source.search), word));
    } else if (Object.hasOwn(source.filters, field)) {
      applyFilter(q, field, source.filters[field as keyof typeof source.filters], value);
    } else {
      throw new AppError(
        'BAD_REQUEST',
        `filter.${field}: not a filter of ${name}; filters: id, q, ${resource.filterFields.join(', ')}`,
      );
    }
  }
  return { q, source, resource };
}

/**
 * The admin resources in the dialect of react-admin's ra-data-simple-rest, read from the read
 * models only: `GET /{resource}?sort=["f","ASC"]&range=[0,24]&filter={…}` answers a JSON array
 * with `Content-Range: {resource} {start}-{end}/{total}`; `filter={"id":[…]}` is getMany;
 * `GET /{resource}/{id}` one row or 404. Permission and scoping are those of the resource's query.
 */
export function createRestService(deps: RestServiceDeps): Router {
  const identify = deps.identify ?? requestIdentity;
  const router = express.Router();

  router.get('/:resource', async (req, res) => {
    const identity = identify(req);
    const name = resourceOf(req, identity);
    const params = parseListParams(req.query);
    const { q, source, resource } = filtered(deps.knex, name, identity, params);
    const [field, order] = params.sort
      ? [params.sort.field, params.sort.order]
      : resource.defaultSort;
    if (!Object.hasOwn(source.sort, field))
      throw new AppError(
        'BAD_REQUEST',
        `sort: ${name} cannot be sorted by ${field}; by: ${resource.sortFields.join(', ')}`,
      );
    const expr = source.sort[field as keyof typeof source.sort];
    const counted = await q.clone().count<{ count: string }[]>('* as count');
    const total = Number(counted[0]?.count ?? 0);
    const { start, end } = params.range;
    const rows = (await q
      .select('data')
      .orderByRaw(`${expr} ${order === 'DESC' ? 'desc' : 'asc'} nulls last, id asc`)
      .offset(start)
      .limit(end - start + 1)) as { data: unknown }[];
    const data = readableRows(
      identity,
      resource.entity,
      rows.map((r) => r.data),
    );
    const body = source.present ? await source.present(deps.knex, identity, data) : data;
    res
      .set(REST_COUNT_HEADER, contentRange(name, start, body.length, total))
      .set('Access-Control-Expose-Headers', REST_COUNT_HEADER)
      .json(body);
  });

  router.get('/:resource/:id', async (req, res) => {
    const identity = identify(req);
    const name = resourceOf(req, identity);
    const id = typeof req.params.id === 'string' ? req.params.id : '';
    const notFound = new AppError('NOT_FOUND', `${name} ${id} not found`);
    if (!isId(id)) throw notFound;
    const { q, source } = filtered(deps.knex, name, identity, {
      sort: null,
      range: { start: 0, end: 0 },
      filter: {},
    });
    const row = await q.where('id', id).first<{ data: unknown } | undefined>('data');
    if (!row || readableRows(identity, restResources[name].entity, [row.data]).length === 0)
      throw notFound;
    const [data] = source.present
      ? await source.present(deps.knex, identity, [row.data])
      : [row.data];
    res.json(data);
  });

  return router;
}
