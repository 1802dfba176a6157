import type { ReactNode } from 'react';
import { LiveProvider } from '../../../live/LiveProvider';

/**
 * A content list is live: its rows come over the socket (entities `cmsBanners` and
 * `cmsHelpModals`, pushed to their administrators only; resources/registry maps them to the
 * lists, and `cmsBelongs` keeps news out of the banners' list and the other way round).
 */
export const CmsLive = ({ children }: { children: ReactNode }) => (
  <LiveProvider>{children}</LiveProvider>
);
