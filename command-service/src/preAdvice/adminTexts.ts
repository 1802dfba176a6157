import { TEXTS_TABLE, type PreAdviceAdminTexts, type TextRow } from '@nordlog/contracts';
import type { Knex } from 'knex';

/**
 * The texts admin's PRE_ADVICE wordings by key (docs/decisions/0100), read at the start of every
 * pass of the pre-advice process: an edited text is the wording of the next message decided,
 * without a restart.
 */
export async function preAdviceAdminTexts(knex: Knex): Promise<PreAdviceAdminTexts> {
  const rows = await knex(TEXTS_TABLE)
    .where({ text_group: 'PRE_ADVICE', deleted: false })
    .select<{ data: TextRow }[]>('data');
  return new Map(rows.map((r) => [r.data.key, r.data.texts]));
}
