import type { CmsItemRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { runQuery } from '../shell/api';
import { PUBLISHED_REFRESH_MS } from './content';

type PublishedQuery = 'publishedBanners' | 'publishedNews' | 'publishedWhatsThisModals';

/** What is published now to the user's role, asked again every PUBLISHED_REFRESH_MS. */
export function usePublished(name: PublishedQuery) {
  return useQuery({
    queryKey: ['cmsPublished', name],
    queryFn: () => runQuery<CmsItemRow[]>(name, {}),
    refetchInterval: PUBLISHED_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });
}
