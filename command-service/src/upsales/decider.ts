import { upsalesRuleIssues, type ArticleFields, type UpsalesRuleFields } from '@nordlog/contracts';
import { referenceDecider, type ReferenceState } from '../framework/referenceDecider.js';
import { refusedField } from '../framework/refusals.js';

/**
 * Upsales rules (docs/decisions/0087-upsales-rules.md): one stream per rule, created, updated
 * field by field (its cross-field rules checked on the rule an update leaves), switched on and
 * off (an update of `enabled` alone), deleted once.
 */
export const upsalesRuleDecider = referenceDecider<
  UpsalesRuleFields,
  'UpsalesRuleCreated',
  'UpsalesRuleUpdated',
  'UpsalesRuleDeleted'
>({
  label: 'Upsales rule',
  created: 'UpsalesRuleCreated',
  updated: 'UpsalesRuleUpdated',
  deleted: 'UpsalesRuleDeleted',
  check: (rule) =>
    upsalesRuleIssues(rule).map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    })),
});

/**
 * The extra a rule offers is a value-added service of the catalogue: an article that exists (a
 * deleted one neither) and is of kind SERVICE. A transport article is booked as the service
 * itself, never suggested beside it. Refused on `articleId`.
 */
export function assertExtra(
  articleId: string,
  article: ReferenceState<ArticleFields & { id: string }>,
): void {
  const key =
    article.status !== 'exists'
      ? ('validation.unknownId' as const)
      : article.entity.kind !== 'SERVICE'
        ? ('validation.notVas' as const)
        : null;
  if (key) throw refusedField('articleId', key, `article ${articleId}`);
}
