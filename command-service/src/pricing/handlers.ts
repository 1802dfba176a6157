import {
  AppError,
  articleStream,
  customerGroupStream,
  priceListStream,
  type ArticleFields,
  type PriceLine,
  type PriceListFields,
  type PriceZone,
} from '@nordlog/contracts';
import { customerGroupDecider } from '../customerGroups/decider.js';
import { target, type Decider } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand, ReferenceState } from '../framework/referenceDecider.js';
import { referenceHandlers } from '../framework/referenceHandlers.js';
import {
  assertCustomersExist,
  assertDepartmentsExist,
  unknownIds,
} from '../framework/references.js';
import type { UniqueClaim } from '../framework/reservation.js';
import { articleIdOfCode } from './articleCodes.js';
import { articleDecider, priceListDecider } from './decider.js';

type ArticleState = ReferenceState<ArticleFields & { id: string }>;

/** An article's code names it once and for good (kept after deletion: old lines name it). */
const codeClaims = (state: ArticleState): UniqueClaim[] =>
  state.status === 'none'
    ? []
    : [
        {
          kind: 'articleCode',
          value: state.entity.code,
          refusal: {
            errorType: 'ALREADY_EXISTS',
            description: `Article code ${state.entity.code} is taken`,
            params: { field: 'code', key: 'validation.taken' },
          },
        },
      ];

const articles = referenceHandlers<ArticleFields>(
  'article',
  articleStream,
  articleDecider as Decider<unknown, ReferenceCommand<ArticleFields>, never>,
);
const priceLists = referenceHandlers<PriceListFields>(
  'price_list',
  priceListStream,
  priceListDecider as Decider<unknown, ReferenceCommand<PriceListFields>, never>,
);

/** The codes a price list's lines name must be articles (their code reserved by one). */
async function assertArticlesExist(ctx: HandlerContext, lines: readonly PriceLine[]) {
  const unknown: string[] = [];
  for (const code of new Set(lines.map((l) => l.articleCode))) {
    if ((await articleIdOfCode(ctx, code)) === null) unknown.push(code);
  }
  if (unknown.length > 0) throw unknownIds('lines', unknown);
}

/** A line's zone must be one of the list's zones (null: any zone). */
function assertZonesKnown(zones: readonly PriceZone[], lines: readonly PriceLine[]) {
  const codes = new Set(zones.map((z) => z.code));
  const unknown = [
    ...new Set(lines.flatMap((l) => (l.zone && !codes.has(l.zone) ? [l.zone] : []))),
  ];
  if (unknown.length > 0)
    throw AppError.of([
      {
        errorType: 'VALIDATION_ERROR',
        description: `payload.lines: zones the list does not have: ${unknown.join(', ')}`,
        params: { field: 'lines', key: 'validation.unknownId' },
      },
    ]);
}

export const pricingHandlers = {
  CREATE_ARTICLE: (async (fields, ctx) => {
    const id = await newId(ctx, 'article');
    return [
      target({
        id,
        streamId: articleStream(id),
        isNew: true,
        decider: articleDecider,
        command: { type: 'create', id, fields },
        uniques: codeClaims,
      }),
    ];
  }) satisfies Handler<'CREATE_ARTICLE'>,
  UPDATE_ARTICLE: ((payload) => articles.update(payload)) satisfies Handler<'UPDATE_ARTICLE'>,
  DELETE_ARTICLE: (({ id }) => [
    target({
      id,
      streamId: articleStream(id),
      decider: articleDecider,
      command: { type: 'delete', id },
    }),
  ]) satisfies Handler<'DELETE_ARTICLE'>,
  CREATE_PRICE_LIST: (async (fields, ctx) => {
    if (fields.customerId) await assertCustomersExist(ctx, [fields.customerId], 'customerId');
    if (fields.departmentId)
      await assertDepartmentsExist(ctx, [fields.departmentId], 'departmentId');
    if (
      fields.customerGroupId &&
      (await ctx.load(customerGroupStream(fields.customerGroupId), customerGroupDecider)).status !==
        'exists'
    )
      throw unknownIds('customerGroupId', [fields.customerGroupId]);
    assertZonesKnown(fields.zones, fields.lines);
    await assertArticlesExist(ctx, fields.lines);
    return priceLists.create(fields, ctx);
  }) satisfies Handler<'CREATE_PRICE_LIST'>,
  UPDATE_PRICE_LIST: (async (payload, ctx) => {
    if (payload.lines) await assertArticlesExist(ctx, payload.lines);
    // Zones and lines are checked together, as the list will be after the update.
    return priceLists.update(payload, (state) => {
      if (state.status !== 'exists') return;
      const after = { ...state.entity, ...payload };
      assertZonesKnown(after.zones, after.lines);
      if (after.validTo !== null && after.validTo < after.validFrom)
        throw AppError.of([
          {
            errorType: 'VALIDATION_ERROR',
            description: 'payload.validTo: validTo is before validFrom',
            params: { field: 'validTo', key: 'validation.invalid' },
          },
        ]);
    });
  }) satisfies Handler<'UPDATE_PRICE_LIST'>,
  DELETE_PRICE_LIST: (({ id }) => [
    target({
      id,
      streamId: priceListStream(id),
      decider: priceListDecider,
      command: { type: 'delete', id },
    }),
  ]) satisfies Handler<'DELETE_PRICE_LIST'>,
};
