import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { pickTheme, siteNameKey } from '../theme/themes';

/** Spec §2: page titles are the site name (the theme's) plus a per-page key. */
export function usePageTitle(key: string): void {
  const translate = useTranslate();
  useEffect(() => {
    document.title = `${translate(siteNameKey(pickTheme(window.location.search)))} - ${translate(`pages.${key}`)}`;
  }, [translate, key]);
}
