import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { BannerLevel, CmsItemRow } from '@nordlog/contracts';
import { useMemo, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import {
  DISMISSED_KEY,
  bannerOrder,
  cmsText,
  storeVersions,
  storedVersions,
  versionOf,
} from './content';
import { usePublished } from './usePublished';

/** A level's colours: the theme's state colours, white text at 4.5:1 in both themes. */
const severity: Record<BannerLevel, 'info' | 'warning' | 'error'> = {
  INFO: 'info',
  WARNING: 'warning',
  CRITICAL: 'error',
};

/**
 * The banners published to the user's role, at the top of the frame (both frames: the planner's
 * and react-admin's), the most severe first; each in the user's language (else English), with
 * its link, and closed for the rest of the browser session by its close button.
 */
export function BannerStrip() {
  const banners = usePublished('publishedBanners');
  const [dismissed, setDismissed] = useState(() =>
    storedVersions(window.sessionStorage, DISMISSED_KEY),
  );
  const shown = useMemo(
    () => (banners.data ?? []).filter((b) => !dismissed.has(versionOf(b))).sort(bannerOrder),
    [banners.data, dismissed],
  );
  if (shown.length === 0) return null;
  const dismiss = (banner: CmsItemRow) => {
    const next = new Set(dismissed).add(versionOf(banner));
    storeVersions(window.sessionStorage, DISMISSED_KEY, next, banners.data ?? []);
    setDismissed(next);
  };
  return (
    <Box
      component="section"
      data-testid="cms-banners"
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pt: 0.5 }}
    >
      {shown.map((banner) => (
        <Banner key={banner.id} banner={banner} onDismiss={() => dismiss(banner)} />
      ))}
    </Box>
  );
}

function Banner({ banner, onDismiss }: { banner: CmsItemRow; onDismiss: () => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  const level = banner.level ?? 'INFO';
  return (
    <Alert
      variant="filled"
      severity={severity[level]}
      data-testid="cms-banner"
      data-level={level}
      onClose={onDismiss}
      slotProps={{ closeButton: { title: translate('cms.banner.dismiss') } }}
    >
      <AlertTitle>{cmsText(banner.title, locale)}</AlertTitle>
      <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
        {cmsText(banner.body, locale)}
      </Box>
      {banner.link ? (
        <>
          {' '}
          <Link
            href={banner.link}
            target="_blank"
            rel="noopener noreferrer"
            color="inherit"
            sx={{ fontWeight: 600 }}
          >
            {translate('cms.banner.more')}
          </Link>
        </>
      ) : null}
    </Alert>
  );
}
