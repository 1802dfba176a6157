import {
  AppError,
  ARTICLES_TABLE,
  SERVICE_MAPPINGS_TABLE,
  TEXTS_TABLE,
  type ArticleRow,
  type ServiceMappingRow,
  type ServiceText,
  type TextRow,
} from '@nordlog/contracts';
import type { QueryHandler } from '../framework.js';

/**
 * Services and texts (spec §7; docs/decisions/0081-services-and-texts.md): product-wide
 * reference data, read whole by whoever the query's permission lets in.
 */

/** `texts {group}`: the texts of a group, by key. */
export const texts: QueryHandler<'texts'> = async ({ group }, { knex }) =>
  (
    await knex(TEXTS_TABLE)
      .where({ text_group: group, deleted: false })
      .orderBy([{ column: 'text_key' }, { column: 'id' }])
      .select<{ data: TextRow }[]>('data')
  ).map((r) => r.data);

/** `getTextById {id}`: one text; NOT_FOUND for none or a deleted one. */
export const getTextById: QueryHandler<'getTextById'> = async ({ id }, { knex }) => {
  const row = await knex(TEXTS_TABLE)
    .where({ id, deleted: false })
    .first<{ data: TextRow } | undefined>('data');
  if (!row) throw new AppError('NOT_FOUND', `Text ${id} not found`);
  return row.data;
};

/**
 * `servicesAndVasesTexts`: every service (transport article) and value-added service (SERVICE
 * article) of the catalogue, by group and article code, with its text (SERVICE texts by the
 * article's code, VAS texts by its VAS code) or null where none is written.
 */
export const servicesAndVasesTexts: QueryHandler<'servicesAndVasesTexts'> = async (
  _p,
  { knex },
) => {
  const articles = (
    await knex(ARTICLES_TABLE)
      .where('deleted', false)
      .whereRaw(`data->>'kind' in ('FREIGHT', 'SERVICE')`)
      .orderBy('code')
      .select<{ data: ArticleRow }[]>('data')
  ).map((r) => r.data);
  const rows = (
    await knex(TEXTS_TABLE)
      .where('deleted', false)
      .whereIn('text_group', ['SERVICE', 'VAS'])
      .select<{ data: TextRow }[]>('data')
  ).map((r) => r.data);
  const byKey = new Map(rows.map((t) => [`${t.group}:${t.key}`, t]));
  const mappings = new Map(
    (
      await knex(SERVICE_MAPPINGS_TABLE)
        .where('deleted', false)
        .select<{ code: string; data: ServiceMappingRow }[]>('code', 'data')
    ).map((r) => [r.code, r.data]),
  );
  const answer: ServiceText[] = articles.map((a) => {
    const group = a.kind === 'FREIGHT' ? 'SERVICE' : 'VAS';
    const key = group === 'SERVICE' ? a.code : (a.vasCode ?? a.code);
    return {
      group,
      articleId: a.id,
      articleCode: a.code,
      key,
      label: a.label,
      active: a.active,
      text: byKey.get(`${group}:${key}`) ?? null,
      important: group === 'SERVICE' && mappings.get(a.code)?.important === true,
      // The code template (0093): the booking form shows the code the order will carry.
      serviceCode: group === 'SERVICE' ? (mappings.get(a.code)?.serviceCode ?? null) : null,
    };
  });
  return answer.sort(
    (x, y) => x.group.localeCompare(y.group) || x.articleCode.localeCompare(y.articleCode),
  );
};

/** `serviceMappingData`: every service's (transport article's) mapping, by code. */
export const serviceMappingData: QueryHandler<'serviceMappingData'> = async (_p, { knex }) =>
  (
    await knex(SERVICE_MAPPINGS_TABLE)
      .where('deleted', false)
      .orderBy([{ column: 'code' }, { column: 'id' }])
      .select<{ data: ServiceMappingRow }[]>('data')
  ).map((r) => withTemplate(r.data));

/** `getServiceMappingDataById {id}`: a service's mapping by its article id; NOT_FOUND else. */
export const getServiceMappingDataById: QueryHandler<'getServiceMappingDataById'> = async (
  { id },
  { knex },
) => {
  const row = await knex(SERVICE_MAPPINGS_TABLE)
    .where({ id, deleted: false })
    .first<{ data: ServiceMappingRow } | undefined>('data');
  if (!row) throw new AppError('NOT_FOUND', `Service mapping ${id} not found`);
  return withTemplate(row.data);
};

/** Rows written before code templates (0093) have none: read as null. */
const withTemplate = (row: ServiceMappingRow): ServiceMappingRow => ({
  ...row,
  serviceCode: row.serviceCode ?? null,
});

/** The texts' queries (0081), spread into the service's table. */
export const textQueries = {
  texts,
  getTextById,
  servicesAndVasesTexts,
  serviceMappingData,
  getServiceMappingDataById,
};
