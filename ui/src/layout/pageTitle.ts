import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { pickTheme, siteNameKey } from '../theme/themes';

/**
 * Spec §2: page titles are the site name (the theme's) plus a per-page key: a key of `pages.*`, or
 * a whole key (`live.title`) for a screen whose messages are a section of their own.
 */
export function usePageTitle(key: string): void {
  const translate = useTranslate();
  useEffect(() => {
    const page = translate(key.includes('.') ? key : `pages.${key}`);
    document.title = `${translate(siteNameKey(pickTheme(window.location.search)))} - ${page}`;
  }, [translate, key]);
}
