import type { CmsKind } from '@nordlog/contracts';
import type { QueryKey } from '@tanstack/react-query';

/** The kind each content list shows (banners and news share their read model and entity). */
const listKinds: Record<string, CmsKind> = {
  'admin/cms/banners': 'BANNER',
  'admin/cms/news': 'NEWS',
  'admin/cms/helpModals': 'HELP_MODAL',
};

/**
 * Whether a pushed content row belongs in a content list: false for a row of another kind (a
 * news item is not fetched into the banners' list); otherwise undefined (the list's filter and
 * sort are the server's: a new row makes it refetch).
 */
export function cmsBelongs(key: QueryKey, _entity: string, row: unknown): false | undefined {
  const kind = listKinds[String(key[0])];
  if (!kind) return undefined;
  return (row as { kind?: string } | null)?.kind === kind ? undefined : false;
}
