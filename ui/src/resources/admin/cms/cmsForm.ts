import { cmsLanguages, cmsPublicationIssue, issueKey, type CmsItem } from '@nordlog/contracts';
import { z } from 'zod';

/**
 * The content forms' rules (docs/decisions/0077-content.md): the command's own zod schema (the
 * server's), on the form's values made into the command's fields, and the publication rules the
 * decider applies at save (`cmsPublicationIssue`) checked against the clock of the form. Messages
 * are `validation.*` keys, shown in the user's language.
 */

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A language's text left empty is no text (the schema takes none rather than ''). */
function texts(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const out: Record<string, string> = {};
  for (const language of cmsLanguages) {
    const text = value[language];
    if (typeof text === 'string' && text.trim() !== '') out[language] = text;
  }
  return out;
}

/** The form's values as the command's fields: only the schema's fields, empty texts left out. */
export function cmsFields(values: Record<string, unknown>, fields: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in values)) continue;
    const value = values[field];
    if (field === 'title' || field === 'body') out[field] = texts(value);
    else if ((field === 'link' || field === 'publishFrom' || field === 'publishTo') && value === '')
      out[field] = null;
    else out[field] = value;
  }
  return out;
}

type Publication = Pick<CmsItem, 'state'> & Partial<Pick<CmsItem, 'publishFrom' | 'publishTo'>>;
const publicationFields = ['state', 'publishFrom', 'publishTo'] as const;

/**
 * The schema of a content form: `schema` (the create command's, strict) on the command's fields,
 * then the publication rules at `now()`. Editing `record`, they apply as the decider applies them:
 * the future-time rules only when the state or a time changed.
 */
export function cmsFormSchema(
  schema: z.ZodObject,
  record: Publication | undefined,
  now: () => Date = () => new Date(),
) {
  const fields = Object.keys(schema.shape);
  return z
    .preprocess((v) => (isRecord(v) ? cmsFields(v, fields) : v), schema)
    .superRefine((value, ctx) => {
      const item = value as Publication;
      const changed =
        !record || publicationFields.some((f) => (item[f] ?? null) !== (record[f] ?? null));
      const issue = cmsPublicationIssue(item, now(), changed);
      if (issue) ctx.addIssue({ code: 'custom', message: issue.key, path: [issue.field] });
    });
}

/** zod's own messages as `validation.*` keys (the server's 400 items use the same mapping). */
export const keyedErrors = {
  error: (issue: { code: string; input?: unknown }) =>
    issueKey({ code: issue.code, message: '', input: issue.input }),
};
